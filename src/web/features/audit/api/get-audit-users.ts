import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { auditKeys } from '@/lib/query-keys';
import type { AuditUserList } from '../types';

export const getAuditUsers = (signal?: AbortSignal) => api.get<AuditUserList>('/audit/users', { signal });

export const getAuditUsersQueryOptions = () =>
  queryOptions({ queryKey: auditKeys.users(), queryFn: ({ signal }) => getAuditUsers(signal) });

export function useAuditUsers() {
  return useQuery(getAuditUsersQueryOptions());
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { auditKeys } from '@/lib/query-keys';
import type { AuditFilterValues, AuditList } from '../types';

/** The filters that are set, as a query string's parameters. */
export function auditSearchParams(filters: AuditFilterValues): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return params;
}

export const getAuditLog = (filters: AuditFilterValues, page: number, signal?: AbortSignal) => {
  const params = auditSearchParams(filters);
  params.set('page', String(page));
  return api.get<AuditList>(`/audit?${params.toString()}`, { signal });
};

export const getAuditLogQueryOptions = (filters: AuditFilterValues, page: number) =>
  queryOptions({
    queryKey: auditKeys.list({ ...filters, page }),
    queryFn: ({ signal }) => getAuditLog(filters, page, signal),
    placeholderData: keepPreviousData,
  });

export function useAuditLog(filters: AuditFilterValues, page: number) {
  return useQuery(getAuditLogQueryOptions(filters, page));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RuleList } from '@domain/rules/rule.schema';
import { api } from '@/lib/api-client';
import { rulesKeys } from '@/lib/query-keys';

export const getRules = (signal?: AbortSignal) => api.get<RuleList>('/rules', { signal });

export const getRulesQueryOptions = () =>
  queryOptions({ queryKey: rulesKeys.list(), queryFn: ({ signal }) => getRules(signal) });

export function useRules() {
  return useQuery(getRulesQueryOptions());
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Rule, RuleInput } from '@domain/rules/rule.schema';
import { api } from '@/lib/api-client';
import { invalidateRuleQueries } from './invalidate';

export const updateRule = ({ id, input }: { id: string; input: RuleInput }) =>
  api.put<Rule>(`/rules/${encodeURIComponent(id)}`, input);

export function useUpdateRule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateRule, onSuccess: () => invalidateRuleQueries(queryClient) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Rule, RuleInput } from '@domain/rules/rule.schema';
import { api } from '@/lib/api-client';
import { invalidateRuleQueries } from './invalidate';

export const createRule = (input: RuleInput) => api.post<Rule>('/rules', input);

export function useCreateRule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createRule, onSuccess: () => invalidateRuleQueries(queryClient) });
}

import { useDeleteMutation } from '@/hooks/use-delete-mutation';
import { api } from '@/lib/api-client';
import { RULE_DELETES } from './invalidate';

export const deleteRule = (id: string) => api.delete<void>(`/rules/${encodeURIComponent(id)}`);

export function useDeleteRule() {
  return useDeleteMutation(deleteRule, RULE_DELETES);
}

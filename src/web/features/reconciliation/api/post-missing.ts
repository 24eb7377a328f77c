import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkPostMissing } from '@domain/finance/reconciliation.schema';
import { api } from '@/lib/api-client';
import type { BulkPostMissingResult } from '../types';
import { invalidatePostingQueries } from './invalidate';

export const postMissing = (input: BulkPostMissing) =>
  api.post<BulkPostMissingResult>('/reconciliation/post-missing', input);

/** Every missing amount of the selected emissions, posted in one go. */
export function usePostMissing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postMissing,
    onSuccess: (_result, input) => invalidatePostingQueries(queryClient, input.emission_ids),
  });
}

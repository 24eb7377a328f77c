import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Entry, EntryInput } from '../types';
import { invalidatePostingQueries } from './invalidate';

export const createEntry = (input: EntryInput) => api.post<Entry>('/finance/entries', input);

/** One posting, from the reconciliation's dialog (spec part 2 §5 "Posting dialog"). */
export function useCreateEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEntry,
    onSuccess: (entry) => invalidatePostingQueries(queryClient, entry.emission_id ? [entry.emission_id] : []),
  });
}

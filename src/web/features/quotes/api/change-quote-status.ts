import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Quote, QuoteManualStatus } from '@domain/quotes/quote.schema';
import { api } from '@/lib/api-client';
import { quoteKeys } from '@/lib/query-keys';

export interface ChangeQuoteStatusInput {
  id: string;
  status: QuoteManualStatus;
}

export const changeQuoteStatus = ({ id, status }: ChangeQuoteStatusInput) =>
  api.post<Quote>(`/quotes/${encodeURIComponent(id)}/status`, { status });

export function useChangeQuoteStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeQuoteStatus,
    onSuccess: (quote) => {
      queryClient.setQueryData(quoteKeys.detail(quote.id), quote);
      return queryClient.invalidateQueries({ queryKey: quoteKeys.lists() });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Quote, QuoteFormValues } from '@domain/quotes/quote.schema';
import { api } from '@/lib/api-client';
import { quoteKeys } from '@/lib/query-keys';

/** "Salvar Cotação": the simulator's inputs and the trip; the server computes the figures again. */
export const createQuote = (input: QuoteFormValues) => api.post<Quote>('/quotes', input);

export function useCreateQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQuote,
    onSuccess: (quote) => {
      queryClient.setQueryData(quoteKeys.detail(quote.id), quote);
      return queryClient.invalidateQueries({ queryKey: quoteKeys.lists() });
    },
  });
}

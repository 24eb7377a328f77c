import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Quote } from '@domain/quotes/quote.schema';
import { api } from '@/lib/api-client';
import { quoteKeys } from '@/lib/query-keys';

export const getQuote = (id: string, signal?: AbortSignal) =>
  api.get<Quote>(`/quotes/${encodeURIComponent(id)}`, { signal });

export const getQuoteQueryOptions = (id: string) =>
  queryOptions({ queryKey: quoteKeys.detail(id), queryFn: ({ signal }) => getQuote(id, signal) });

export function useQuote(id: string) {
  return useQuery(getQuoteQueryOptions(id));
}

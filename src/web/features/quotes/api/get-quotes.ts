import { queryOptions, useQuery } from '@tanstack/react-query';
import { QUOTES_PAGE_SIZE, type QuoteList } from '@domain/quotes/quote.schema';
import { api } from '@/lib/api-client';
import { quoteKeys } from '@/lib/query-keys';
import { LIST_QUERY } from '@/lib/query-client';
import { apiSearchParams } from '@/lib/search-params';
import type { QuoteListParams } from '../list-state';

export const getQuotes = ({ status, date_from, date_to, search, page }: QuoteListParams, signal?: AbortSignal) => {
  const params = apiSearchParams({ status, date_from, date_to, search, page, limit: QUOTES_PAGE_SIZE });
  return api.get<QuoteList>(`/quotes?${params.toString()}`, { signal });
};

export const getQuotesQueryOptions = (params: QuoteListParams) =>
  queryOptions({ queryKey: quoteKeys.list(params), queryFn: ({ signal }) => getQuotes(params, signal), ...LIST_QUERY });

export function useQuotes(params: QuoteListParams) {
  return useQuery(getQuotesQueryOptions(params));
}

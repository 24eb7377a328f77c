import { quoteListQuerySchema } from '@domain/quotes/quote.schema';
import { parseSearchParams, writeSearchParams } from '@/lib/search-params';
import type { QuoteListUrlState } from './list-state';

/** Reads the list state with the API's quoteListQuerySchema, field by field: what it refuses falls back to the default. */
export function readQuoteListParams(params: URLSearchParams): QuoteListUrlState {
  const { page, status, date_from, date_to, search } = parseSearchParams(quoteListQuerySchema.shape, params, {
    page: 'page',
    status: 'status',
    date_from: 'de',
    date_to: 'ate',
    search: 'q',
  });
  return { page, status: status ?? null, date_from: date_from ?? null, date_to: date_to ?? null, search };
}

/** Writes `patch` over the list state, leaving other parameters alone and defaults out of the address. */
export function writeQuoteListParams(params: URLSearchParams, patch: Partial<QuoteListUrlState>): URLSearchParams {
  const state = { ...readQuoteListParams(params), ...patch };
  return writeSearchParams(params, {
    q: state.search.trim(),
    status: state.status,
    de: state.date_from,
    ate: state.date_to,
    page: state.page === 1 ? null : String(state.page),
  });
}

export function hasQuoteFilters(state: Omit<QuoteListUrlState, 'page'>): boolean {
  return state.status !== null || state.date_from !== null || state.date_to !== null || state.search.trim() !== '';
}

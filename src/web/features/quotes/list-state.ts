import type { QuoteStatus } from '@domain/quotes/quote.schema';

/** What /cotacoes keeps in its address, so reload, links and Back show the same list. */
export interface QuoteListUrlState {
  page: number;
  status: QuoteStatus | null;
  /** Inclusive yyyy-MM-dd of created_at. */
  date_from: string | null;
  date_to: string | null;
  /** Client (name, e-mail, document) or route. */
  search: string;
}

export type QuoteListParams = QuoteListUrlState;

/** Every quote, newest first. */
export const DEFAULT_QUOTE_LIST_STATE: QuoteListUrlState = {
  page: 1,
  status: null,
  date_from: null,
  date_to: null,
  search: '',
};

import { reconciliationQuerySchema } from '@domain/finance/reconciliation.schema';
import { parseSearchParams, writeSearchParams } from '@/lib/search-params';
import { DEFAULT_RECONCILIATION_LIST_STATE, type ReconciliationListUrlState } from './list-state';

export { DEFAULT_RECONCILIATION_LIST_STATE, type ReconciliationListUrlState };

/**
 * Reads the page's state with the API's reconciliationQuerySchema, field by field: anything it
 * refuses falls back to the default, and an inverted period is kept for the page to point out.
 */
export function readReconciliationListParams(params: URLSearchParams): ReconciliationListUrlState {
  const { page, start, end, status, only_discrepancies } = parseSearchParams(reconciliationQuerySchema.shape, params, {
    page: 'page',
    start: 'de',
    end: 'ate',
    status: 'status',
    only_discrepancies: 'discrepancias',
  });
  return { page, start: start ?? null, end: end ?? null, status: status ?? null, only_discrepancies };
}

/** Writes `patch` over the page's state, leaving other parameters alone and defaults out of the address. */
export function writeReconciliationListParams(
  params: URLSearchParams,
  patch: Partial<ReconciliationListUrlState>,
): URLSearchParams {
  const state = { ...readReconciliationListParams(params), ...patch };
  return writeSearchParams(params, {
    de: state.start,
    ate: state.end,
    status: state.status,
    discrepancias: state.only_discrepancies ? 'true' : null,
    page: state.page === 1 ? null : String(state.page),
  });
}

/** Whether the period or the status narrows the list ('Somente discrepâncias' has its own empty text). */
export function hasReconciliationFilters(state: Omit<ReconciliationListUrlState, 'page'>): boolean {
  return state.start !== null || state.end !== null || state.status !== null;
}

import { LOT_SORTS, LOT_STATUSES, SORT_ORDERS } from '@domain/list-defaults';
import { PROGRAM_KEYS } from '@domain/programs';
import { addressChoice, addressPage, addressSearch } from '@/lib/list-address';
import { sortSearchParams, writeSearchParams } from '@/lib/search-params';
import { DEFAULT_LOT_LIST_STATE, type LotListUrlState } from './list-state';

export { DEFAULT_LOT_LIST_STATE, type LotListUrlState };

/**
 * Reads the list state as the API's lotListQuerySchema would (lib/list-address.ts, without zod);
 * anything it refuses falls back to the default.
 */
export function readLotListParams(params: URLSearchParams): LotListUrlState {
  return {
    page: addressPage(params.get('page')),
    sort: addressChoice(LOT_SORTS, params.get('sort')) ?? DEFAULT_LOT_LIST_STATE.sort,
    order: addressChoice(SORT_ORDERS, params.get('order')) ?? DEFAULT_LOT_LIST_STATE.order,
    program: addressChoice(PROGRAM_KEYS, params.get('program')),
    status: addressChoice(LOT_STATUSES, params.get('status')),
    search: addressSearch(params.get('q')),
  };
}

/**
 * Writes `patch` over the list state in `params`, leaving every other parameter alone and the
 * defaults out of the address (/lotes rather than /lotes?page=1&sort=expiry_date&order=asc).
 */
export function writeLotListParams(params: URLSearchParams, patch: Partial<LotListUrlState>): URLSearchParams {
  const state = { ...readLotListParams(params), ...patch };
  return writeSearchParams(params, {
    q: state.search.trim(),
    program: state.program,
    status: state.status,
    ...sortSearchParams(state, DEFAULT_LOT_LIST_STATE),
    page: state.page === 1 ? null : String(state.page),
  });
}

/** Whether the list is narrowed by anything 'Limpar Filtros' would clear. */
export function hasLotFilters(state: Pick<LotListUrlState, 'program' | 'status' | 'search'>): boolean {
  return state.program !== null || state.status !== null || state.search.trim() !== '';
}

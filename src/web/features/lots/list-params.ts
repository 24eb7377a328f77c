import { lotListQuerySchema } from '@domain/lots/lot.schema';
import { parseSearchParams, sortSearchParams, writeSearchParams } from '@/lib/search-params';
import { DEFAULT_LOT_LIST_STATE, type LotListUrlState } from './list-state';

export { DEFAULT_LOT_LIST_STATE, type LotListUrlState };

/** Reads the list state with the API's lotListQuerySchema; anything it refuses falls back to the default. */
export function readLotListParams(params: URLSearchParams): LotListUrlState {
  const { program, status, ...state } = parseSearchParams(lotListQuerySchema.shape, params, {
    page: 'page',
    sort: 'sort',
    order: 'order',
    program: 'program',
    status: 'status',
    search: 'q',
  });
  return { ...state, program: program ?? null, status: status ?? null };
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

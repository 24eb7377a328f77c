import { lotListQuerySchema, type LotListQuery, type LotSort, type LotStatus } from '@domain/lots/lot.schema';
import type { ProgramKey } from '@domain/programs';
import { parseSearchParams } from '@/lib/search-params';

/** What /lotes keeps in its address, so reload, links and Back show the same list. */
export type LotListUrlState = Pick<LotListQuery, 'page' | 'sort' | 'order'> & {
  program: ProgramKey | null;
  status: LotStatus | null;
  /** The search as sent (trimmed, after the debounce). */
  search: string;
};

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

/* Spec part 1 §2 and §9: default sort on lots is expiry_date ascending (the schema's defaults). */
export const DEFAULT_LOT_LIST_STATE: LotListUrlState = readLotListParams(new URLSearchParams());

/**
 * Writes `patch` over the list state in `params`, leaving every other parameter alone and the
 * defaults out of the address (/lotes rather than /lotes?page=1&sort=expiry_date&order=asc).
 */
export function writeLotListParams(params: URLSearchParams, patch: Partial<LotListUrlState>): URLSearchParams {
  const next = new URLSearchParams(params);
  const state = { ...readLotListParams(params), ...patch };
  const set = (key: string, value: string | null, fallback: string | null) => {
    if (value === null || value === fallback) next.delete(key);
    else next.set(key, value);
  };
  set('q', state.search.trim() || null, null);
  set('program', state.program, null);
  set('status', state.status, null);
  // sort and order travel together: "?order=desc" alone would mean expiry descending.
  const isDefault = state.sort === DEFAULT_LOT_LIST_STATE.sort && state.order === DEFAULT_LOT_LIST_STATE.order;
  set('sort', isDefault ? null : state.sort, null);
  set('order', isDefault ? null : state.order, null);
  set('page', String(state.page), '1');
  return next;
}

/** Clicking a column: the sorted one flips direction, another starts ascending (spec part 1 §2). */
export function nextLotSort(
  current: Pick<LotListUrlState, 'sort' | 'order'>,
  column: LotSort,
): Pick<LotListUrlState, 'sort' | 'order'> {
  if (current.sort === column) return { sort: column, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { sort: column, order: 'asc' };
}

/** Whether the list is narrowed by anything 'Limpar Filtros' would clear. */
export function hasLotFilters(state: Pick<LotListUrlState, 'program' | 'status' | 'search'>): boolean {
  return state.program !== null || state.status !== null || state.search.trim() !== '';
}

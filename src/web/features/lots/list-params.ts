import { LOT_SORTS, LOT_STATUSES, type LotSort, type LotSortOrder, type LotStatus } from '@domain/lots/lot.schema';
import { isProgramKey, type ProgramKey } from '@domain/programs';

/** What /lotes keeps in its address, so reload, links and Back show the same list. */
export interface LotListUrlState {
  page: number;
  sort: LotSort;
  order: LotSortOrder;
  program: ProgramKey | null;
  status: LotStatus | null;
  /** The search as sent (trimmed, after the debounce). */
  search: string;
}

/* Spec part 1 §2 and §9: default sort on lots is expiry_date ascending. */
export const DEFAULT_LOT_LIST_STATE: LotListUrlState = { page: 1, sort: 'expiry_date', order: 'asc', program: null, status: null, search: '' };

/** The server accepts up to 200 characters (lotListQuerySchema). */
export const LOT_SEARCH_MAX_LENGTH = 200;

const isSort = (v: string | null): v is LotSort => (LOT_SORTS as readonly (string | null)[]).includes(v);
const isStatus = (v: string | null): v is LotStatus => (LOT_STATUSES as readonly (string | null)[]).includes(v);

/** Reads the list state from the query string; anything unknown falls back to the default. */
export function readLotListParams(params: URLSearchParams): LotListUrlState {
  const rawPage = params.get('page');
  const page = rawPage !== null && /^\d{1,7}$/.test(rawPage) ? Number(rawPage) : 1;
  const sort = params.get('sort');
  const order = params.get('order');
  const program = params.get('program');
  const status = params.get('status');
  return {
    page: page >= 1 ? page : 1,
    sort: isSort(sort) ? sort : DEFAULT_LOT_LIST_STATE.sort,
    order: order === 'desc' ? 'desc' : 'asc',
    program: program !== null && isProgramKey(program) ? program : null,
    status: isStatus(status) ? status : null,
    search: (params.get('q') ?? '').trim().slice(0, LOT_SEARCH_MAX_LENGTH),
  };
}

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
export function nextLotSort(current: Pick<LotListUrlState, 'sort' | 'order'>, column: LotSort): Pick<LotListUrlState, 'sort' | 'order'> {
  if (current.sort === column) return { sort: column, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { sort: column, order: 'asc' };
}

/** Whether the list is narrowed by anything 'Limpar Filtros' would clear. */
export function hasLotFilters(state: Pick<LotListUrlState, 'program' | 'status' | 'search'>): boolean {
  return state.program !== null || state.status !== null || state.search.trim() !== '';
}

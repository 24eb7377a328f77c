import { CLIENT_SORTS, CLIENT_STATUSES, type ClientSort, type ClientStatus, type SortOrder } from '@domain/clients/client.schema';

/** What /clientes keeps in its address, so reload, links and Back show the same page. */
export interface ClientListUrlState {
  page: number;
  sort: ClientSort;
  order: SortOrder;
  status: ClientStatus | null;
}

/* Spec part 1 §9: default sort on clients is name ascending. */
export const DEFAULT_CLIENT_LIST_STATE: ClientListUrlState = { page: 1, sort: 'name', order: 'asc', status: null };

const isSort = (v: string | null): v is ClientSort => (CLIENT_SORTS as readonly (string | null)[]).includes(v);
const isStatus = (v: string | null): v is ClientStatus => (CLIENT_STATUSES as readonly (string | null)[]).includes(v);

/** Reads the list state from the query string; anything unknown falls back to the default. */
export function readClientListParams(params: URLSearchParams): ClientListUrlState {
  const rawPage = params.get('page');
  const page = rawPage !== null && /^\d{1,7}$/.test(rawPage) ? Number(rawPage) : 1;
  const sort = params.get('sort');
  const order = params.get('order');
  const status = params.get('status');
  return {
    page: page >= 1 ? page : 1,
    sort: isSort(sort) ? sort : DEFAULT_CLIENT_LIST_STATE.sort,
    order: order === 'desc' ? 'desc' : 'asc',
    status: isStatus(status) ? status : null,
  };
}

/**
 * Writes `patch` over the list state in `params`, leaving every other parameter alone and the
 * defaults out of the address (/clientes rather than /clientes?page=1&sort=name&order=asc).
 */
export function writeClientListParams(params: URLSearchParams, patch: Partial<ClientListUrlState>): URLSearchParams {
  const next = new URLSearchParams(params);
  const state = { ...readClientListParams(params), ...patch };
  const set = (key: string, value: string | null, fallback: string | null) => {
    if (value === null || value === fallback) next.delete(key);
    else next.set(key, value);
  };
  set('page', String(state.page), '1');
  // sort and order travel together: "?order=desc" alone would mean name descending.
  const defaultOrder = state.sort === DEFAULT_CLIENT_LIST_STATE.sort && state.order === DEFAULT_CLIENT_LIST_STATE.order;
  set('sort', defaultOrder ? null : state.sort, null);
  set('order', defaultOrder ? null : state.order, null);
  set('status', state.status, null);
  return next;
}

/** Clicking a column: the sorted one flips direction, another starts ascending. */
export function nextSort(current: Pick<ClientListUrlState, 'sort' | 'order'>, column: ClientSort): Pick<ClientListUrlState, 'sort' | 'order'> {
  if (current.sort === column) return { sort: column, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { sort: column, order: 'asc' };
}

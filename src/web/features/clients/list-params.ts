import {
  clientListQuerySchema,
  type ClientListQuery,
  type ClientSort,
  type ClientStatus,
} from '@domain/clients/client.schema';
import { parseSearchParams } from '@/lib/search-params';

/** What /clientes keeps in its address, so reload, links and Back show the same page. */
export type ClientListUrlState = Pick<ClientListQuery, 'page' | 'sort' | 'order'> & { status: ClientStatus | null };

/** Reads the list state with the API's clientListQuerySchema; anything it refuses falls back to the default. */
export function readClientListParams(params: URLSearchParams): ClientListUrlState {
  const { status, ...state } = parseSearchParams(clientListQuerySchema.shape, params, {
    page: 'page',
    sort: 'sort',
    order: 'order',
    status: 'status',
  });
  return { ...state, status: status ?? null };
}

/* Spec part 1 §9: default sort on clients is name ascending (the schema's defaults). */
export const DEFAULT_CLIENT_LIST_STATE: ClientListUrlState = readClientListParams(new URLSearchParams());

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
export function nextSort(
  current: Pick<ClientListUrlState, 'sort' | 'order'>,
  column: ClientSort,
): Pick<ClientListUrlState, 'sort' | 'order'> {
  if (current.sort === column) return { sort: column, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { sort: column, order: 'asc' };
}

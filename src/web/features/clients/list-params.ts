import { CLIENT_SORTS, CLIENT_STATUSES, SORT_ORDERS } from '@domain/list-defaults';
import { addressChoice, addressPage, addressSearch } from '@/lib/list-address';
import { sortSearchParams, writeSearchParams } from '@/lib/search-params';
import { DEFAULT_CLIENT_LIST_STATE, type ClientListUrlState } from './list-state';

export { DEFAULT_CLIENT_LIST_STATE, type ClientListUrlState };

/**
 * Reads the list state as the API's clientListQuerySchema would (lib/list-address.ts, without zod);
 * anything it refuses falls back to the default.
 */
export function readClientListParams(params: URLSearchParams): ClientListUrlState {
  return {
    page: addressPage(params.get('page')),
    sort: addressChoice(CLIENT_SORTS, params.get('sort')) ?? DEFAULT_CLIENT_LIST_STATE.sort,
    order: addressChoice(SORT_ORDERS, params.get('order')) ?? DEFAULT_CLIENT_LIST_STATE.order,
    status: addressChoice(CLIENT_STATUSES, params.get('status')),
    search: addressSearch(params.get('q')),
  };
}

/**
 * Writes `patch` over the list state in `params`, leaving every other parameter alone and the
 * defaults out of the address (/clientes rather than /clientes?page=1&sort=name&order=asc).
 */
export function writeClientListParams(params: URLSearchParams, patch: Partial<ClientListUrlState>): URLSearchParams {
  const state = { ...readClientListParams(params), ...patch };
  return writeSearchParams(params, {
    q: state.search.trim(),
    status: state.status,
    ...sortSearchParams(state, DEFAULT_CLIENT_LIST_STATE),
    page: state.page === 1 ? null : String(state.page),
  });
}

/** Whether the list is narrowed by anything 'Limpar Filtros' would clear. */
export function hasClientFilters(state: Pick<ClientListUrlState, 'status' | 'search'>): boolean {
  return state.status !== null || state.search.trim() !== '';
}

import { clientListQuerySchema } from '@domain/clients/client.schema';
import { parseSearchParams, sortSearchParams, writeSearchParams } from '@/lib/search-params';
import { DEFAULT_CLIENT_LIST_STATE, type ClientListUrlState } from './list-state';

export { DEFAULT_CLIENT_LIST_STATE, type ClientListUrlState };

/** Reads the list state with the API's clientListQuerySchema; anything it refuses falls back to the default. */
export function readClientListParams(params: URLSearchParams): ClientListUrlState {
  const { status, ...state } = parseSearchParams(clientListQuerySchema.shape, params, {
    page: 'page',
    sort: 'sort',
    order: 'order',
    status: 'status',
    search: 'q',
  });
  return { ...state, status: status ?? null };
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

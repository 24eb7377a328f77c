import { clientListQuerySchema, type ClientListQuery, type ClientStatus } from '@domain/clients/client.schema';
import { parseSearchParams, sortSearchParams, writeSearchParams } from '@/lib/search-params';

/** What /clientes keeps in its address, so reload, links and Back show the same page. */
export type ClientListUrlState = Pick<ClientListQuery, 'page' | 'sort' | 'order'> & {
  status: ClientStatus | null;
  /** The search as sent (trimmed, after the debounce), in `?q=` like the other lists. */
  search: string;
};

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

/* Spec part 1 §9: default sort on clients is name ascending (the schema's defaults). */
export const DEFAULT_CLIENT_LIST_STATE: ClientListUrlState = readClientListParams(new URLSearchParams());

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

import type { ClientListQuery, ClientStatus } from '@domain/clients/client.schema';
import { CLIENTS_DEFAULT_SORT, DEFAULT_SORT_ORDER } from '@domain/list-defaults';

/** What /clientes keeps in its address, so reload, links and Back show the same page. */
export type ClientListUrlState = Pick<ClientListQuery, 'page' | 'sort' | 'order'> & {
  status: ClientStatus | null;
  /** The search as sent (trimmed, after the debounce), in `?q=` like the other lists. */
  search: string;
};

/**
 * Spec part 1 §9: name ascending. Written out, without zod (a page that shows only the list's
 * figures does not load it); list-params.test.ts checks it is what the schema reads from /clientes.
 */
export const DEFAULT_CLIENT_LIST_STATE: ClientListUrlState = {
  page: 1,
  sort: CLIENTS_DEFAULT_SORT,
  order: DEFAULT_SORT_ORDER,
  status: null,
  search: '',
};

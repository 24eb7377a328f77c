/*
 * The lists' page sizes and default orders (spec part 1 §9), apart from their zod schemas: a page
 * that only shows a list's figures (the home page) asks for the list without loading zod (#14,
 * first load). The schemas build their defaults on these.
 */

export const CLIENTS_PAGE_SIZE = 20;
export const CLIENTS_MAX_PAGE_SIZE = 100;
/** Clients: name, ascending. */
export const CLIENTS_DEFAULT_SORT = 'name';

export const LOTS_PAGE_SIZE = 20;
export const LOTS_MAX_PAGE_SIZE = 100;
/** Lots: the nearest expiry first. */
export const LOTS_DEFAULT_SORT = 'expiry_date';

export const EMISSIONS_PAGE_SIZE = 20;
export const EMISSIONS_MAX_PAGE_SIZE = 100;

export const DEFAULT_SORT_ORDER = 'asc';

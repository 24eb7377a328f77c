/*
 * The lists' page sizes, default orders (spec part 1 §9) and the values their filters and orders
 * take, apart from their zod schemas: a page that only shows a list's figures (the home page) asks
 * for the list, and a list page reads its address (web/lib/list-address.ts), without loading zod
 * (#14, first load). The schemas build on these.
 */

/** `page` of every list: 1 to this. */
export const PAGE_MAX = 1_000_000;

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const CLIENT_STATUSES = ['active', 'inactive', 'blocked'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];
export const CLIENT_SORTS = ['name', 'status', 'emissions', 'total_spent'] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];

export const CLIENTS_PAGE_SIZE = 20;
export const CLIENTS_MAX_PAGE_SIZE = 100;
/** Clients: name, ascending. */
export const CLIENTS_DEFAULT_SORT: ClientSort = 'name';

export const LOT_STATUSES = ['available', 'reserved', 'used', 'expired'] as const;
export type LotStatus = (typeof LOT_STATUSES)[number];
export const LOT_SORTS = ['program', 'remaining_quantity', 'cost_per_mile', 'expiry_date', 'status'] as const;
export type LotSort = (typeof LOT_SORTS)[number];

export const LOTS_PAGE_SIZE = 20;
export const LOTS_MAX_PAGE_SIZE = 100;
/** Lots: the nearest expiry first. */
export const LOTS_DEFAULT_SORT: LotSort = 'expiry_date';

/** DESIGN.md §2 "Emission status". */
export const EMISSION_STATUSES = ['pending', 'processing', 'issued', 'failed', 'cancelled'] as const;
export type EmissionStatus = (typeof EMISSION_STATUSES)[number];

export const EMISSIONS_PAGE_SIZE = 20;
export const EMISSIONS_MAX_PAGE_SIZE = 100;

export const DEFAULT_SORT_ORDER: SortOrder = 'asc';

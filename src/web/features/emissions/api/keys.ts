/** Every emissions query starts with this key, so one invalidation refreshes list and detail. */
export const EMISSIONS_QUERY_KEY = ['emissions'] as const;

export const emissionQueryKey = (id: string) => [...EMISSIONS_QUERY_KEY, 'detail', id] as const;

/** An emission moves a client's figures (emissions, total spent, last activity). */
export const CLIENTS_QUERY_KEY = ['clients'] as const;

/** An emission takes miles from lots; a cancellation gives them back. */
export const LOTS_QUERY_KEY = ['lots'] as const;

/** Accounts and their candidate lots and beneficiaries, as the wizard reads them. */
export const ACCOUNTS_QUERY_KEY = ['accounts'] as const;

export const DASHBOARD_QUERY_KEY = ['dashboard'] as const;

/** SLA and margin alerts follow emissions. */
export const ALERTS_QUERY_KEY = ['alerts'] as const;

/** Every lots query starts with this key, so one invalidation refreshes list and detail. */
export const LOTS_QUERY_KEY = ['lots'] as const;

export const lotQueryKey = (id: string) => [...LOTS_QUERY_KEY, 'detail', id] as const;

/** Loyalty accounts: a lot saved with a new account number creates one. */
export const ACCOUNTS_QUERY_KEY = ['accounts'] as const;

/** The dashboard's figures count lots (balance, average cost, expiring lots). */
export const DASHBOARD_QUERY_KEY = ['dashboard'] as const;

/** Lot changes move the expiring-lot alerts as well. */
export const ALERTS_QUERY_KEY = ['alerts'] as const;

/** Every clients query starts with this key, so one invalidation refreshes list, detail and top clients. */
export const CLIENTS_QUERY_KEY = ['clients'] as const;

/** The dashboard's figures count clients (Total de Clientes, Top Clientes). */
export const DASHBOARD_QUERY_KEY = ['dashboard'] as const;

/**
 * Every query key of the app, one builder per feature, each key extending the one above it
 * ("Effective React Query Keys", https://tkdodo.eu/blog/effective-react-query-keys): invalidating
 * `clientKeys.all` refreshes the client lists, pages and picker, and a mutation in one
 * feature names another's keys here instead of repeating its strings.
 */

export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
  sessions: () => [...authKeys.all, 'sessions'] as const,
  setup: () => [...authKeys.all, 'setup'] as const,
  twoFactor: () => [...authKeys.all, 'two-factor'] as const,
};

export const agencyKeys = {
  all: ['agency'] as const,
  detail: () => [...agencyKeys.all, 'detail'] as const,
  settings: () => [...agencyKeys.all, 'settings'] as const,
};

/** The signed-in user's own preferences. */
export const notificationKeys = {
  all: ['notifications'] as const,
  preferences: () => [...notificationKeys.all, 'preferences'] as const,
};

export const clientKeys = {
  all: ['clients'] as const,
  lists: () => [...clientKeys.all, 'list'] as const,
  list: (params: object) => [...clientKeys.lists(), params] as const,
  details: () => [...clientKeys.all, 'detail'] as const,
  detail: (id: string) => [...clientKeys.details(), id] as const,
  /** Under the client's key: whatever refreshes the client refreshes its history. */
  emissions: (id: string, page: number) => [...clientKeys.detail(id), 'emissions', { page }] as const,
  /** Whether it can be deleted: under its key, so a new emission or lot asks again. */
  deletion: (id: string) => [...clientKeys.detail(id), 'deletion'] as const,
  /** The emission wizard's client picker. */
  quickSearch: (q: string) => [...clientKeys.all, 'quick-search', q] as const,
};

export const lotKeys = {
  all: ['lots'] as const,
  lists: () => [...lotKeys.all, 'list'] as const,
  list: (params: object) => [...lotKeys.lists(), params] as const,
  details: () => [...lotKeys.all, 'detail'] as const,
  detail: (id: string) => [...lotKeys.details(), id] as const,
  /** Under the lot's key: whatever refreshes the lot (an emission, a cancellation) refreshes its history. */
  allocations: (id: string, page: number) => [...lotKeys.detail(id), 'allocations', { page }] as const,
  /** Whether it can be deleted: under its key, so an emission drawing from it asks again. */
  deletion: (id: string) => [...lotKeys.detail(id), 'deletion'] as const,
  /** Per programme, the miles emissions can draw now and their average cost (the simulator's cost basis). */
  averageCost: () => [...lotKeys.all, 'average-cost'] as const,
};

/** Loyalty accounts: the lot form's 'Conta' picker, the emission wizard's accounts, lots and beneficiaries, and each account's page. */
export const accountKeys = {
  all: ['accounts'] as const,
  lists: () => [...accountKeys.all, 'list'] as const,
  /** `{}`: every account of the agency (the transfer dialog picks source and destination from them). */
  list: (filters: { program: string } | { client_id: string } | Record<string, never>) =>
    [...accountKeys.lists(), filters] as const,
  details: () => [...accountKeys.all, 'detail'] as const,
  detail: (id: string) => [...accountKeys.details(), id] as const,
  lots: (id: string) => [...accountKeys.detail(id), 'lots'] as const,
  beneficiaries: (id: string) => [...accountKeys.detail(id), 'beneficiaries'] as const,
  /** One page of its movements and its balances (/contas/:id). */
  history: (id: string, page: number) => [...accountKeys.detail(id), 'history', { page }] as const,
};

export const emissionKeys = {
  all: ['emissions'] as const,
  lists: () => [...emissionKeys.all, 'list'] as const,
  list: (params: object) => [...emissionKeys.lists(), params] as const,
  details: () => [...emissionKeys.all, 'detail'] as const,
  detail: (id: string) => [...emissionKeys.details(), id] as const,
};

/**
 * Transfers of points with bonus and the credits still to come (issue #23). A transfer, a receipt
 * or a cancellation also changes lots, balances and finance figures: the transfers feature's own
 * invalidate.ts names those keys.
 */
export const transferKeys = {
  all: ['transfers'] as const,
  lists: () => [...transferKeys.all, 'list'] as const,
  list: (params: object) => [...transferKeys.lists(), params] as const,
  detail: (id: string) => [...transferKeys.all, 'detail', id] as const,
};

/** Credits of miles ('A creditar', 'Creditado', 'Cancelado'): /lotes's 'Milhas a creditar'. */
export const creditKeys = {
  all: ['credits'] as const,
  lists: () => [...creditKeys.all, 'list'] as const,
  list: (params: object) => [...creditKeys.lists(), params] as const,
};

/** The agency's credit cards (/financeiro → Cartões; the lot form's payment). */
export const cardKeys = {
  all: ['cards'] as const,
};

/** The agency's suppliers of miles, with what was bought from each in a period (/lotes → Fornecedores; the lot form's picker). */
export const supplierKeys = {
  all: ['suppliers'] as const,
  lists: () => [...supplierKeys.all, 'list'] as const,
  /** `{}`: the default period (this year to today). */
  list: (period: { from?: string; to?: string }) => [...supplierKeys.lists(), period] as const,
};

/** Card instalments by due date: /financeiro's 'Contas a pagar'. */
export const payableKeys = {
  all: ['payables'] as const,
  list: (params: object) => [...payableKeys.all, 'list', params] as const,
};

/** Sales of miles: /lotes's 'Vendas de milhas'. */
export const saleKeys = {
  all: ['sales'] as const,
  lists: () => [...saleKeys.all, 'list'] as const,
  list: (params: object) => [...saleKeys.lists(), params] as const,
};

/** The sales' instalments by due date: /financeiro's 'Contas a receber'. */
export const receivableKeys = {
  all: ['receivables'] as const,
  list: (params: object) => [...receivableKeys.all, 'list', params] as const,
};

/** Club subscriptions: /lotes's 'Clubes de milhas'. */
export const clubKeys = {
  all: ['clubs'] as const,
  lists: () => [...clubKeys.all, 'list'] as const,
  list: (params: object) => [...clubKeys.lists(), params] as const,
};

/** The agency's miles per point for each points → airline pair (/config → Financeiro). */
export const conversionKeys = {
  all: ['conversions'] as const,
};

/** Quotes saved from the simulator (issue #19): the list, and one quote's page. */
export const quoteKeys = {
  all: ['quotes'] as const,
  lists: () => [...quoteKeys.all, 'list'] as const,
  list: (params: object) => [...quoteKeys.lists(), params] as const,
  details: () => [...quoteKeys.all, 'detail'] as const,
  detail: (id: string) => [...quoteKeys.details(), id] as const,
};

/** The dashboard's figures (balance, revenue, clients, expiring lots). */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  /** GET /dashboard for a period ({ from, to }, both null for the current month). */
  overview: (params: object) => [...dashboardKeys.all, 'overview', params] as const,
};

/** SLA, margin and expiring-lot alerts: /alertas's lists and the header bell's notifications. */
export const alertKeys = {
  all: ['alerts'] as const,
  lists: () => [...alertKeys.all, 'list'] as const,
  list: (params: object) => [...alertKeys.lists(), params] as const,
  /** The bell's notifications (they follow the alerts' read state, so they live under alertKeys). */
  inbox: () => [...alertKeys.all, 'inbox'] as const,
};

/** Program rules (/regras); the wizard reads a program's rule through its account's lots (accountKeys.lots). */
export const rulesKeys = {
  all: ['rules'] as const,
  list: () => [...rulesKeys.all, 'list'] as const,
  detail: (id: string) => [...rulesKeys.all, 'detail', id] as const,
};

/**
 * Money (#15): postings, the reconciliation and the finance summary. A posting changes all three,
 * so a write invalidates `financeKeys.all` (and the emission it names, whose page shows its postings).
 */
export const financeKeys = {
  all: ['finance'] as const,
  entries: (params: object) => [...financeKeys.all, 'entries', params] as const,
  reconciliation: (params: object) => [...financeKeys.all, 'reconciliation', params] as const,
  summary: (params: object) => [...financeKeys.all, 'summary', params] as const,
  lots: (page: number) => [...financeKeys.all, 'lots', page] as const,
};

/**
 * The CSV importer (/importador, issue #17): the history, one job while it runs, a kind's presets.
 * An import writes clients, lots or emissions: what it changes is invalidated by the importer's
 * own invalidate.ts, not here.
 */
export const importKeys = {
  all: ['imports'] as const,
  list: () => [...importKeys.all, 'list'] as const,
  job: (id: string) => [...importKeys.all, 'job', id] as const,
  presets: (kind: string) => [...importKeys.all, 'presets', kind] as const,
};

/** A record's generated PDFs (issue #19). */
export const reportKeys = {
  all: ['reports'] as const,
  of: (refType: string, refId: string) => [...reportKeys.all, refType, refId] as const,
};

/** The audit log (/config → Auditoria, #20): its pages by filter, and the users of its filter. */
export const auditKeys = {
  all: ['audit'] as const,
  lists: () => [...auditKeys.all, 'list'] as const,
  list: (params: object) => [...auditKeys.lists(), params] as const,
  users: () => [...auditKeys.all, 'users'] as const,
};

/** The embedded database's backups (/config → Segurança, #21). */
export const backupKeys = {
  all: ['backups'] as const,
};

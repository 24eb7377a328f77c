/**
 * The whole data model of DESIGN.md §2. Keys are snake_case in TypeScript and SQL alike, so rows
 * travel to the API without renaming. Money is integer centavos (bigint, `*_cents`); cost per
 * thousand miles (CPM) is numeric(14,4). Every business table carries agency_id, and composite
 * foreign keys (agency_id, id) keep a row from pointing at another agency's row. Primary keys,
 * unique constraints and unique indexes of those tables include agency_id, the column a sharded
 * deployment distributes them by (docs/decisions/0013-tenant-keys.md). agencies, users and
 * sessions stay keyed by id alone: reference tables, read before the agency is known (DESIGN.md
 * §1; the reasons are listed in src/server/db/__tests__/tenant-keys.test.ts).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  pgView,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
  customType,
} from 'drizzle-orm/pg-core';

const id = () => uuid().primaryKey().defaultRandom();
/**
 * The id of a tenant table's row. Its primary key is (agency_id, id), declared with the table, so
 * the tables can be distributed by agency_id (Citus, DESIGN.md §1); the catalog test
 * src/server/db/__tests__/tenant-keys.test.ts holds every key of a tenant table to that.
 */
const tenantId = () => uuid().notNull().defaultRandom();
const createdAt = () => timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow();
const ts = () => timestamp({ withTimezone: true, mode: 'string' });
const cents = () => bigint({ mode: 'number' });
/** Raw bytes (a file's content). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
const agencyRef = () =>
  uuid()
    .notNull()
    .references(() => agencies.id, { onDelete: 'cascade' });

export const agencies = pgTable(
  'agencies',
  {
    id: id(),
    legal_name: text().notNull(),
    trade_name: text().notNull(),
    cnpj: varchar({ length: 14 }).notNull(),
    registration_status: text().notNull().default('Ativa'),
    opened_on: date({ mode: 'string' }),
    address: text(),
    main_activity_code: text(),
    share_capital_cents: cents(),
    email: text(),
    phone: varchar({ length: 11 }),
    settings: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    is_active: boolean().notNull().default(true),
    created_at: createdAt(),
    updated_at: createdAt(),
  },
  (t) => [
    uniqueIndex('agencies_cnpj_key').on(t.cnpj),
    check('agencies_cnpj_digits', sql`${t.cnpj} ~ '^[0-9]{14}$'`),
    check('agencies_share_capital_nonneg', sql`${t.share_capital_cents} IS NULL OR ${t.share_capital_cents} >= 0`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    agency_id: agencyRef(),
    name: text().notNull(),
    email: text(),
    phone: varchar({ length: 11 }),
    password_hash: text().notNull(),
    notification_prefs: jsonb().$type<Record<string, boolean | string>>().notNull().default({}),
    /** admin (everything) or operador (day-to-day work): docs/decisions/0026-team-and-roles.md. */
    role: text().notNull().default('admin'),
    /** Set when an admin deactivates the user: their sessions end and sign-in refuses them; history stays. */
    deactivated_at: ts(),
    last_sign_in_at: ts(),
    /** Base32 TOTP secret (RFC 6238): set while enrolling, in force once totp_enabled_at is set. */
    totp_secret: text(),
    totp_enabled_at: ts(),
    /** The last 30-second step a code was accepted for: a code is never accepted twice. */
    totp_last_step: bigint({ mode: 'number' }),
    /** SHA-256 of the unused single-use recovery codes. */
    recovery_code_hashes: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    password_changed_at: createdAt(),
    created_at: createdAt(),
    updated_at: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_phone_key').on(t.phone),
    index('users_agency_idx').on(t.agency_id),
    check('users_has_identifier', sql`${t.email} IS NOT NULL OR ${t.phone} IS NOT NULL`),
    check('users_role', sql`${t.role} IN ('admin', 'operador')`),
  ],
);

/**
 * An invitation to join an agency: a single-use link valid 72 h, found by its token's hash before
 * the agency is known (the accept page), like a session.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    agency_id: agencyRef(),
    email: text().notNull(),
    role: text().notNull(),
    /** SHA-256 of the link's token; the token itself is never stored. */
    token_hash: varchar({ length: 64 }).notNull(),
    invited_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    expires_at: ts().notNull(),
    accepted_at: ts(),
    accepted_user_id: uuid().references(() => users.id, { onDelete: 'set null' }),
    revoked_at: ts(),
  },
  (t) => [
    uniqueIndex('invitations_token_key').on(t.token_hash),
    index('invitations_agency_idx').on(t.agency_id, t.created_at),
    check('invitations_role', sql`${t.role} IN ('admin', 'operador')`),
  ],
);

/** "Esqueci minha senha": single-use links valid 30 minutes. Not agency data; only owner-run functions read it. */
export const password_resets = pgTable(
  'password_resets',
  {
    /** SHA-256 of the link's token. */
    token_hash: varchar({ length: 64 }).primaryKey(),
    user_id: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
    expires_at: ts().notNull(),
    used_at: ts(),
  },
  (t) => [index('password_resets_user_idx').on(t.user_id)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token; the token itself is never stored. */
    id: varchar({ length: 64 }).primaryKey(),
    user_id: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agency_id: agencyRef(),
    created_at: createdAt(),
    last_seen_at: createdAt(),
    expires_at: ts().notNull(),
    user_agent: text(),
    ip: text(),
    /** Password proven, second factor (TOTP or a recovery code) still due: the session admits nothing yet. */
    mfa_pending: boolean().notNull().default(false),
  },
  (t) => [
    index('sessions_user_idx').on(t.user_id),
    index('sessions_agency_idx').on(t.agency_id),
    index('sessions_expires_idx').on(t.expires_at),
  ],
);

/** Failed (and successful) sign-ins, for throttling per account and per address. Not agency data. */
export const login_attempts = pgTable(
  'login_attempts',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    identifier: text().notNull(),
    /** What the per-account limit counts: `user:<id>` for a known user (however they typed it), else `id:<identifier>`. */
    account_key: text().notNull(),
    ip: text().notNull(),
    /** null while the password is being checked: a pending attempt counts as a failure. */
    succeeded: boolean(),
    created_at: createdAt(),
  },
  (t) => [
    index('login_attempts_account_idx').on(t.account_key, t.created_at),
    index('login_attempts_ip_idx').on(t.ip, t.created_at),
  ],
);

/**
 * Files kept in the database behind one storage interface (DESIGN.md §1 "files"): uploaded imports
 * now, PDF reports later. Any process can serve any of them. `sha256` (hex) tells the same bytes
 * uploaded twice.
 */
export const stored_files = pgTable(
  'stored_files',
  {
    id: tenantId(),
    agency_id: agencyRef(),
    user_id: uuid().references(() => users.id, { onDelete: 'set null' }),
    purpose: text().notNull(),
    name: text().notNull(),
    content_type: text().notNull(),
    size: integer().notNull(),
    sha256: text().notNull(),
    content: bytea().notNull(),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'stored_files_pkey', columns: [t.agency_id, t.id] }),
    index('stored_files_agency_created_idx').on(t.agency_id, t.created_at),
    check('stored_files_purpose', sql`${t.purpose} IN ('import', 'report')`),
    check('stored_files_size', sql`${t.size} >= 0`),
  ],
);

export const import_jobs = pgTable(
  'import_jobs',
  {
    id: tenantId(),
    agency_id: agencyRef(),
    user_id: uuid().references(() => users.id, { onDelete: 'set null' }),
    kind: text().notNull(),
    /** The uploaded file (stored_files); its hash warns before the same file is imported twice. */
    file_id: uuid(),
    file_sha256: text(),
    file_name: text().notNull(),
    file_size: integer().notNull(),
    total_rows: integer().notNull().default(0),
    mapping: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** What the user chose: duplicates skipped or updated; errors refuse unless only_valid. */
    on_duplicate: text().notNull().default('skip'),
    only_valid: boolean().notNull().default(false),
    /** The calendar day it was asked on (the request's): its rows are checked against it (decision 0005). */
    today: date({ mode: 'string' }),
    status: text().notNull().default('processing'),
    /** While processing: queued, parse, validate, write; then done. `progress` counts rows of the phase. */
    phase: text().notNull().default('queued'),
    progress: integer().notNull().default(0),
    /** Why it failed (status failed). */
    message: text(),
    /** The worker's lease (a crashed worker's job is taken again once it passes) and its tries. */
    locked_until: ts(),
    attempts: integer().notNull().default(0),
    ok_rows: integer().notNull().default(0),
    error_rows: integer().notNull().default(0),
    errors: jsonb().$type<unknown[]>().notNull().default([]),
    /** Rows the job updated (on_duplicate update), as they were before: an undo puts them back. */
    previous: jsonb().$type<unknown[]>().notNull().default([]),
    created_at: createdAt(),
    completed_at: ts(),
    undone_at: ts(),
  },
  (t) => [
    primaryKey({ name: 'import_jobs_pkey', columns: [t.agency_id, t.id] }),
    index('import_jobs_agency_created_idx').on(t.agency_id, t.created_at.desc()),
    index('import_jobs_queued_idx')
      .on(t.created_at)
      .where(sql`${t.status} = 'processing'`),
    index('import_jobs_file_idx').on(t.agency_id, t.file_sha256),
    foreignKey({ columns: [t.agency_id, t.file_id], foreignColumns: [stored_files.agency_id, stored_files.id] }),
    check('import_jobs_phase', sql`${t.phase} IN ('queued', 'parse', 'validate', 'write', 'done')`),
    check('import_jobs_on_duplicate', sql`${t.on_duplicate} IN ('skip', 'update')`),
    check('import_jobs_kind', sql`${t.kind} IN ('clients', 'lots', 'emissions')`),
    check('import_jobs_status', sql`${t.status} IN ('processing', 'completed', 'failed', 'undone')`),
    check(
      'import_jobs_counts',
      sql`${t.file_size} >= 0 AND ${t.total_rows} >= 0 AND ${t.ok_rows} >= 0 AND ${t.error_rows} >= 0`,
    ),
  ],
);

/**
 * The last dry run of an uploaded file (issue #17): its summary, under the kind, mapping and day it
 * checked them with. The request that queues the import takes the counts from a recent one of the
 * same key instead of reading and checking the file again; the worker checks it again anyway.
 */
export const import_checks = pgTable(
  'import_checks',
  {
    agency_id: agencyRef(),
    file_id: uuid().notNull(),
    /** The kind, the day and the mapping the rows were checked with (importCheckKey). */
    key: text().notNull(),
    /** The dry run's answer (ImportDryRun). */
    result: jsonb().$type<Record<string, unknown>>().notNull(),
    checked_at: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'import_checks_pkey', columns: [t.agency_id, t.file_id] }),
    foreignKey({
      columns: [t.agency_id, t.file_id],
      foreignColumns: [stored_files.agency_id, stored_files.id],
    }).onDelete('cascade'),
  ],
);

export const import_presets = pgTable(
  'import_presets',
  {
    id: tenantId(),
    agency_id: agencyRef(),
    user_id: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    name: text().notNull(),
    mapping: jsonb().$type<Record<string, string>>().notNull(),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'import_presets_pkey', columns: [t.agency_id, t.id] }),
    uniqueIndex('import_presets_name_key').on(t.agency_id, t.user_id, t.kind, t.name),
    check('import_presets_kind', sql`${t.kind} IN ('clients', 'lots', 'emissions')`),
    check('import_presets_name', sql`length(trim(${t.name})) > 0`),
  ],
);

export const clients = pgTable(
  'clients',
  {
    id: tenantId(),
    agency_id: agencyRef(),
    name: text().notNull(),
    email: text(),
    phone: varchar({ length: 11 }),
    /** CPF (11 digits) or CNPJ (14 digits) for companies. */
    document: varchar({ length: 14 }),
    birth_date: date({ mode: 'string' }),
    status: text().notNull().default('active'),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    notes: text(),
    /** LGPD: when the client's personal fields were replaced on request (money and stock history kept). */
    anonymized_at: ts(),
    /** LGPD: SHA-256 of the CPF/CNPJ an anonymisation removed, so limits per beneficiary still count it. */
    document_hash: varchar({ length: 64 }),
    /**
     * Lower-case, accent-free name, e-mail and document, for contains-search with a trigram
     * index (clients_search_trgm_idx). translate() keeps it immutable on both engines, without
     * the unaccent extension; src/domain/search.ts normalises queries the same way.
     */
    search_text: text().generatedAlwaysAs(
      sql`translate(lower(coalesce(name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(document, '')), ${sql.raw(`'áàâãäåéèêëíìîïóòôõöúùûüçñý', 'aaaaaaeeeeiiiiooooouuuucny'`)})`,
    ),
    /**
     * The name as it sorts for people: lower-case and accent-free, so "Ângela" comes before
     * "Bruno" and "ana" beside "Ana" under the databases' byte-order "C" collation.
     */
    sort_name: text().generatedAlwaysAs(
      sql`translate(lower(name), ${sql.raw(`'áàâãäåéèêëíìîïóòôõöúùûüçñý', 'aaaaaaeeeeiiiiooooouuuucny'`)})`,
    ),
    import_job_id: uuid(),
    created_at: createdAt(),
    updated_at: createdAt(),
    deleted_at: ts(),
  },
  (t) => [
    primaryKey({ name: 'clients_pkey', columns: [t.agency_id, t.id] }),
    // One index per list order of GET /clients, ending in (sort_name, id) for a stable order, read
    // forwards or backwards; the id-only page query is an index-only scan at any offset.
    index('clients_list_name_idx')
      .on(t.agency_id, t.sort_name, t.id)
      .where(sql`${t.deleted_at} IS NULL`),
    index('clients_list_status_idx')
      .on(t.agency_id, t.status, t.sort_name, t.id)
      .where(sql`${t.deleted_at} IS NULL`),
    foreignKey({ columns: [t.agency_id, t.import_job_id], foreignColumns: [import_jobs.agency_id, import_jobs.id] }),
    index('clients_agency_document_idx').on(t.agency_id, t.document),
    // The live clients by registration: the dashboard's new clients of a period, index-only.
    index('clients_created_idx')
      .on(t.agency_id, t.created_at)
      .where(sql`${t.deleted_at} IS NULL`),
    // Only imported rows: what an import's undo finds.
    index('clients_import_job_idx')
      .on(t.import_job_id)
      .where(sql`${t.import_job_id} IS NOT NULL`),
    check('clients_status', sql`${t.status} IN ('active', 'inactive', 'blocked')`),
    check('clients_name_length', sql`length(${t.name}) >= 2`),
    check('clients_document_digits', sql`${t.document} IS NULL OR ${t.document} ~ '^([0-9]{11}|[0-9]{14})$'`),
  ],
);

/**
 * A live client's emission figures (count of its emissions that are not cancelled — migration
 * 0022 —, active count: pending, processing, issued; total spent by the active ones; last emission), derived
 * from its emissions by statement triggers, never typed in (DESIGN.md §2), with copies of the
 * client's sort_name, status and search_text for the list's two figure orders. Kept apart from clients so that
 * an emission rewrites this narrow row (three indexes) rather than the client's (the trigram index
 * and the name, status and document indexes): decision 0014. One row per live client: inserted
 * with it, deleted when it is soft-deleted, recounted from its emissions when it is restored.
 */
export const client_figures = pgTable(
  'client_figures',
  {
    agency_id: uuid().notNull(),
    client_id: uuid().notNull(),
    sort_name: text(),
    status: text().notNull(),
    search_text: text(),
    emissions_count: integer().notNull().default(0),
    active_emissions_count: integer().notNull().default(0),
    total_spent_cents: cents().notNull().default(0),
    last_emission_at: ts(),
  },
  (t) => [
    primaryKey({ name: 'client_figures_pkey', columns: [t.agency_id, t.client_id] }),
    // The list's figure orders, ending in (sort_name, client_id) as the name order does; created
    // with INCLUDE (status) by the migration, which drizzle cannot express.
    index('client_figures_list_emissions_idx').on(t.agency_id, t.emissions_count, t.sort_name, t.client_id),
    index('client_figures_list_spent_idx').on(t.agency_id, t.total_spent_cents, t.sort_name, t.client_id),
    check(
      'client_figures_nonneg',
      sql`${t.emissions_count} >= 0 AND ${t.active_emissions_count} >= 0 AND ${t.total_spent_cents} >= 0`,
    ),
  ],
);

/**
 * Per-agency totals of the live client base (the clients list's summary cards), moved per
 * statement by deltas: the client counts by the statement-level triggers on clients, the emission
 * count and revenue with each write to client_figures. So the list never has to scan the whole
 * base. Derived, never typed in. Striped: a client's figures go to the row of its stripe
 * (client_totals_stripe(id), 0–15) and readers sum an agency's rows, so emissions of different
 * clients do not queue on one agency-wide row.
 */
export const client_totals = pgTable(
  'client_totals',
  {
    agency_id: uuid()
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    stripe: smallint().notNull().default(0),
    total_clients: integer().notNull().default(0),
    active_clients: integer().notNull().default(0),
    inactive_clients: integer().notNull().default(0),
    blocked_clients: integer().notNull().default(0),
    total_emissions: bigint({ mode: 'number' }).notNull().default(0),
    total_revenue_cents: cents().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.agency_id, t.stripe] }),
    check('client_totals_stripe_range', sql`${t.stripe} BETWEEN 0 AND 15`),
    check(
      'client_totals_nonneg',
      sql`${t.total_clients} >= 0 AND ${t.active_clients} >= 0 AND ${t.inactive_clients} >= 0 AND ${t.blocked_clients} >= 0
        AND ${t.total_emissions} >= 0 AND ${t.total_revenue_cents} >= 0`,
    ),
  ],
);

const clientSearchColumns = {
  id: uuid().notNull(),
  agency_id: uuid().notNull(),
  name: text().notNull(),
  email: text(),
  document: varchar({ length: 14 }),
  status: text().notNull(),
  sort_name: text(),
  emissions_count: integer().notNull(),
  total_spent_cents: cents().notNull(),
  search_text: text(),
  deleted_at: ts(),
};

/**
 * The searchable and sortable columns of the request's agency's clients. The view filters by
 * app_current_agency() itself and reads the tables as their owner, so a LIKE on search_text can use
 * the trigram index: under row-level security PostgreSQL may not, because LIKE is not LEAKPROOF.
 * Full rows are still read from clients, under RLS. Ordered by name or status along clients'
 * indexes; its figures come from client_figures (left-joined: a query that reads none of them
 * does not join). docs/decisions/0014-writes-and-reads-at-scale.md
 */
export const client_search = pgView('client_search', clientSearchColumns).existing();

/**
 * The same columns for the figure orders, read along client_figures' indexes (its sort_name and
 * status are the client's, kept in step); only live clients have figures, so deleted_at is null.
 */
export const client_search_by_figures = pgView('client_search_by_figures', clientSearchColumns).existing();

export const loyalty_accounts = pgTable(
  'loyalty_accounts',
  {
    id: tenantId(),
    agency_id: agencyRef(),
    /** Null: the agency's own account. */
    client_id: uuid(),
    program: text().notNull(),
    account_number: text().notNull(),
    nickname: text(),
    created_at: createdAt(),
    updated_at: createdAt(),
    deleted_at: ts(),
  },
  (t) => [
    primaryKey({ name: 'loyalty_accounts_pkey', columns: [t.agency_id, t.id] }),
    // What mile_lots copies from its account (program, number), for the foreign key
    // mile_lots_account_fk that keeps the copies in step (ON UPDATE CASCADE).
    unique('loyalty_accounts_lot_ref_key').on(t.id, t.agency_id, t.program, t.account_number),
    foreignKey({ columns: [t.agency_id, t.client_id], foreignColumns: [clients.agency_id, clients.id] }).onDelete(
      'cascade',
    ),
    // The lot form's "program + account number" finds or creates one agency-owned account.
    uniqueIndex('loyalty_accounts_agency_number_key')
      .on(t.agency_id, t.program, t.account_number)
      .where(sql`${t.client_id} IS NULL AND ${t.deleted_at} IS NULL`),
    uniqueIndex('loyalty_accounts_client_program_key')
      .on(t.agency_id, t.client_id, t.program)
      .where(sql`${t.client_id} IS NOT NULL AND ${t.deleted_at} IS NULL`),
    index('loyalty_accounts_agency_program_idx').on(t.agency_id, t.program),
    index('loyalty_accounts_client_idx').on(t.client_id),
    check(
      'loyalty_accounts_program',
      sql`${t.program} IN ('LATAM', 'SMILES', 'AZUL', 'TAP', 'AVIANCA', 'AMERICAN', 'UNITED', 'IBERIA', 'QATAR', 'OTHER', 'LIVELO', 'ESFERA', 'POINTS_OTHER')`,
    ),
    check('loyalty_accounts_number', sql`length(trim(${t.account_number})) >= 1`),
  ],
);

/**
 * The agency's suppliers of miles and points (issue #23, decision 0029 "Suppliers"): chosen on a
 * lot (mile_lots.supplier_id, its name copied into mile_lots.supplier for the lots' search and
 * lists), one per name (case-insensitive) per agency.
 */
export const suppliers = pgTable(
  'suppliers',
  {
    id: tenantId(),
    agency_id: agencyRef(),
    name: text().notNull(),
    /** CPF or CNPJ, digits only. */
    document: text(),
    pix_key: text(),
    contact: text(),
    notes: text(),
    created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'suppliers_pkey', columns: [t.agency_id, t.id] }),
    uniqueIndex('suppliers_name_key').on(t.agency_id, sql`lower(${t.name})`),
    check('suppliers_name', sql`length(trim(${t.name})) >= 1`),
  ],
);

export const mile_lots = pgTable(
  'mile_lots',
  {
    id: tenantId(),
    agency_id: agencyRef(),
    account_id: uuid().notNull(),
    /**
     * The account's program and number, copied so the lots list can filter, sort and search by
     * them through its own indexes; the foreign key mile_lots_account_fk (ON UPDATE CASCADE)
     * keeps them equal to the account's.
     */
    program: text().notNull(),
    account_number: text().notNull(),
    original_quantity: integer().notNull(),
    remaining_quantity: integer().notNull(),
    total_cost_cents: cents().notNull(),
    /** Cost per thousand miles (the "milheiro"), R$ with 4 decimals. */
    cost_per_thousand: numeric({ precision: 14, scale: 4 }).notNull(),
    purchase_date: date({ mode: 'string' }).notNull(),
    expiry_date: date({ mode: 'string' }),
    /** The supplier's name when supplier_id is set (kept by the suppliers feature); free text before it. */
    supplier: text(),
    supplier_id: uuid(),
    notes: text(),
    status: text().notNull().default('available'),
    import_job_id: uuid(),
    created_at: createdAt(),
    updated_at: createdAt(),
    deleted_at: ts(),
  },
  (t) => [
    primaryKey({ name: 'mile_lots_pkey', columns: [t.agency_id, t.id] }),
    foreignKey({
      name: 'mile_lots_account_fk',
      columns: [t.account_id, t.agency_id, t.program, t.account_number],
      foreignColumns: [
        loyalty_accounts.id,
        loyalty_accounts.agency_id,
        loyalty_accounts.program,
        loyalty_accounts.account_number,
      ],
    }).onUpdate('cascade'),
    foreignKey({ columns: [t.agency_id, t.import_job_id], foreignColumns: [import_jobs.agency_id, import_jobs.id] }),
    foreignKey({ columns: [t.agency_id, t.supplier_id], foreignColumns: [suppliers.agency_id, suppliers.id] }),
    // A supplier's lots by purchase day: its figures for a period, and a rename.
    index('mile_lots_supplier_idx')
      .on(t.agency_id, t.supplier_id, t.purchase_date)
      .where(sql`${t.supplier_id} IS NOT NULL`),
    // One index per list order of GET /lots, ending in id for a stable order (null expiry last in
    // both directions, hence two for expiry); the id-only page query reads them, from either end.
    // The migration creates them with INCLUDE (program, status: those not in the key), which
    // drizzle cannot express: keep the two in step by hand.
    index('mile_lots_list_expiry_idx')
      .on(t.agency_id, t.expiry_date, t.id)
      .where(sql`${t.deleted_at} IS NULL`),
    index('mile_lots_list_expiry_desc_idx')
      .on(t.agency_id, t.expiry_date.desc().nullsLast(), t.id.desc())
      .where(sql`${t.deleted_at} IS NULL`),
    index('mile_lots_list_program_idx')
      .on(t.agency_id, t.program, t.id)
      .where(sql`${t.deleted_at} IS NULL`),
    index('mile_lots_list_remaining_idx')
      .on(t.agency_id, t.remaining_quantity, t.id)
      .where(sql`${t.deleted_at} IS NULL`),
    index('mile_lots_list_cost_idx')
      .on(t.agency_id, t.cost_per_thousand, t.id)
      .where(sql`${t.deleted_at} IS NULL`),
    index('mile_lots_list_status_idx')
      .on(t.agency_id, t.status, t.id)
      .where(sql`${t.deleted_at} IS NULL`),
    index('mile_lots_agency_status_idx').on(t.agency_id, t.status, t.expiry_date),
    index('mile_lots_account_idx').on(t.account_id, t.status),
    // The live lots by purchase day: the dashboard's purchases of a period (with INCLUDE (original_quantity,
    // total_cost_cents) added by the migration, which drizzle cannot express: index-only).
    index('mile_lots_purchase_idx')
      .on(t.agency_id, t.purchase_date)
      .where(sql`${t.deleted_at} IS NULL`),
    // Only imported rows: what an import's undo finds.
    index('mile_lots_import_job_idx')
      .on(t.import_job_id)
      .where(sql`${t.import_job_id} IS NOT NULL`),
    check('mile_lots_original_positive', sql`${t.original_quantity} > 0`),
    check('mile_lots_remaining_range', sql`${t.remaining_quantity} BETWEEN 0 AND ${t.original_quantity}`),
    check('mile_lots_cost_nonneg', sql`${t.total_cost_cents} >= 0 AND ${t.cost_per_thousand} >= 0`),
    check('mile_lots_status', sql`${t.status} IN ('available', 'reserved', 'used', 'expired')`),
  ],
);

/**
 * What a searched lots list needs of each lot, with its supplier, notes and account number
 * lower-case and accent-free (search_text, the same translate() as clients.search_text) under a
 * trigram index. Kept per statement by the triggers on mile_lots, apart from it: taking miles from
 * a lot rewrites its mile_lots row with new entries in every index (remaining_quantity is
 * indexed), and a trigram index there would cost each allocation a third more; here the same
 * change leaves every indexed column alone (a HOT update). A search then never reads mile_lots
 * but for the page's rows. No foreign key: the entry is the trigger's copy of its lot, written,
 * kept and deleted with it (a key would check each new entry against its lot and its agency, a
 * tenth of a lot's insert; migration 0042). docs/decisions/0006-lots-at-scale.md
 */
export const lot_search_entries = pgTable(
  'lot_search_entries',
  {
    lot_id: uuid().notNull(),
    agency_id: uuid().notNull(),
    program: text().notNull(),
    status: text().notNull(),
    remaining_quantity: integer().notNull(),
    cost_per_thousand: numeric({ precision: 14, scale: 4 }).notNull(),
    expiry_date: date({ mode: 'string' }),
    deleted_at: ts(),
    search_text: text().notNull(),
  },
  (t) => [primaryKey({ name: 'lot_search_entries_pkey', columns: [t.agency_id, t.lot_id] })],
);

/**
 * The lots list's cards, stats and per-program summary without reading every lot: per agency,
 * account, program and status, the live lots' count and sums, moved by the statement-level
 * triggers on mile_lots from each statement's transition tables (deltas, as client_totals).
 * Keyed by account, so two emissions drawing from different accounts never queue on one row;
 * those drawing from the same account already queue on its lots.
 * docs/decisions/0006-lots-at-scale.md
 */
export const lot_totals = pgTable(
  'lot_totals',
  {
    agency_id: agencyRef(),
    account_id: uuid().notNull(),
    program: text().notNull(),
    status: text().notNull(),
    lots: integer().notNull().default(0),
    original_miles: bigint({ mode: 'number' }).notNull().default(0),
    remaining_miles: bigint({ mode: 'number' }).notNull().default(0),
    total_cost_cents: cents().notNull().default(0),
    /** Σ round(remaining × CPM ÷ 1000) in centavos, each lot rounded as its remaining_value_cents. */
    remaining_value_cents: cents().notNull().default(0),
    /** Σ remaining × CPM (exact), for the average cost weighted by remaining miles. */
    remaining_cost: numeric().notNull().default('0'),
  },
  (t) => [
    primaryKey({ columns: [t.agency_id, t.account_id, t.program, t.status] }),
    check(
      'lot_totals_nonneg',
      sql`${t.lots} >= 0 AND ${t.original_miles} >= 0 AND ${t.remaining_miles} >= 0 AND ${t.total_cost_cents} >= 0
        AND ${t.remaining_value_cents} >= 0 AND ${t.remaining_cost} >= 0`,
    ),
  ],
);

/**
 * The sortable and filterable columns of the request's agency's lots: an unsearched list's page ids
 * are read here, along mile_lots' list indexes, through the view's owner (the view filters by
 * app_current_agency() itself); whole rows are still read from mile_lots, under RLS.
 */
export const lot_search = pgView('lot_search', {
  id: uuid().notNull(),
  agency_id: uuid().notNull(),
  account_id: uuid().notNull(),
  program: text().notNull(),
  status: text().notNull(),
  original_quantity: integer().notNull(),
  remaining_quantity: integer().notNull(),
  cost_per_thousand: numeric({ precision: 14, scale: 4 }).notNull(),
  total_cost_cents: cents().notNull(),
  expiry_date: date({ mode: 'string' }),
  deleted_at: ts(),
}).existing();

/**
 * lot_search_entries of the request's agency, read as the view's owner so LIKE can use the
 * trigram index: under row-level security PostgreSQL may not (LIKE is not LEAKPROOF;
 * docs/decisions/0004-client-list-at-scale.md). The view filters by app_current_agency() itself.
 */
export const lot_search_matches = pgView('lot_search_matches', {
  lot_id: uuid().notNull(),
  agency_id: uuid().notNull(),
  program: text().notNull(),
  status: text().notNull(),
  remaining_quantity: integer().notNull(),
  cost_per_thousand: numeric({ precision: 14, scale: 4 }).notNull(),
  expiry_date: date({ mode: 'string' }),
  deleted_at: ts(),
  search_text: text().notNull(),
}).existing();

/**
 * A points programme's ratio to an airline programme, set by the agency (miles per point; 1:1
 * unless set). Issue #23, docs/decisions/0029-transfers-and-credits.md.
 */
export const program_conversions = pgTable(
  'program_conversions',
  {
    agency_id: agencyRef(),
    source_program: text().notNull(),
    destination_program: text().notNull(),
    ratio: numeric({ precision: 10, scale: 4 }).notNull(),
    updated_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    updated_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.agency_id, t.source_program, t.destination_program] }),
    check('program_conversions_ratio', sql`${t.ratio} > 0 AND ${t.ratio} <= 100`),
    check('program_conversions_pair', sql`${t.source_program} <> ${t.destination_program}`),
  ],
);

/**
 * Points sent from one account to an airline account of the same holder, at a ratio and with a
 * bonus: the points leave the source's lots (lot_withdrawals), the miles arrive as mile_credits
 * (base and bonus, each on its own date) that become lots when credited. The cost of the points
 * plus the extra cost is spread over the credits (decision 0029); lost_cost_cents is what a
 * cancelled credit left with no mile of the transfer to carry it.
 */
export const mile_transfers = pgTable(
  'mile_transfers',
  {
    id: tenantId(),
    agency_id: agencyRef(),
    source_account_id: uuid().notNull(),
    destination_account_id: uuid().notNull(),
    points: integer().notNull(),
    ratio: numeric({ precision: 10, scale: 4 }).notNull(),
    bonus_percent: smallint().notNull(),
    base_miles: integer().notNull(),
    bonus_miles: integer().notNull(),
    points_cost_cents: cents().notNull(),
    extra_cost_cents: cents().notNull().default(0),
    lost_cost_cents: cents().notNull().default(0),
    transfer_date: date({ mode: 'string' }).notNull(),
    /** The extra cost's posting (a cash expense), when there is one. */
    extra_entry_id: uuid(),
    notes: text(),
    created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'mile_transfers_pkey', columns: [t.agency_id, t.id] }),
    foreignKey({
      columns: [t.agency_id, t.source_account_id],
      foreignColumns: [loyalty_accounts.agency_id, loyalty_accounts.id],
    }),
    foreignKey({
      columns: [t.agency_id, t.destination_account_id],
      foreignColumns: [loyalty_accounts.agency_id, loyalty_accounts.id],
    }),
    index('mile_transfers_agency_created_idx').on(t.agency_id, t.created_at.desc(), t.id),
    index('mile_transfers_source_idx').on(t.agency_id, t.source_account_id),
    index('mile_transfers_destination_idx').on(t.agency_id, t.destination_account_id),
    check('mile_transfers_points', sql`${t.points} > 0 AND ${t.base_miles} > 0 AND ${t.bonus_miles} >= 0`),
    check('mile_transfers_ratio', sql`${t.ratio} > 0`),
    check('mile_transfers_bonus', sql`${t.bonus_percent} BETWEEN 0 AND 300`),
    check(
      'mile_transfers_costs',
      sql`${t.points_cost_cents} >= 0 AND ${t.extra_cost_cents} >= 0 AND ${t.lost_cost_cents} >= 0`,
    ),
    check('mile_transfers_accounts', sql`${t.source_account_id} <> ${t.destination_account_id}`),
  ],
);

/**
 * A sale of miles from an account to a buyer at a price per thousand (issue #23, decision 0029
 * "Sales of miles"): the miles leave the account's lots through the allocation planner
 * (lot_withdrawals with sale_id), the profit is the price minus their cost, and the price is
 * received in sale_receivables. Cancelling gives the miles back to their lots (the withdrawals are
 * released) and drops the instalments still to receive.
 */
export const mile_sales = pgTable(
  'mile_sales',
  {
    id: tenantId(),
    agency_id: agencyRef(),
    account_id: uuid().notNull(),
    buyer_name: text().notNull(),
    /** CPF or CNPJ, digits only. */
    buyer_document: text(),
    buyer_contact: text(),
    miles: integer().notNull(),
    price_per_thousand: numeric({ precision: 14, scale: 4 }).notNull(),
    price_cents: cents().notNull(),
    /** The cost of the miles taken, each withdrawal at its lot's cost. */
    cost_cents: cents().notNull(),
    sale_date: date({ mode: 'string' }).notNull(),
    status: text().notNull().default('active'),
    cancelled_at: ts(),
    notes: text(),
    created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'mile_sales_pkey', columns: [t.agency_id, t.id] }),
    foreignKey({
      columns: [t.agency_id, t.account_id],
      foreignColumns: [loyalty_accounts.agency_id, loyalty_accounts.id],
    }),
    index('mile_sales_agency_date_idx').on(t.agency_id, t.sale_date.desc(), t.id),
    index('mile_sales_account_idx').on(t.agency_id, t.account_id),
    check('mile_sales_miles', sql`${t.miles} > 0`),
    check('mile_sales_price', sql`${t.price_per_thousand} > 0 AND ${t.price_cents} > 0 AND ${t.cost_cents} >= 0`),
    check('mile_sales_status', sql`${t.status} IN ('active', 'cancelled')`),
    check('mile_sales_cancelled', sql`(${t.status} = 'cancelled') = (${t.cancelled_at} IS NOT NULL)`),
  ],
);

/**
 * Miles taken out of a lot by something other than an emission (a transfer of its points, a sale
 * of miles): with emission_allocations, what a lot gave — original = remaining + Σ unreleased
 * allocations + Σ unreleased withdrawals. The cost is the lot's at the time.
 */
export const lot_withdrawals = pgTable(
  'lot_withdrawals',
  {
    id: tenantId(),
    agency_id: agencyRef(),
    lot_id: uuid().notNull(),
    transfer_id: uuid(),
    sale_id: uuid(),
    miles: integer().notNull(),
    cost_per_thousand: numeric({ precision: 14, scale: 4 }).notNull(),
    cost_cents: cents().notNull(),
    created_at: createdAt(),
    released_at: ts(),
  },
  (t) => [
    primaryKey({ name: 'lot_withdrawals_pkey', columns: [t.agency_id, t.id] }),
    foreignKey({ columns: [t.agency_id, t.lot_id], foreignColumns: [mile_lots.agency_id, mile_lots.id] }),
    foreignKey({
      columns: [t.agency_id, t.transfer_id],
      foreignColumns: [mile_transfers.agency_id, mile_transfers.id],
    }).onDelete('cascade'),
    index('lot_withdrawals_lot_idx').on(t.lot_id, t.agency_id, t.created_at),
    foreignKey({ columns: [t.agency_id, t.sale_id], foreignColumns: [mile_sales.agency_id, mile_sales.id] }),
    index('lot_withdrawals_transfer_idx').on(t.agency_id, t.transfer_id),
    index('lot_withdrawals_sale_idx')
      .on(t.agency_id, t.sale_id)
      .where(sql`${t.sale_id} IS NOT NULL`),
    check('lot_withdrawals_miles_positive', sql`${t.miles} > 0`),
    check('lot_withdrawals_cost_nonneg', sql`${t.cost_cents} >= 0 AND ${t.cost_per_thousand} >= 0`),
    check('lot_withdrawals_source', sql`(${t.transfer_id} IS NOT NULL) <> (${t.sale_id} IS NOT NULL)`),
  ],
);

/**
 * The agency's credit cards (issue #23, decision 0029 "Cards"): a lot bought on one in N
 * instalments has N card_payables on the card's bill due dates instead of a purchase posting.
 */
export const cards = pgTable(
  'cards',
  {
    id: tenantId(),
    agency_id: agencyRef(),
    name: text().notNull(),
    brand: text().notNull(),
    closing_day: smallint().notNull(),
    due_day: smallint().notNull(),
    limit_cents: cents(),
    created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'cards_pkey', columns: [t.agency_id, t.id] }),
    check('cards_brand', sql`${t.brand} IN ('visa', 'mastercard', 'elo', 'amex', 'hipercard', 'other')`),
    check('cards_days', sql`${t.closing_day} BETWEEN 1 AND 31 AND ${t.due_day} BETWEEN 1 AND 31`),
    check('cards_limit', sql`${t.limit_cents} IS NULL OR ${t.limit_cents} > 0`),
  ],
);

/**
 * One instalment of a lot bought on a card: due on a bill's due date, until "Marcar como pago"
 * posts it (entry_id, a lot_purchase cash expense on the day paid). The instalments of a lot add up
 * to its cost to the centavo; they go with the lot (ON DELETE CASCADE).
 */
export const card_payables = pgTable(
  'card_payables',
  {
    id: tenantId(),
    agency_id: agencyRef(),
    card_id: uuid().notNull(),
    lot_id: uuid().notNull(),
    instalment: smallint().notNull(),
    instalments: smallint().notNull(),
    amount_cents: cents().notNull(),
    due_date: date({ mode: 'string' }).notNull(),
    paid_on: date({ mode: 'string' }),
    entry_id: uuid(),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'card_payables_pkey', columns: [t.agency_id, t.id] }),
    foreignKey({ columns: [t.agency_id, t.card_id], foreignColumns: [cards.agency_id, cards.id] }),
    foreignKey({ columns: [t.agency_id, t.lot_id], foreignColumns: [mile_lots.agency_id, mile_lots.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('card_payables_lot_instalment_idx').on(t.agency_id, t.lot_id, t.instalment),
    // /financeiro's list: the agency's payables by due date. Migration 0041 creates it with INCLUDE
    // (amount_cents, paid_on), which drizzle cannot express, so the months' sums read the index alone.
    index('card_payables_due_idx').on(t.agency_id, t.due_date, t.id),
    index('card_payables_card_idx').on(t.agency_id, t.card_id),
    check(
      'card_payables_instalment',
      sql`${t.instalments} BETWEEN 1 AND 24 AND ${t.instalment} BETWEEN 1 AND ${t.instalments}`,
    ),
    check('card_payables_amount', sql`${t.amount_cents} >= 0`),
    check('card_payables_paid', sql`(${t.paid_on} IS NULL) = (${t.entry_id} IS NULL)`),
  ],
);

/**
 * One instalment of a sale of miles to receive: due on its date, until "Recebido" posts it
 * (entry_id, a miles_sale revenue on the day received). A sale's instalments add up to its price.
 */
export const sale_receivables = pgTable(
  'sale_receivables',
  {
    id: tenantId(),
    agency_id: agencyRef(),
    sale_id: uuid().notNull(),
    instalment: smallint().notNull(),
    instalments: smallint().notNull(),
    amount_cents: cents().notNull(),
    due_date: date({ mode: 'string' }).notNull(),
    received_on: date({ mode: 'string' }),
    entry_id: uuid(),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'sale_receivables_pkey', columns: [t.agency_id, t.id] }),
    foreignKey({ columns: [t.agency_id, t.sale_id], foreignColumns: [mile_sales.agency_id, mile_sales.id] }),
    uniqueIndex('sale_receivables_sale_instalment_idx').on(t.agency_id, t.sale_id, t.instalment),
    // /financeiro's list: the agency's receivables by due date.
    index('sale_receivables_due_idx').on(t.agency_id, t.due_date, t.id),
    check(
      'sale_receivables_instalment',
      sql`${t.instalments} BETWEEN 1 AND 24 AND ${t.instalment} BETWEEN 1 AND ${t.instalments}`,
    ),
    check('sale_receivables_amount', sql`${t.amount_cents} > 0`),
    check('sale_receivables_received', sql`(${t.received_on} IS NULL) = (${t.entry_id} IS NULL)`),
  ],
);

/**
 * A club subscription of an account (Clube Smiles, Clube Livelo…): each month, on its billing day
 * (the month's last when shorter), the clubs.monthly job credits its miles as a lot at that month's
 * price and posts the expense — one mile_credits row per subscription and month (unique), so
 * exactly once however often the job runs. Issue #23, decision 0029.
 */
export const mile_clubs = pgTable(
  'mile_clubs',
  {
    id: tenantId(),
    agency_id: agencyRef(),
    account_id: uuid().notNull(),
    plan_name: text().notNull(),
    miles_per_month: integer().notNull(),
    monthly_price_cents: cents().notNull(),
    billing_day: smallint().notNull(),
    start_date: date({ mode: 'string' }).notNull(),
    /** The last day it runs: its end or cancellation. */
    end_date: date({ mode: 'string' }),
    payment_method: text().notNull(),
    created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'mile_clubs_pkey', columns: [t.agency_id, t.id] }),
    foreignKey({
      columns: [t.agency_id, t.account_id],
      foreignColumns: [loyalty_accounts.agency_id, loyalty_accounts.id],
    }),
    index('mile_clubs_agency_idx').on(t.agency_id, t.created_at.desc(), t.id),
    index('mile_clubs_account_idx').on(t.agency_id, t.account_id),
    check('mile_clubs_miles', sql`${t.miles_per_month} > 0`),
    check('mile_clubs_price', sql`${t.monthly_price_cents} > 0`),
    check('mile_clubs_billing_day', sql`${t.billing_day} BETWEEN 1 AND 31`),
    check('mile_clubs_dates', sql`${t.end_date} IS NULL OR ${t.end_date} >= ${t.start_date}`),
    check('mile_clubs_payment', sql`${t.payment_method} IN ('card', 'pix')`),
  ],
);

/**
 * Miles still to come to an account ("a creditar"): a transfer's base and bonus, each on its date,
 * with the share of the transfer's cost they carry. Counted in no balance, average cost, alert or
 * dashboard figure until credited: the daily credits.due job (or a person, earlier) turns one into
 * a lot; a person may cancel it (decision 0029 says where its cost goes).
 */
export const mile_credits = pgTable(
  'mile_credits',
  {
    id: tenantId(),
    agency_id: agencyRef(),
    account_id: uuid().notNull(),
    transfer_id: uuid(),
    /** A club's monthly credit: the subscription and the month billed (its first day). */
    club_id: uuid(),
    club_month: date({ mode: 'string' }),
    kind: text().notNull(),
    expected_quantity: integer().notNull(),
    /** The miles that came (set when credited). */
    quantity: integer(),
    cost_cents: cents().notNull(),
    credit_date: date({ mode: 'string' }).notNull(),
    status: text().notNull().default('pending'),
    lot_id: uuid(),
    credited_on: date({ mode: 'string' }),
    cancelled_at: ts(),
    created_at: createdAt(),
    updated_at: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'mile_credits_pkey', columns: [t.agency_id, t.id] }),
    foreignKey({
      columns: [t.agency_id, t.account_id],
      foreignColumns: [loyalty_accounts.agency_id, loyalty_accounts.id],
    }),
    foreignKey({
      columns: [t.agency_id, t.transfer_id],
      foreignColumns: [mile_transfers.agency_id, mile_transfers.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.agency_id, t.lot_id], foreignColumns: [mile_lots.agency_id, mile_lots.id] }),
    // What the daily job credits: the pending credits by date, across agencies.
    index('mile_credits_due_idx')
      .on(t.credit_date, t.agency_id)
      .where(sql`${t.status} = 'pending'`),
    // The pending ones only (the list "a creditar", an account's miles to come): a credit leaves
    // them when credited, so crediting writes no entry into them (the crediting job's cost).
    index('mile_credits_pending_idx')
      .on(t.agency_id, t.credit_date, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('mile_credits_account_idx')
      .on(t.agency_id, t.account_id)
      .where(sql`${t.status} = 'pending'`),
    index('mile_credits_transfer_idx')
      .on(t.agency_id, t.transfer_id)
      .where(sql`${t.transfer_id} IS NOT NULL`),
    foreignKey({ columns: [t.agency_id, t.club_id], foreignColumns: [mile_clubs.agency_id, mile_clubs.id] }),
    // Exactly one credit per club and month, however often the job runs.
    uniqueIndex('mile_credits_club_month_idx')
      .on(t.agency_id, t.club_id, t.club_month)
      .where(sql`${t.club_id} IS NOT NULL`),
    // The credit a lot came from (a lot's deletion checks it).
    index('mile_credits_lot_idx')
      .on(t.agency_id, t.lot_id)
      .where(sql`${t.lot_id} IS NOT NULL`),
    check('mile_credits_kind', sql`${t.kind} IN ('transfer_base', 'transfer_bonus', 'club')`),
    check(
      'mile_credits_source',
      sql`(${t.kind} = 'club') = (${t.club_id} IS NOT NULL AND ${t.club_month} IS NOT NULL AND ${t.transfer_id} IS NULL)`,
    ),
    check('mile_credits_status', sql`${t.status} IN ('pending', 'credited', 'cancelled')`),
    check('mile_credits_quantity', sql`${t.expected_quantity} > 0 AND (${t.quantity} IS NULL OR ${t.quantity} > 0)`),
    check('mile_credits_cost', sql`${t.cost_cents} >= 0`),
    check(
      'mile_credits_state',
      sql`(${t.status} = 'credited') = (${t.lot_id} IS NOT NULL AND ${t.quantity} IS NOT NULL AND ${t.credited_on} IS NOT NULL)`,
    ),
  ],
);

export const emissions = pgTable(
  'emissions',
  {
    id: tenantId(),
    agency_id: agencyRef(),
    client_id: uuid().notNull(),
    account_id: uuid().notNull(),
    pnr: text(),
    route: text().notNull(),
    departure_date: date({ mode: 'string' }),
    miles_used: integer().notNull(),
    fees_cents: cents().notNull().default(0),
    revenue_cents: cents().notNull(),
    rav_cents: cents().notNull().default(0),
    miles_cost_cents: cents().notNull().default(0),
    margin_cents: cents().notNull().default(0),
    status: text().notNull().default('processing'),
    created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    import_job_id: uuid(),
    created_at: createdAt(),
    submitted_at: ts(),
    issued_at: ts(),
    failed_at: ts(),
    cancelled_at: ts(),
    updated_at: createdAt(),
    deleted_at: ts(),
  },
  (t) => [
    primaryKey({ name: 'emissions_pkey', columns: [t.agency_id, t.id] }),
    foreignKey({ columns: [t.agency_id, t.client_id], foreignColumns: [clients.agency_id, clients.id] }),
    foreignKey({
      columns: [t.agency_id, t.account_id],
      foreignColumns: [loyalty_accounts.agency_id, loyalty_accounts.id],
    }),
    foreignKey({ columns: [t.agency_id, t.import_job_id], foreignColumns: [import_jobs.agency_id, import_jobs.id] }),
    // The list, newest first (ties by id), all, by program (the account, carried last) or by
    // status, read from either end of these; counts index-only.
    index('emissions_list_idx')
      .on(t.agency_id, t.created_at, t.id, t.account_id)
      .where(sql`${t.deleted_at} IS NULL`),
    index('emissions_list_status_idx')
      .on(t.agency_id, t.status, t.created_at, t.id, t.revenue_cents)
      .where(sql`${t.deleted_at} IS NULL`),
    // A client's emissions, newest last: its page, and its newest live emission when one is deleted
    // (clients_apply_figures, the trigger function that moves client_figures).
    index('emissions_client_idx').on(t.agency_id, t.client_id, t.created_at),
    index('emissions_account_idx').on(t.account_id),
    // Only imported rows: what an import's undo finds.
    index('emissions_import_job_idx')
      .on(t.import_job_id)
      .where(sql`${t.import_job_id} IS NOT NULL`),
    // The SLA statistic (average and P95 from submission to issue) reads only these, index-only.
    index('emissions_sla_idx')
      .on(t.agency_id, t.submitted_at, t.issued_at)
      .where(sql`${t.issued_at} IS NOT NULL AND ${t.submitted_at} IS NOT NULL AND ${t.deleted_at} IS NULL`),
    check('emissions_status', sql`${t.status} IN ('pending', 'processing', 'issued', 'failed', 'cancelled')`),
    check('emissions_miles_positive', sql`${t.miles_used} > 0`),
    check(
      'emissions_amounts_nonneg',
      sql`${t.fees_cents} >= 0 AND ${t.revenue_cents} >= 0 AND ${t.rav_cents} >= 0 AND ${t.miles_cost_cents} >= 0`,
    ),
    check('emissions_route', sql`length(trim(${t.route})) > 0`),
  ],
);

/**
 * The emissions list's cards and unfiltered counts, per agency: live emissions per status and the
 * revenue of the issued ones, moved by deltas by the statement-level triggers on emissions.
 * Striped as client_totals (16 rows per agency, by the emission's id), so concurrent creations do
 * not queue on one row; readers sum an agency's rows.
 */
export const emission_totals = pgTable(
  'emission_totals',
  {
    agency_id: uuid()
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    stripe: smallint().notNull().default(0),
    pending: integer().notNull().default(0),
    processing: integer().notNull().default(0),
    issued: integer().notNull().default(0),
    failed: integer().notNull().default(0),
    cancelled: integer().notNull().default(0),
    issued_revenue_cents: cents().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.agency_id, t.stripe] }),
    check('emission_totals_stripe_range', sql`${t.stripe} BETWEEN 0 AND 15`),
    check(
      'emission_totals_nonneg',
      sql`${t.pending} >= 0 AND ${t.processing} >= 0 AND ${t.issued} >= 0 AND ${t.failed} >= 0 AND ${t.cancelled} >= 0 AND ${t.issued_revenue_cents} >= 0`,
    ),
  ],
);

/**
 * The agency's SLA statistic (spec part 2 §9): how many positive times from submission to issue,
 * their sum and the one at the P95 position, in whole milliseconds. A statement that changes an
 * emission's submission or issue time or deletion only marks the row stale (a column of the
 * migration's that no TypeScript reads); it is recomputed once, at commit, by a deferred trigger,
 * or first by a read in the same transaction (emission_sla_current).
 */
export const emission_sla_stats = pgTable('emission_sla_stats', {
  agency_id: uuid()
    .primaryKey()
    .references(() => agencies.id, { onDelete: 'cascade' }),
  sla_count: integer().notNull().default(0),
  sla_total_ms: numeric().notNull().default('0'),
  sla_p95_ms: numeric(),
});

export const emission_allocations = pgTable(
  'emission_allocations',
  {
    id: tenantId(),
    agency_id: agencyRef(),
    emission_id: uuid().notNull(),
    lot_id: uuid().notNull(),
    miles: integer().notNull(),
    cost_per_thousand: numeric({ precision: 14, scale: 4 }).notNull(),
    cost_cents: cents().notNull(),
    created_at: createdAt(),
    /**
     * When the miles went back to the lot (the emission cancelled). The row stays as history;
     * only unreleased rows hold miles: original = remaining + Σ unreleased miles.
     */
    released_at: ts(),
  },
  (t) => [
    primaryKey({ name: 'emission_allocations_pkey', columns: [t.agency_id, t.id] }),
    foreignKey({ columns: [t.agency_id, t.emission_id], foreignColumns: [emissions.agency_id, emissions.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.agency_id, t.lot_id], foreignColumns: [mile_lots.agency_id, mile_lots.id] }),
    index('emission_allocations_emission_idx').on(t.emission_id),
    // A lot's allocation history, newest first, is counted and paged along this (GET /lots/:id/allocations).
    index('emission_allocations_lot_idx').on(t.lot_id, t.agency_id, t.created_at, t.id),
    check('emission_allocations_miles_positive', sql`${t.miles} > 0`),
    check('emission_allocations_cost_nonneg', sql`${t.cost_cents} >= 0 AND ${t.cost_per_thousand} >= 0`),
  ],
);

export const emission_passengers = pgTable(
  'emission_passengers',
  {
    id: tenantId(),
    agency_id: agencyRef(),
    emission_id: uuid().notNull(),
    name: text().notNull(),
    cpf: varchar({ length: 11 }).notNull(),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'emission_passengers_pkey', columns: [t.agency_id, t.id] }),
    foreignKey({ columns: [t.agency_id, t.emission_id], foreignColumns: [emissions.agency_id, emissions.id] }).onDelete(
      'cascade',
    ),
    index('emission_passengers_emission_idx').on(t.emission_id),
    index('emission_passengers_agency_cpf_idx').on(t.agency_id, t.cpf),
    check('emission_passengers_cpf_digits', sql`${t.cpf} ~ '^[0-9]{11}$'`),
  ],
);

/**
 * Quotes (issue #19): a price simulation saved with its inputs, the cost per thousand it used and
 * its result, for a route, an optional client and a validity. The client, account and lot are
 * kept as references without foreign keys: a quote is history, and never keeps anyone from
 * deleting a client, an account or a lot that fed no emission (their names are read when shown).
 * The emission it became is a foreign key: emissions are never deleted, only soft-deleted.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: tenantId(),
    agency_id: agencyRef(),
    status: text().notNull().default('draft'),
    program: text().notNull(),
    client_id: uuid(),
    account_id: uuid(),
    lot_id: uuid(),
    route: text().notNull(),
    departure_date: date({ mode: 'string' }),
    return_date: date({ mode: 'string' }),
    passengers: jsonb().$type<string[]>().notNull().default([]),
    notes: text(),
    miles: integer().notNull(),
    fees_cents: cents().notNull(),
    rav_cents: cents().notNull(),
    rav_mode: text().notNull(),
    markup_percent: numeric({ precision: 7, scale: 2 }).notNull(),
    cost_per_thousand: numeric({ precision: 14, scale: 4 }).notNull(),
    cost_source: text().notNull(),
    miles_cost_cents: cents().notNull(),
    markup_cents: cents().notNull(),
    price_cents: cents().notNull(),
    total_cost_cents: cents().notNull(),
    margin_cents: cents().notNull(),
    margin_percent: numeric({ precision: 7, scale: 2 }).notNull(),
    warnings: jsonb().$type<unknown[]>().notNull().default([]),
    /** The agency's card interest per number of instalments when saved: what the client was quoted. */
    card_interest_percent: jsonb().$type<number[]>().notNull(),
    validity_hours: integer().notNull(),
    valid_until: ts().notNull(),
    emission_id: uuid(),
    created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: createdAt(),
    sent_at: ts(),
    accepted_at: ts(),
    declined_at: ts(),
    expired_at: ts(),
  },
  (t) => [
    primaryKey({ name: 'quotes_pkey', columns: [t.agency_id, t.id] }),
    foreignKey({ columns: [t.agency_id, t.emission_id], foreignColumns: [emissions.agency_id, emissions.id] }),
    // The list, newest first, all or by status; a client's quotes.
    index('quotes_list_idx').on(t.agency_id, t.created_at, t.id),
    index('quotes_status_idx').on(t.agency_id, t.status, t.created_at, t.id),
    index('quotes_client_idx').on(t.agency_id, t.client_id, t.created_at),
    // The expiry job, across agencies: only quotes nobody answered yet.
    index('quotes_due_idx')
      .on(t.valid_until)
      .where(sql`${t.status} IN ('draft', 'sent')`),
    // One quote per emission.
    uniqueIndex('quotes_emission_key')
      .on(t.agency_id, t.emission_id)
      .where(sql`${t.emission_id} IS NOT NULL`),
    check('quotes_status', sql`${t.status} IN ('draft', 'sent', 'accepted', 'declined', 'expired')`),
    check('quotes_converted_accepted', sql`${t.emission_id} IS NULL OR ${t.status} = 'accepted'`),
    check('quotes_rav_mode', sql`${t.rav_mode} IN ('revenue', 'cost')`),
    check('quotes_cost_source', sql`${t.cost_source} IN ('lot', 'average', 'fallback')`),
    check('quotes_miles_positive', sql`${t.miles} > 0`),
    check('quotes_markup_range', sql`${t.markup_percent} >= 0 AND ${t.markup_percent} <= 1000`),
    check(
      'quotes_amounts_nonneg',
      sql`${t.fees_cents} >= 0 AND ${t.rav_cents} >= 0 AND ${t.miles_cost_cents} >= 0 AND ${t.markup_cents} >= 0 AND ${t.price_cents} >= 0 AND ${t.cost_per_thousand} >= 0`,
    ),
    check('quotes_validity', sql`${t.validity_hours} BETWEEN 1 AND 720`),
    check('quotes_return_after_departure', sql`${t.return_date} IS NULL OR ${t.return_date} >= ${t.departure_date}`),
  ],
);

export const financial_entries = pgTable(
  'financial_entries',
  {
    id: tenantId(),
    agency_id: agencyRef(),
    ref_type: text().notNull().default('none'),
    emission_id: uuid(),
    lot_id: uuid(),
    kind: text().notNull(),
    category: text().notNull(),
    /** Expenses are negative, revenues positive. */
    amount_cents: cents().notNull(),
    description: text(),
    currency: varchar({ length: 3 }).notNull().default('BRL'),
    fx_rate: numeric({ precision: 14, scale: 6 }).notNull().default('1'),
    payment_method: text(),
    /** Card payments only: in how many instalments (1–24). */
    installments: smallint(),
    entry_date: date({ mode: 'string' }).notNull().defaultNow(),
    created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    import_job_id: uuid(),
    created_at: createdAt(),
    deleted_at: ts(),
  },
  (t) => [
    primaryKey({ name: 'financial_entries_pkey', columns: [t.agency_id, t.id] }),
    foreignKey({ columns: [t.agency_id, t.emission_id], foreignColumns: [emissions.agency_id, emissions.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.agency_id, t.lot_id], foreignColumns: [mile_lots.agency_id, mile_lots.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.agency_id, t.import_job_id], foreignColumns: [import_jobs.agency_id, import_jobs.id] }),
    index('financial_entries_agency_date_idx').on(t.agency_id, t.entry_date),
    // An emission's postings: its reconciliation sums (emission_posted, migration 0024) and the cascade of its deletion.
    index('financial_entries_emission_idx').on(t.agency_id, t.emission_id),
    index('financial_entries_lot_idx').on(t.lot_id),
    check('financial_entries_ref_type', sql`${t.ref_type} IN ('emission', 'lot', 'none')`),
    check(
      'financial_entries_ref_consistent',
      sql`(${t.ref_type} = 'emission' AND ${t.emission_id} IS NOT NULL AND ${t.lot_id} IS NULL)
        OR (${t.ref_type} = 'lot' AND ${t.lot_id} IS NOT NULL AND ${t.emission_id} IS NULL)
        OR (${t.ref_type} = 'none' AND ${t.emission_id} IS NULL AND ${t.lot_id} IS NULL)`,
    ),
    check('financial_entries_kind', sql`${t.kind} IN ('revenue', 'expense')`),
    check(
      'financial_entries_category',
      sql`${t.category} IN ('revenue', 'fees', 'miles_cost', 'rav', 'lot_purchase', 'miles_sale', 'other')`,
    ),
    check(
      'financial_entries_sign',
      sql`(${t.kind} = 'expense' AND ${t.amount_cents} <= 0) OR (${t.kind} = 'revenue' AND ${t.amount_cents} >= 0)`,
    ),
    check('financial_entries_fx_positive', sql`${t.fx_rate} > 0`),
    check(
      'financial_entries_payment_method',
      sql`${t.payment_method} IS NULL OR ${t.payment_method} IN ('pix', 'card', 'transfer', 'cash')`,
    ),
    check(
      'financial_entries_installments',
      sql`${t.installments} IS NULL OR (${t.payment_method} = 'card' AND ${t.installments} BETWEEN 1 AND 24)`,
    ),
  ],
);

/**
 * The finance figures per agency calendar day (agency time) of the emissions' creation, status and
 * stripe (0–3, by the emission's id, so concurrent creations of a day do not queue on one row):
 * the live emissions, their figures, how many the reconciliation flags and what their clients
 * still owe (decision 0019). Moved by deltas by the triggers on emissions and financial_entries
 * (migration 0024); /conciliador's counts and /financeiro's accrual, months and receivables sum it.
 */
export const emission_days = pgTable(
  'emission_days',
  {
    agency_id: uuid()
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    status: text().notNull(),
    stripe: smallint().notNull(),
    emissions: integer().notNull().default(0),
    revenue_cents: cents().notNull().default(0),
    fees_cents: cents().notNull().default(0),
    miles_cost_cents: cents().notNull().default(0),
    rav_cents: cents().notNull().default(0),
    margin_cents: cents().notNull().default(0),
    discrepancies: integer().notNull().default(0),
    outstanding_cents: cents().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.agency_id, t.day, t.status, t.stripe] })],
);

/**
 * The cash figures per agency, posting day, category and payment method ('' when none): the live
 * postings' money in (positive amounts) and out (negative), moved by deltas by the trigger on
 * financial_entries (migration 0024); /financeiro's cash view sums it.
 */
export const posting_days = pgTable(
  'posting_days',
  {
    agency_id: uuid()
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    category: text().notNull(),
    method: text().notNull(),
    in_cents: cents().notNull().default(0),
    out_cents: cents().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.agency_id, t.day, t.category, t.method] })],
);

/**
 * What is posted against an emission that has ever had a posting — the sums of its live postings
 * per category (expenses as positive amounts), how many and how many repeat another's category and
 * amount — and the emission as emission_days last counted it (counted: live then). Written by the
 * triggers on financial_entries and emissions (migration 0024): the reconciliation reads the sums
 * beside each emission; an emission with no row has nothing posted. No foreign key to emissions:
 * the row outlives a cascade of the emission's postings until the emission's own trigger removes it.
 */
export const emission_postings = pgTable(
  'emission_postings',
  {
    agency_id: uuid()
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    emission_id: uuid().notNull(),
    posted_revenue_cents: cents().notNull().default(0),
    posted_fees_cents: cents().notNull().default(0),
    posted_miles_cost_cents: cents().notNull().default(0),
    posted_rav_cents: cents().notNull().default(0),
    postings: integer().notNull().default(0),
    repeated: integer().notNull().default(0),
    counted: boolean().notNull().default(false),
    day: date({ mode: 'string' }),
    status: text(),
    stripe: smallint(),
    revenue_cents: cents(),
    fees_cents: cents(),
    miles_cost_cents: cents(),
    rav_cents: cents(),
    margin_cents: cents(),
  },
  (t) => [
    primaryKey({ columns: [t.agency_id, t.emission_id] }),
    // The few emissions cancelled or failed with postings: /financeiro's "postings of void emissions".
    index('emission_postings_void_idx')
      .on(t.agency_id)
      .where(sql`${t.counted} AND ${t.status} IN ('cancelled', 'failed') AND ${t.postings} > 0`),
  ],
);

export const program_rules = pgTable(
  'program_rules',
  {
    id: tenantId(),
    agency_id: agencyRef(),
    program: text().notNull(),
    min_margin_cents: cents().notNull().default(0),
    min_margin_percent: numeric({ precision: 6, scale: 2 }).notNull().default('10'),
    default_rav_cents: cents().notNull().default(0),
    cpm_cap: numeric({ precision: 14, scale: 4 }),
    sla_target_hours: integer().notNull().default(24),
    created_at: createdAt(),
    updated_at: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'program_rules_pkey', columns: [t.agency_id, t.id] }),
    uniqueIndex('program_rules_agency_program_key').on(t.agency_id, t.program),
    check(
      'program_rules_program',
      sql`${t.program} IN ('LATAM', 'SMILES', 'AZUL', 'TAP', 'AVIANCA', 'AMERICAN', 'UNITED', 'IBERIA', 'QATAR', 'OTHER')`,
    ),
    check(
      'program_rules_values',
      sql`${t.min_margin_cents} >= 0 AND ${t.min_margin_percent} >= 0 AND ${t.default_rav_cents} >= 0
        AND (${t.cpm_cap} IS NULL OR ${t.cpm_cap} > 0) AND ${t.sla_target_hours} > 0`,
    ),
  ],
);

export const alerts = pgTable(
  'alerts',
  {
    id: tenantId(),
    agency_id: agencyRef(),
    kind: text().notNull(),
    lot_id: uuid(),
    emission_id: uuid(),
    message: text().notNull(),
    is_read: boolean().notNull().default(false),
    /** When the alert (last) opened: a resolved alert whose cause comes back opens again, unread. */
    created_at: createdAt(),
    read_at: ts(),
    /** When its cause went (lot used or renewed, emission issued or cancelled); null while open. */
    resolved_at: ts(),
  },
  (t) => [
    primaryKey({ name: 'alerts_pkey', columns: [t.agency_id, t.id] }),
    foreignKey({ columns: [t.agency_id, t.lot_id], foreignColumns: [mile_lots.agency_id, mile_lots.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.agency_id, t.emission_id], foreignColumns: [emissions.agency_id, emissions.id] }).onDelete(
      'cascade',
    ),
    // The open alerts of a tab, newest first, and the unread ones (the bell, "Alertas Pendentes").
    index('alerts_open_idx')
      .on(t.agency_id, t.kind, t.created_at.desc())
      .where(sql`${t.resolved_at} IS NULL`),
    index('alerts_unread_idx')
      .on(t.agency_id, t.created_at.desc())
      .where(sql`${t.resolved_at} IS NULL AND NOT ${t.is_read}`),
    uniqueIndex('alerts_lot_key')
      .on(t.agency_id, t.kind, t.lot_id)
      .where(sql`${t.lot_id} IS NOT NULL`),
    uniqueIndex('alerts_emission_key')
      .on(t.agency_id, t.kind, t.emission_id)
      .where(sql`${t.emission_id} IS NOT NULL`),
    check('alerts_kind', sql`${t.kind} IN ('lot_expiring', 'sla_exceeded', 'margin_critical')`),
    check(
      'alerts_target',
      sql`(${t.kind} = 'lot_expiring' AND ${t.lot_id} IS NOT NULL) OR (${t.kind} <> 'lot_expiring' AND ${t.emission_id} IS NOT NULL)`,
    ),
  ],
);

/**
 * A generated PDF (issue #19): what it is of (an emission, a lot, a quote's proposal, the alerts of a
 * filter, a month's finance), the file in stored_files, and its state — generated off the request
 * (a job, in a worker thread) so that a big one holds nobody up: pending → ready or failed.
 * Downloads go through a link signed for 600 s (spec part 2 §7).
 */
export const reports = pgTable(
  'reports',
  {
    id: tenantId(),
    agency_id: agencyRef(),
    ref_type: text().notNull(),
    /** The emission, lot or quote; null for the alerts and finance reports (their params say what). */
    ref_id: uuid(),
    /** What the report covers beyond ref_id: the alerts' filter, the finance month. */
    params: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    title: text().notNull(),
    status: text().notNull().default('pending'),
    file_id: uuid(),
    size_bytes: integer(),
    message: text(),
    generated_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    generated_at: ts(),
  },
  (t) => [
    primaryKey({ name: 'reports_pkey', columns: [t.agency_id, t.id] }),
    foreignKey({ columns: [t.agency_id, t.file_id], foreignColumns: [stored_files.agency_id, stored_files.id] }),
    index('reports_ref_idx').on(t.agency_id, t.ref_type, t.ref_id, t.created_at.desc()),
    check('reports_ref_type', sql`${t.ref_type} IN ('emission', 'lot', 'quote', 'alerts', 'finance_month')`),
    check('reports_ref_id', sql`(${t.ref_id} IS NOT NULL) = (${t.ref_type} IN ('emission', 'lot', 'quote'))`),
    check('reports_status', sql`${t.status} IN ('pending', 'ready', 'failed')`),
    check('reports_ready', sql`${t.status} <> 'ready' OR (${t.file_id} IS NOT NULL AND ${t.size_bytes} >= 0)`),
  ],
);

export const activity = pgTable(
  'activity',
  {
    id: tenantId(),
    agency_id: agencyRef(),
    user_id: uuid().references(() => users.id, { onDelete: 'set null' }),
    kind: text().notNull(),
    description: text().notNull(),
    ref_type: text(),
    ref_id: uuid(),
    /** The audit log's before/after of the changed fields: { field: [before, after] }. */
    changes: jsonb().$type<Record<string, [unknown, unknown]>>(),
    /** The address the change came from: the request's, set per transaction (app.client_ip) by the session's entry. */
    ip: text().default(sql`nullif(current_setting('app.client_ip', true), '')`),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'activity_pkey', columns: [t.agency_id, t.id] }),
    index('activity_agency_created_idx').on(t.agency_id, t.created_at.desc()),
  ],
);

/**
 * What happened, for the real-time stream, the webhooks and the notifications (DESIGN.md §1): a
 * write appends its events in its own transaction and `pg_notify`s their ids; each process LISTENs
 * and pushes them to its SSE clients, which replay from `Last-Event-ID` (seq). `user_id` set: the
 * event is for that user only (a notification); null: for everyone of the agency. Pruned after
 * EVENT_RETENTION_DAYS by the housekeeping job.
 */
export const events = pgTable(
  'events',
  {
    seq: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    agency_id: agencyRef(),
    type: text().notNull(),
    entity_id: uuid(),
    user_id: uuid(),
    actor_id: uuid(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ name: 'events_pkey', columns: [t.agency_id, t.seq] })],
);

/** The bell's list: what each user was told, newest first, at most 50 kept per user (spec part 1 §3). */
export const notifications = pgTable(
  'notifications',
  {
    id: tenantId(),
    agency_id: agencyRef(),
    user_id: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    /** Where it leads in the app (e.g. /emissoes/…), or null. */
    link: text(),
    alert_id: uuid(),
    is_read: boolean().notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'notifications_pkey', columns: [t.agency_id, t.id] }),
    index('notifications_user_idx').on(t.agency_id, t.user_id, t.created_at.desc()),
  ],
);

/**
 * What an outbox row carries for its sender (decision 0021): its state (pending until settled),
 * attempts, when it is next due, the lease a sender holds it by (a process killed mid-send lets it
 * go when it runs out) and the last error.
 */
const outboxColumns = () => ({
  status: text().notNull().default('pending'),
  attempts: integer().notNull().default(0),
  next_attempt_at: createdAt(),
  locked_until: ts(),
  last_error: text(),
  created_at: createdAt(),
});

/**
 * Every e-mail the app sends, written in the transaction of what caused it (the outbox) and sent
 * by the e-mail job; without SMTP configured it stays here (status held), readable by the admin.
 * `template` and `data` are what it is rendered from; subject, html and text once rendered.
 */
export const email_outbox = pgTable(
  'email_outbox',
  {
    id: tenantId(),
    agency_id: agencyRef(),
    user_id: uuid().references(() => users.id, { onDelete: 'set null' }),
    to_address: text().notNull(),
    template: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    subject: text(),
    html: text(),
    text: text(),
    ...outboxColumns(),
    sent_at: ts(),
  },
  (t) => [
    primaryKey({ name: 'email_outbox_pkey', columns: [t.agency_id, t.id] }),
    index('email_outbox_agency_idx').on(t.agency_id, t.created_at.desc()),
    index('email_outbox_due_idx')
      .on(t.next_attempt_at)
      .where(sql`${t.status} = 'pending'`),
    check('email_outbox_status', sql`${t.status} IN ('pending', 'sent', 'held', 'failed')`),
  ],
);

/** Where an agency wants its events POSTed (Standard Webhooks), with one secret each. */
export const webhook_endpoints = pgTable(
  'webhook_endpoints',
  {
    id: tenantId(),
    agency_id: agencyRef(),
    url: text().notNull(),
    description: text().notNull().default(''),
    event_types: text().array().notNull(),
    /** `whsec_` + base64 of 24 random bytes (Standard Webhooks). */
    secret: text().notNull(),
    enabled: boolean().notNull().default(true),
    disabled_reason: text(),
    /** The first failure of the current run of failures; null after a success. */
    failing_since: ts(),
    created_at: createdAt(),
    updated_at: createdAt(),
  },
  (t) => [primaryKey({ name: 'webhook_endpoints_pkey', columns: [t.agency_id, t.id] })],
);

/** One event for one endpoint: its fixed body and id, its attempts, its fate. */
export const webhook_deliveries = pgTable(
  'webhook_deliveries',
  {
    id: tenantId(),
    agency_id: agencyRef(),
    endpoint_id: uuid().notNull(),
    event_seq: bigint({ mode: 'number' }),
    event_type: text().notNull(),
    /** The `webhook-id` header: the same on every attempt, so receivers can deduplicate. */
    message_id: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    ...outboxColumns(),
    last_status_code: integer(),
    last_duration_ms: integer(),
    last_attempt_at: ts(),
    delivered_at: ts(),
  },
  (t) => [
    primaryKey({ name: 'webhook_deliveries_pkey', columns: [t.agency_id, t.id] }),
    foreignKey({
      columns: [t.agency_id, t.endpoint_id],
      foreignColumns: [webhook_endpoints.agency_id, webhook_endpoints.id],
    }).onDelete('cascade'),
    index('webhook_deliveries_endpoint_idx').on(t.agency_id, t.endpoint_id, t.created_at.desc()),
    index('webhook_deliveries_due_idx')
      .on(t.next_attempt_at)
      .where(sql`${t.status} = 'pending'`),
    check('webhook_deliveries_status', sql`${t.status} IN ('pending', 'delivered', 'failed')`),
  ],
);

/**
 * Tables holding one agency's rows; each has row-level security on and the agency_isolation
 * policy (agency_id = app_current_agency()), granted to the tenant role.
 */
export const AGENCY_TABLES = [
  'users',
  'sessions',
  'invitations',
  'stored_files',
  'import_jobs',
  'import_presets',
  'clients',
  'client_figures',
  'client_totals',
  'loyalty_accounts',
  'suppliers',
  'mile_lots',
  'lot_search_entries',
  'lot_totals',
  'emissions',
  'emission_totals',
  'emission_sla_stats',
  'emission_allocations',
  'emission_passengers',
  'program_conversions',
  'mile_transfers',
  'lot_withdrawals',
  'mile_credits',
  'mile_clubs',
  'cards',
  'card_payables',
  'mile_sales',
  'sale_receivables',
  'quotes',
  'financial_entries',
  'emission_days',
  'posting_days',
  'emission_postings',
  'program_rules',
  'alerts',
  'reports',
  'activity',
  'events',
  'notifications',
  'email_outbox',
  'webhook_endpoints',
  'webhook_deliveries',
] as const;

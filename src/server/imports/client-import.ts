import { sql } from 'drizzle-orm';
import { clientInputSchema, type ClientInput } from '../../domain/clients/client.schema';
import { IMPORT_MESSAGES, type ImportDuplicateAction, type ImportMapping } from '../../domain/imports/import.schema';
import type { Db } from '../db/client';
import { rowsOf, textArray } from '../db/rows';
import { softDeleteClientRows } from '../clients/clients.queries';
import {
  liveRowsOfJob,
  forEachRow,
  type CheckContext,
  importChoice,
  importDate,
  importPhone,
  importTags,
  RowErrors,
  type Lookup,
} from './import-values';

// Clients from a spreadsheet (spec part 1 §5 "Client CSV import"; issue #17): each row checked by
// the client form's schema; a CPF/CNPJ already in the agency is skipped or updated, as chosen.

const M = IMPORT_MESSAGES;

const STATUS_WORDS = {
  active: ['ativo', 'ativa', 'sim'],
  inactive: ['inativo', 'inativa'],
  blocked: ['bloqueado', 'bloqueada'],
} as const;

/** The client columns an import writes: the form's, but the loyalty accounts (empty on import, spec §3). */
export type ImportedClient = Omit<ClientInput, 'loyalty_accounts'>;

export interface ClientRowsCheck {
  total: number;
  /** Valid rows: new clients and existing ones (counted even when the rows are not kept). */
  valid: number;
  /** Valid rows whose CPF/CNPJ is already a live client's. */
  existingCount: number;
  /** New clients (empty when the check only counts: `keepRows` false). */
  create: ImportedClient[];
  /** Rows whose CPF/CNPJ is already a live client's, with that client's id (written when on_duplicate = update; empty when only counted). */
  existing: { id: string; line: number; values: ImportedClient }[];
  errors: RowErrors;
}

/** The client form's schema but its loyalty accounts (an import has none): each row parsed by it. */
const clientRowSchema = clientInputSchema.omit({ loyalty_accounts: true });

const FIELDS_OF_CLIENT = ['name', 'email', 'phone', 'document', 'birth_date', 'status', 'tags', 'notes'] as const;

/**
 * Every row of the table checked; nothing written. Yields to the event loop now and then (a big
 * file). With `keepRows` false (a dry run, the request that queues the job) the rows are counted
 * and not kept: 100,000 checked clients held ~30 MB more through the check and its lookup.
 */
export async function checkClientRows(
  lookup: Lookup,
  { agencyId, table, mapping, onProgress, keepRows = true }: Omit<CheckContext, 'today'>,
): Promise<ClientRowsCheck> {
  const errors = new RowErrors('clients');
  /** Line of the first valid row holding each CPF/CNPJ. */
  const byDocument = new Map<string, number>();
  const parsed: { line: number; values: ImportedClient }[] = [];
  let valid = 0;

  await forEachRow(table, mapping, errors, onProgress, (cell, line) => {
    const birth = importDate(cell('birth_date'));
    const statusCell = cell('status');
    const status = statusCell === '' ? 'active' : importChoice(statusCell, STATUS_WORDS);
    if (birth === undefined) errors.add(line, 'birth_date', cell('birth_date'), M.dateInvalid);
    if (status === undefined) errors.add(line, 'status', statusCell, M.statusInvalid);
    const result = clientRowSchema.safeParse({
      name: cell('name'),
      email: cell('email') || null,
      phone: importPhone(cell('phone')),
      document: cell('document') || null,
      birth_date: birth ?? null,
      status: status ?? 'active',
      tags: importTags(cell('tags')),
      notes: cell('notes') || null,
    });
    if (!result.success) {
      errors.addIssues(line, result.error.issues, cell);
      return;
    }
    if (errors.has(line)) return;
    const values = result.data;
    if (values.document) {
      const first = byDocument.get(values.document);
      if (first !== undefined) {
        errors.add(line, 'document', cell('document'), M.duplicateInFile(first));
        return;
      }
      byDocument.set(values.document, line);
    }
    valid += 1;
    if (keepRows) parsed.push({ line, values });
  });

  const existingIds = await lookup((db) => clientsByDocument(db, { agencyId, documents: [...byDocument.keys()] }));
  const create: ImportedClient[] = [];
  const existing: ClientRowsCheck['existing'] = [];
  for (const p of parsed) {
    const id = p.values.document ? existingIds.get(p.values.document) : undefined;
    if (id) existing.push({ id, line: p.line, values: p.values });
    else create.push(p.values);
  }
  return { total: table.rows.length, valid, existingCount: existingIds.size, create, existing, errors };
}

/** Live clients of the agency by CPF/CNPJ (one query, the documents as one array). */
async function clientsByDocument(db: Db, { agencyId, documents }: { agencyId: string; documents: string[] }) {
  const found = new Map<string, string>();
  if (documents.length === 0) return found;
  const rows = rowsOf<{ id: string; document: string }>(
    await db.execute(sql`
      SELECT c.id, c.document FROM clients c
      WHERE c.agency_id = ${agencyId} AND c.deleted_at IS NULL
        AND c.document = ANY(${textArray(documents)}::text[])`),
  );
  for (const r of rows) if (!found.has(r.document)) found.set(r.document, r.id);
  return found;
}

const CHUNK = 5000;

const recordColumns = sql.raw(
  `name text, email text, phone text, document text, birth_date date, status text, tags text[], notes text`,
);

/**
 * The accepted rows written: new clients in multi-row statements (jsonb_to_recordset, 5,000 rows a
 * statement), each with the job's id; with on_duplicate = update, the existing clients' mapped
 * columns overwritten, their previous values returned for the undo.
 */
export async function writeClientRows(
  tx: Db,
  {
    agencyId,
    jobId,
    check,
    mapping,
    onDuplicate,
  }: {
    agencyId: string;
    jobId: string;
    check: ClientRowsCheck;
    mapping: ImportMapping;
    onDuplicate: ImportDuplicateAction;
  },
): Promise<{ inserted: number; updated: number; previous: unknown[] }> {
  let inserted = 0;
  for (let i = 0; i < check.create.length; i += CHUNK) {
    const chunk = JSON.stringify(check.create.slice(i, i + CHUNK));
    const [row] = rowsOf<{ n: number }>(
      await tx.execute(sql`
        WITH added AS (
          INSERT INTO clients (agency_id, import_job_id, name, email, phone, document, birth_date, status, tags, notes)
          SELECT ${agencyId}, ${jobId}, r.name, r.email, r.phone, r.document, r.birth_date, r.status, r.tags, r.notes
          FROM jsonb_to_recordset(${chunk}::jsonb) AS r(${recordColumns})
          RETURNING 1)
        SELECT count(*)::int AS n FROM added`),
    );
    inserted += row?.n ?? 0;
  }
  if (onDuplicate !== 'update' || check.existing.length === 0) return { inserted, updated: 0, previous: [] };

  // Only the mapped columns change; status and tags only when their columns were mapped too.
  const columns = FIELDS_OF_CLIENT.filter((f) => mapping[f]);
  const set = sql.join(
    columns.map((c) => sql`${sql.raw(c)} = r.${sql.raw(c)}`),
    sql`, `,
  );
  let updated = 0;
  const previous: unknown[] = [];
  for (let i = 0; i < check.existing.length; i += CHUNK) {
    const part = check.existing.slice(i, i + CHUNK).map((e) => ({ id: e.id, ...e.values }));
    const chunk = JSON.stringify(part);
    const rows = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        WITH r AS (SELECT * FROM jsonb_to_recordset(${chunk}::jsonb) AS r(id uuid, ${recordColumns})),
        before AS (
          SELECT c.id, c.name, c.email, c.phone, c.document, c.birth_date, c.status, c.tags, c.notes
          FROM clients c JOIN r ON c.id = r.id
          WHERE c.agency_id = ${agencyId} AND c.deleted_at IS NULL
          FOR UPDATE OF c),
        changed AS (
          UPDATE clients c SET ${set}, updated_at = now()
          FROM r WHERE c.agency_id = ${agencyId} AND c.id = r.id AND c.id IN (SELECT id FROM before)
          RETURNING c.id)
        SELECT before.* FROM before JOIN changed ON changed.id = before.id`),
    );
    updated += rows.length;
    previous.push(...rows);
  }
  return { inserted, updated, previous };
}

const REASONS_SHOWN = 10;

/** Why the job's clients cannot go: what was recorded for them since (emissions, lots). */
export async function clientUndoRefusals(tx: Db, { agencyId, jobId }: { agencyId: string; jobId: string }) {
  const rows = rowsOf<{ name: string; emissions: number; lots: number }>(
    await tx.execute(sql`
      SELECT c.name,
        (SELECT count(*)::int FROM emissions e WHERE e.agency_id = c.agency_id AND e.client_id = c.id AND e.deleted_at IS NULL) AS emissions,
        (SELECT count(*)::int FROM loyalty_accounts a JOIN mile_lots l ON l.agency_id = a.agency_id AND l.account_id = a.id
          WHERE a.agency_id = c.agency_id AND a.client_id = c.id AND l.deleted_at IS NULL) AS lots
      FROM clients c
      WHERE c.agency_id = ${agencyId} AND c.import_job_id = ${jobId} AND c.deleted_at IS NULL
        AND (EXISTS (SELECT 1 FROM emissions e WHERE e.agency_id = c.agency_id AND e.client_id = c.id AND e.deleted_at IS NULL)
          OR EXISTS (SELECT 1 FROM loyalty_accounts a JOIN mile_lots l ON l.agency_id = a.agency_id AND l.account_id = a.id
            WHERE a.agency_id = c.agency_id AND a.client_id = c.id AND l.deleted_at IS NULL))
      ORDER BY c.sort_name, c.id
      LIMIT ${REASONS_SHOWN}`),
  );
  return rows.map((r) => {
    const what = [r.emissions > 0 ? `${r.emissions} emissão(ões)` : '', r.lots > 0 ? `${r.lots} lote(s)` : '']
      .filter(Boolean)
      .join(' e ');
    return `Cliente ${r.name}: usado depois da importação (${what})`;
  });
}

/** The job's clients soft-deleted (with their accounts), the clients it updated put back as they were. */
export async function undoClientRows(
  tx: Db,
  { agencyId, jobId, previous }: { agencyId: string; jobId: string; previous: unknown[] },
): Promise<number> {
  const ids = await liveRowsOfJob(tx, { table: 'clients', agencyId, jobId });
  const count = await softDeleteClientRows(tx, { agencyId, ids });
  for (let i = 0; i < previous.length; i += CHUNK) {
    const chunk = JSON.stringify(previous.slice(i, i + CHUNK));
    await tx.execute(sql`
      UPDATE clients c SET name = r.name, email = r.email, phone = r.phone, document = r.document,
        birth_date = r.birth_date, status = r.status, tags = r.tags, notes = r.notes, updated_at = now()
      FROM jsonb_to_recordset(${chunk}::jsonb) AS r(id uuid, ${recordColumns})
      WHERE c.agency_id = ${agencyId} AND c.id = r.id`);
  }
  return count;
}

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { IMPORT_MESSAGES } from '../../domain/imports/import.schema';
import { normalizeHeader } from '../../domain/imports/auto-map';
import { formatNumber } from '../../domain/format';
import { costPerMileFromPerThousand } from '../../domain/lots/lot.rules';
import { makeLotInputSchema } from '../../domain/lots/lot.schema';
import { divRoundHalfAwayFromZero, parseBRLToCents, parseDecimalInput } from '../../domain/money';
import { PROGRAM_KEYS, PROGRAMS, programName, type ProgramKey } from '../../domain/programs';
import { onlyDigits } from '../../domain/documents';
import { followAlerts } from '../alerts/alerts.service';
import type { Db } from '../db/client';
import { rowsOf, textArray } from '../db/rows';
import { softDeleteLotRows } from '../lots/lots.queries';
import { findOrCreateSuppliers } from '../suppliers/suppliers.queries';
import {
  forEachRow,
  liveRowsOfJob,
  type CheckContext,
  type Lookup,
  importDate,
  rememberCells,
  RowErrors,
} from './import-values';

// Miles lots from a spreadsheet (issue #17): the account found by program + number (or created, for
// the client with the holder's CPF, or as the agency's own); the cost as a total or per thousand;
// each row checked by the lot form's schema; the purchase posted in finance as the form does.

const M = IMPORT_MESSAGES;

/** "LATAM Pass", "latam", "Smiles", "TudoAzul", "azul"… → the catalogue's key. */
const PROGRAM_WORDS = new Map<string, ProgramKey>();
for (const key of PROGRAM_KEYS) {
  PROGRAM_WORDS.set(normalizeHeader(key), key);
  PROGRAM_WORDS.set(normalizeHeader(PROGRAMS[key].name), key);
}
for (const [word, key] of [
  ['latam pass', 'LATAM'],
  ['multiplus', 'LATAM'],
  ['gol', 'SMILES'],
  ['gol smiles', 'SMILES'],
  ['tudo azul', 'AZUL'],
  ['azul fidelidade', 'AZUL'],
  ['tap', 'TAP'],
  ['miles go', 'TAP'],
  ['lifemiles', 'AVIANCA'],
  ['aadvantage', 'AMERICAN'],
  ['american airlines', 'AMERICAN'],
  ['mileageplus', 'UNITED'],
  ['iberia', 'IBERIA'],
  ['avios', 'IBERIA'],
  ['qatar airways', 'QATAR'],
  ['outro', 'OTHER'],
] as const) {
  PROGRAM_WORDS.set(word, key);
}

export const programOf = rememberCells((cell): ProgramKey | undefined => PROGRAM_WORDS.get(normalizeHeader(cell)));

export interface ImportedLot {
  line: number;
  program: ProgramKey;
  account_number: string;
  holder_document: string | null;
  original_quantity: number;
  total_cost_cents: number;
  cost_per_thousand: string;
  purchase_date: string;
  expiry_date: string | null;
  supplier: string | null;
  notes: string | null;
}

interface AccountFound {
  id: string;
  client_id: string | null;
  document: string | null;
}

export interface LotRowsCheck {
  total: number;
  create: (ImportedLot & { account_id: string | null; client_id: string | null })[];
  errors: RowErrors;
}

const accountKey = (program: string, number: string) => `${program}\u0000${number}`;

/** The cost per thousand (4 places) and the total in centavos from whichever the row gives. */
function costsOf(
  quantity: number,
  totalCell: string,
  perThousandCell: string,
): { total: number; perThousand: string } | { error: string; field: string; value: string } {
  if (totalCell !== '' && perThousandCell !== '') return { error: M.costBoth, field: 'total_cost', value: totalCell };
  if (totalCell === '' && perThousandCell === '') return { error: M.costRequired, field: 'total_cost', value: '' };
  if (totalCell !== '') {
    const total = parseBRLToCents(totalCell);
    if (total === null || total < 0) return { error: M.numberInvalid, field: 'total_cost', value: totalCell };
    // R$ per thousand at 4 places, in 1/10 000 real: centavos × 100 (to 1/10 000) × 1 000 ÷ miles.
    const scaled = divRoundHalfAwayFromZero(BigInt(total) * 100_000n, BigInt(quantity));
    return { total, perThousand: `${scaled / 10_000n}.${String(scaled % 10_000n).padStart(4, '0')}` };
  }
  const perThousand = parseDecimalInput(perThousandCell, 4);
  if (perThousand === null || perThousand.startsWith('-')) {
    return { error: M.numberInvalid, field: 'cost_per_thousand', value: perThousandCell };
  }
  const scaled = BigInt(perThousand.replace('.', ''));
  const total = Number(divRoundHalfAwayFromZero(scaled * BigInt(quantity), 10_000n * 10n));
  return { total, perThousand };
}

/** Every row checked (the lot form's schema, the accounts and holders looked up); nothing written. */
export async function checkLotRows(
  lookup: Lookup,
  { agencyId, table, mapping, today, onProgress }: CheckContext,
): Promise<LotRowsCheck> {
  const errors = new RowErrors('lots');
  const schema = makeLotInputSchema(() => today);
  const lots: ImportedLot[] = [];

  await forEachRow(table, mapping, errors, onProgress, (cell, line) => {
    const program = programOf(cell('program'));
    if (!program) errors.add(line, 'program', cell('program'), M.programUnknown);
    const quantityText = parseDecimalInput(cell('quantity'), 0);
    const quantity = quantityText === null ? NaN : Number(quantityText);
    const exact = quantityText !== null && parseDecimalInput(cell('quantity'), 4) === `${quantityText}.0000`;
    if (!exact || !(quantity > 0)) errors.add(line, 'quantity', cell('quantity'), 'Quantidade deve ser maior que 0');
    const purchase = importDate(cell('purchase_date'));
    const expiry = importDate(cell('expiry_date'));
    if (purchase === undefined) errors.add(line, 'purchase_date', cell('purchase_date'), M.dateInvalid);
    if (expiry === undefined) errors.add(line, 'expiry_date', cell('expiry_date'), M.dateInvalid);
    const costs = exact && quantity > 0 ? costsOf(quantity, cell('total_cost'), cell('cost_per_thousand')) : null;
    if (costs && 'error' in costs) errors.add(line, costs.field, costs.value, costs.error);
    const holderCell = cell('holder_document');
    const holder = holderCell ? onlyDigits(holderCell) : null;
    if (holderCell && holder!.length !== 11 && holder!.length !== 14) {
      errors.add(line, 'holder_document', holderCell, 'CPF inválido');
    }
    if (errors.has(line) || !program || !costs || 'error' in costs) return;

    const result = schema.safeParse({
      program,
      account_number: cell('account_number'),
      original_quantity: quantity,
      cost_per_mile: costPerMileFromPerThousand(costs.perThousand),
      purchase_date: purchase ?? '',
      expiry_date: expiry ?? null,
      supplier: cell('supplier') || null,
      notes: cell('notes') || null,
    });
    if (!result.success) {
      // The schema's names for the fields the file calls otherwise.
      const FIELD: Record<string, string> = { original_quantity: 'quantity', cost_per_mile: 'cost_per_thousand' };
      errors.addIssues(
        line,
        result.error.issues.map((issue) => ({ ...issue, path: [FIELD[String(issue.path[0])] ?? issue.path[0]!] })),
        cell,
      );
      return;
    }
    const v = result.data;
    lots.push({
      line,
      program,
      account_number: v.account_number!,
      holder_document: holder,
      original_quantity: v.original_quantity,
      total_cost_cents: costs.total,
      cost_per_thousand: costs.perThousand,
      purchase_date: v.purchase_date,
      expiry_date: v.expiry_date,
      supplier: v.supplier,
      notes: v.notes,
    });
  });

  // The accounts and holders the rows name, each looked up once.
  const { accounts, holders } = await lookup(async (db) => ({
    accounts: await accountsByNumber(db, agencyId, lots),
    holders: await clientsByDocument(
      db,
      agencyId,
      lots.flatMap((l) => (l.holder_document ? [l.holder_document] : [])),
    ),
  }));
  const create: LotRowsCheck['create'] = [];
  for (const lot of lots) {
    const found = accounts.get(accountKey(lot.program, lot.account_number));
    if (found) {
      if (lot.holder_document && found.document !== lot.holder_document) {
        errors.add(lot.line, 'holder_document', lot.holder_document, M.accountOtherHolder);
        continue;
      }
      create.push({ ...lot, account_id: found.id, client_id: found.client_id });
      continue;
    }
    if (lot.holder_document) {
      const holder = holders.get(lot.holder_document);
      if (!holder) {
        errors.add(lot.line, 'holder_document', lot.holder_document, M.holderNotFound);
        continue;
      }
      // One account per program and client: the first row that opens one gives it to the rest.
      const other = holder.programs.get(lot.program);
      if (other === undefined) holder.programs.set(lot.program, lot.account_number);
      if (other !== undefined && other !== lot.account_number) {
        errors.add(
          lot.line,
          'account_number',
          lot.account_number,
          `${holder.name} já tem conta ${programName(lot.program)} de número ${other}`,
        );
        continue;
      }
      create.push({ ...lot, account_id: null, client_id: holder.id });
      continue;
    }
    create.push({ ...lot, account_id: null, client_id: null });
  }
  return { total: table.rows.length, create, errors };
}

/** Live accounts of the agency by (program, number), with their holder's CPF/CNPJ. */
async function accountsByNumber(db: Db, agencyId: string, lots: readonly ImportedLot[]) {
  const found = new Map<string, AccountFound>();
  if (lots.length === 0) return found;
  const pairs = JSON.stringify(
    [...new Set(lots.map((l) => accountKey(l.program, l.account_number)))].map((k) => {
      const [program, number] = k.split('\u0000');
      return { program, number };
    }),
  );
  const rows = rowsOf<{
    id: string;
    program: string;
    account_number: string;
    client_id: string | null;
    document: string | null;
  }>(
    await db.execute(sql`
      SELECT a.id, a.program, a.account_number, a.client_id, c.document
      FROM jsonb_to_recordset(${pairs}::jsonb) AS p(program text, number text)
      JOIN loyalty_accounts a ON a.agency_id = ${agencyId} AND a.program = p.program AND a.account_number = p.number
        AND a.deleted_at IS NULL
      LEFT JOIN clients c ON c.agency_id = a.agency_id AND c.id = a.client_id
      ORDER BY a.client_id NULLS FIRST, a.created_at`),
  );
  // The agency's own account first (what the lot form finds by number), then a client's.
  for (const r of rows) {
    const key = accountKey(r.program, r.account_number);
    if (!found.has(key)) found.set(key, { id: r.id, client_id: r.client_id, document: r.document });
  }
  return found;
}

async function clientsByDocument(db: Db, agencyId: string, documents: string[]) {
  const found = new Map<string, { id: string; name: string; programs: Map<string, string> }>();
  if (documents.length === 0) return found;
  const rows = rowsOf<{
    id: string;
    name: string;
    document: string;
    program: string | null;
    account_number: string | null;
  }>(
    await db.execute(sql`
      SELECT c.id, c.name, c.document, a.program, a.account_number
      FROM clients c
      LEFT JOIN loyalty_accounts a ON a.agency_id = c.agency_id AND a.client_id = c.id AND a.deleted_at IS NULL
      WHERE c.agency_id = ${agencyId} AND c.deleted_at IS NULL
        AND c.document = ANY(${textArray([...new Set(documents)])}::text[])`),
  );
  for (const r of rows) {
    const client = found.get(r.document) ?? { id: r.id, name: r.name, programs: new Map<string, string>() };
    if (client.id !== r.id) continue;
    if (r.program && r.account_number) client.programs.set(r.program, r.account_number);
    found.set(r.document, client);
  }
  return found;
}

const CHUNK = 5000;

/**
 * The accepted lots written in one transaction: the accounts they need (the agency's own, or a
 * holder's) created once each, then the lots (available, remaining = original, the job's id) and
 * their purchase postings, 5,000 rows a statement; then the expiry alerts of the new lots.
 */
export async function writeLotRows(
  tx: Db,
  {
    agencyId,
    userId,
    jobId,
    check,
    today,
  }: { agencyId: string; userId: string | null; jobId: string; check: LotRowsCheck; today: string },
): Promise<{ inserted: number }> {
  const newAccounts = new Map<string, { program: string; account_number: string; client_id: string | null }>();
  for (const lot of check.create) {
    if (lot.account_id) continue;
    newAccounts.set(accountKey(lot.program, lot.account_number), {
      program: lot.program,
      account_number: lot.account_number,
      client_id: lot.client_id,
    });
  }
  const accountIds = new Map<string, string>();
  if (newAccounts.size > 0) {
    const made = rowsOf<{ id: string; program: string; account_number: string }>(
      await tx.execute(sql`
        INSERT INTO loyalty_accounts (agency_id, client_id, program, account_number)
        SELECT ${agencyId}, r.client_id, r.program, r.account_number
        FROM jsonb_to_recordset(${JSON.stringify([...newAccounts.values()])}::jsonb)
          AS r(client_id uuid, program text, account_number text)
        RETURNING id, program, account_number`),
    );
    for (const a of made) accountIds.set(accountKey(a.program, a.account_number), a.id);
  }

  // The suppliers named in the file, found in the registry (case aside) or added to it, in one statement.
  const names = [
    ...new Set(check.create.map((l) => l.supplier?.trim().replace(/\s+/g, ' ')).filter((n) => !!n)),
  ] as string[];
  const suppliers = new Map(
    (await findOrCreateSuppliers(tx, { agencyId, userId, names })).map((s) => [s.key, s] as const),
  );
  const supplierOf = (name: string | null) => suppliers.get(name?.trim().replace(/\s+/g, ' ').toLowerCase() ?? '');

  let inserted = 0;
  const ids: string[] = [];
  for (let i = 0; i < check.create.length; i += CHUNK) {
    const chunk = JSON.stringify(
      check.create.slice(i, i + CHUNK).map((l) => ({
        id: randomUUID(),
        account_id: l.account_id ?? accountIds.get(accountKey(l.program, l.account_number)),
        program: l.program,
        account_number: l.account_number,
        original_quantity: l.original_quantity,
        total_cost_cents: l.total_cost_cents,
        cost_per_thousand: l.cost_per_thousand,
        purchase_date: l.purchase_date,
        expiry_date: l.expiry_date,
        supplier: supplierOf(l.supplier)?.name ?? null,
        supplier_id: supplierOf(l.supplier)?.id ?? null,
        notes: l.notes,
        description: `Compra de lote ${programName(l.program)} — ${formatNumber(l.original_quantity)} milhas`,
      })),
    );
    const rows = rowsOf<{ id: string }>(
      await tx.execute(sql`
        WITH r AS (
          SELECT * FROM jsonb_to_recordset(${chunk}::jsonb) AS r(id uuid, account_id uuid, program text, account_number text,
            original_quantity int, total_cost_cents bigint, cost_per_thousand numeric, purchase_date date,
            expiry_date date, supplier text, supplier_id uuid, notes text, description text)
        ),
        added AS (
          INSERT INTO mile_lots (id, agency_id, import_job_id, account_id, program, account_number, original_quantity,
            remaining_quantity, total_cost_cents, cost_per_thousand, purchase_date, expiry_date, supplier, supplier_id,
            notes, status)
          SELECT r.id, ${agencyId}, ${jobId}, r.account_id, r.program, r.account_number, r.original_quantity,
            r.original_quantity, r.total_cost_cents, r.cost_per_thousand, r.purchase_date, r.expiry_date, r.supplier,
            r.supplier_id, r.notes, 'available'
          FROM r
          RETURNING id
        ),
        posted AS (
          INSERT INTO financial_entries (agency_id, ref_type, lot_id, kind, category, amount_cents, description,
            entry_date, created_by)
          SELECT ${agencyId}, 'lot', r.id, 'expense', 'lot_purchase', -r.total_cost_cents, r.description,
            r.purchase_date, ${userId}
          FROM added a JOIN r ON r.id = a.id
          RETURNING 1
        )
        SELECT id FROM added`),
    );
    inserted += rows.length;
    for (const r of rows) ids.push(r.id);
  }
  await followAlerts(tx, { agencyId, today, scope: { lotIds: ids, emissionIds: [] } });
  return { inserted };
}

/** Why the job's lots cannot go: miles of them already taken by emissions. */
export async function lotUndoRefusals(tx: Db, { agencyId, jobId }: { agencyId: string; jobId: string }) {
  const rows = rowsOf<{ program: string; account_number: string; used: number }>(
    await tx.execute(sql`
      SELECT l.program, l.account_number, (l.original_quantity - l.remaining_quantity)::int AS used
      FROM mile_lots l
      WHERE l.agency_id = ${agencyId} AND l.import_job_id = ${jobId} AND l.deleted_at IS NULL
        AND l.remaining_quantity < l.original_quantity
      ORDER BY l.purchase_date, l.id
      LIMIT 10`),
  );
  return rows.map(
    (r) =>
      `Lote ${programName(r.program)} da conta ${r.account_number}: ${formatNumber(r.used)} milhas já usadas em emissões`,
  );
}

/** The job's lots soft-deleted with their purchase postings (softDeleteLotRows). */
export async function undoLotRows(
  tx: Db,
  { agencyId, jobId, today }: { agencyId: string; jobId: string; today: string },
) {
  const ids = await liveRowsOfJob(tx, { table: 'mile_lots', agencyId, jobId });
  const { deleted } = await softDeleteLotRows(tx, { agencyId, ids });
  await followAlerts(tx, { agencyId, today, scope: { lotIds: ids, emissionIds: [] } });
  return deleted;
}

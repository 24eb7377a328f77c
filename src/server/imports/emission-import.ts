import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { onlyDigits } from '../../domain/documents';
import { computeEmissionFinancials, INITIAL_EMISSION_STATUS } from '../../domain/emissions/emission.rules';
import {
  EMISSION_STATUS_LABELS,
  feesCentsSchema,
  milesUsedSchema,
  pnrSchema,
  ravCentsSchema,
  revenueCentsSchema,
  routeSchema,
  type EmissionStatus,
} from '../../domain/emissions/emission.schema';
import { IMPORT_MESSAGES, type ImportMapping } from '../../domain/imports/import.schema';
import {
  NO_LOTS_MESSAGE,
  planAllocation,
  SHORTAGE_MESSAGE_PT,
  type AllocationPolicy,
} from '../../domain/lots/allocation';
import { lotStatusAfterAllocation } from '../../domain/lots/lot.rules';
import { parseDecimalInput } from '../../domain/money';
import { isPointsProgram, programName, type ProgramKey } from '../../domain/programs';
import { TRANSFER_MESSAGES } from '../../domain/transfers/transfer.schema';
import { z } from '../../domain/zod';
import { getSettings } from '../agency/agency.queries';
import { followAlerts } from '../alerts/alerts.service';
import type { Db } from '../db/client';
import { rowsOf, textArray, uuidArray } from '../db/rows';
import { softDeleteEmissions } from '../emissions/emissions.service';
import { AppError } from '../http/errors';
import { programOf } from './lot-import';
import type { ImportTable } from './read-file';
import {
  columnIndexes,
  forEachRow,
  liveRowsOfJob,
  type CheckContext,
  type Lookup,
  importChoice,
  importDate,
  RowErrors,
} from './import-values';

// Emissions from a spreadsheet (issue #17): the client by CPF/CNPJ or e-mail, the account by
// program + number among the client's, the figures checked by the emission form's schemas; the
// miles come from the account's lots through the allocation engine's planner (the agency's
// policy), unless the row says the emission is history that takes none ("Baixa milhas: Não").

const M = IMPORT_MESSAGES;

/** The emission form's own field schemas (src/domain/emissions/emission.schema.ts), as one row. */
const emissionRowSchema = z.object({
  route: routeSchema,
  miles_used: milesUsedSchema,
  fees_cents: feesCentsSchema,
  revenue_cents: revenueCentsSchema,
  rav_cents: ravCentsSchema,
  pnr: pnrSchema,
  miles_cost_cents: feesCentsSchema,
});

/** The file's names for the schema's fields (errors are reported under the file's). */
const FIELD_OF: Record<string, string> = {
  miles_used: 'miles',
  fees_cents: 'fees',
  revenue_cents: 'revenue',
  rav_cents: 'rav',
  miles_cost_cents: 'miles_cost',
};

const STATUS_WORDS: Record<EmissionStatus, readonly string[]> = {
  pending: ['pendente'],
  processing: ['processando', 'em processamento', 'submetida'],
  issued: ['emitida', 'emitido', 'confirmado', 'confirmada', 'concluida', 'concluido'],
  failed: ['falhou', 'falha', 'erro'],
  cancelled: ['cancelada', 'cancelado'],
};

const YES_NO = { yes: ['sim', 's', 'yes', 'true', '1', 'x'], no: ['nao', 'n', 'no', 'false', '0'] } as const;

/** Statuses whose emission holds miles (a cancelled one has given them back). */
const HOLDS_MILES = new Set<EmissionStatus>(['pending', 'processing', 'issued', 'failed']);

export interface ImportedEmission {
  line: number;
  client_id: string;
  client_name: string;
  account_id: string;
  program: ProgramKey;
  pnr: string | null;
  route: string;
  miles_used: number;
  fees_cents: number;
  revenue_cents: number;
  rav_cents: number;
  /** Only for history that takes no miles: what they cost (R$), 0 when the file does not say. */
  given_miles_cost_cents: number;
  status: EmissionStatus;
  /** yyyy-MM-dd, or null (now). */
  issued_on: string | null;
  takes_miles: boolean;
}

export interface EmissionRowsCheck {
  total: number;
  /** Valid rows (all of them counted, kept or not). */
  valid: number;
  /** The valid rows, to write; when the check only counts (`keepRows` false), only those taking miles. */
  create: ImportedEmission[];
  errors: RowErrors;
  policy: AllocationPolicy;
}

interface LotState {
  id: string;
  account_id: string;
  remaining_quantity: number;
  cost_per_thousand: string;
  expiry_date: string | null;
  purchase_date: string;
  status: string;
}

/**
 * Every row checked; nothing written. The clients the file names are looked up first (one query),
 * so that each row is settled as it is visited: with `keepRows` false (a dry run, the request that
 * queues the job) only the rows taking miles are kept, for the miles' plan, and the others counted
 * (100,000 rows: ~52 MB less held through the plan; no faster — docs/performance.md, stop 48).
 */
export async function checkEmissionRows(
  lookup: Lookup,
  { agencyId, table, mapping, today, onProgress, keepRows = true }: CheckContext,
): Promise<EmissionRowsCheck> {
  const errors = new RowErrors('emissions');
  // The keys are read before the loop lets the rows go.
  const clientKeys = clientKeysOf(table, mapping);
  const clients = await lookup((db) => clientsByKey(db, agencyId, clientKeys));
  /** The valid rows in the file's order: all of them, or only those taking miles (`keepRows` false). */
  const create: ImportedEmission[] = [];
  let valid = 0;

  await forEachRow(table, mapping, errors, onProgress, (cell, line) => {
    const clientKey = clientKeyOf(cell('client'));
    if (!clientKey) errors.add(line, 'client', cell('client'), M.clientNotFound);
    const program = programOf(cell('program'));
    if (!program) errors.add(line, 'program', cell('program'), M.programUnknown);
    else if (isPointsProgram(program)) {
      errors.add(line, 'program', cell('program'), TRANSFER_MESSAGES.pointsAccountEmission);
    }
    const accountNumber = cell('account_number');
    if (!accountNumber) errors.add(line, 'account_number', '', M.accountNotFound);
    const issuedOn = importDate(cell('issued_on'));
    if (issuedOn === undefined) errors.add(line, 'issued_on', cell('issued_on'), M.dateInvalid);
    else if (issuedOn !== null && issuedOn > today) {
      errors.add(line, 'issued_on', cell('issued_on'), 'A data da emissão não pode estar no futuro');
    }
    const statusCell = cell('status');
    const status = statusCell === '' ? 'issued' : importChoice(statusCell, STATUS_WORDS);
    if (!status)
      errors.add(
        line,
        'status',
        statusCell,
        `Status inválido: use ${Object.values(EMISSION_STATUS_LABELS).join(', ')}`,
      );
    const takesCell = cell('takes_miles');
    const takes = takesCell === '' ? 'yes' : importChoice(takesCell, YES_NO);
    if (!takes) errors.add(line, 'takes_miles', takesCell, 'Use Sim ou Não');
    // "12.000" is how a Brazilian sheet writes miles: read as 12000 (not as twelve).
    const milesCell = cell('miles');
    // A whole number ("12.000,00" too) goes as its digits; anything else as typed, for the schema's message.
    const milesRead = parseDecimalInput(milesCell, 4);
    const wholeMiles = milesRead?.endsWith('.0000') ? milesRead.slice(0, -'.0000'.length) : null;
    const result = emissionRowSchema.safeParse({
      route: cell('route'),
      miles_used: wholeMiles ?? milesCell,
      fees_cents: cell('fees'),
      revenue_cents: cell('revenue'),
      rav_cents: cell('rav'),
      pnr: cell('pnr'),
      miles_cost_cents: cell('miles_cost'),
    });
    if (!result.success) {
      errors.addIssues(
        line,
        result.error.issues.map((issue) => ({ ...issue, path: [FIELD_OF[String(issue.path[0])] ?? issue.path[0]!] })),
        cell,
      );
      return;
    }
    if (errors.has(line) || !clientKey || !program || !status || !takes || issuedOn === undefined) return;
    const client = clients.get(clientKey);
    if (!client) {
      errors.add(line, 'client', clientKey, M.clientNotFound);
      return;
    }
    if (client.ambiguous) {
      errors.add(line, 'client', clientKey, M.clientAmbiguous);
      return;
    }
    const account = accountOf(client.accounts, program, accountNumber);
    if (!account) {
      errors.add(
        line,
        'account_number',
        accountNumber,
        `${client.name} não tem conta ${programName(program)} de número ${accountNumber}`,
      );
      return;
    }
    valid += 1;
    const takesMiles = takes === 'yes' && HOLDS_MILES.has(status);
    if (!keepRows && !takesMiles) return;
    const v = result.data;
    create.push({
      line,
      client_id: client.id,
      client_name: client.name,
      account_id: account,
      program,
      pnr: v.pnr,
      route: v.route,
      miles_used: v.miles_used,
      fees_cents: v.fees_cents,
      revenue_cents: v.revenue_cents,
      rav_cents: v.rav_cents,
      given_miles_cost_cents: v.miles_cost_cents,
      status,
      issued_on: issuedOn,
      takes_miles: takesMiles,
    });
  });

  // The miles, planned row by row in the file's order over what the lots have now.
  const { settings, lots } = await lookup(async (db) => ({
    settings: await getSettings(db, { agencyId }),
    lots: await lotsOf(db, agencyId, create, false),
  }));
  const policy = settings?.lot_allocation_policy ?? 'cheapest';
  const served = planMiles(create, lots, { policy, today });
  const check: EmissionRowsCheck = { total: table.rows.length, valid, create: [], errors, policy };
  for (const e of create) {
    const problem = served.problems.get(e);
    if (problem) {
      errors.add(e.line, 'miles', String(e.miles_used), problem);
      check.valid -= 1;
    } else check.create.push(e);
  }
  return check;
}

/** "529.982.247-25" → the digits; "Ana@Exemplo.com" → the e-mail in lower case; else null. */
function clientKeyOf(cell: string): string | null {
  if (cell.includes('@')) return cell.trim().toLowerCase();
  const digits = onlyDigits(cell);
  return digits.length === 11 || digits.length === 14 ? digits : null;
}

/** The client keys of the file's rows (all of them: the valid rows' are among them). */
function clientKeysOf(table: ImportTable, mapping: ImportMapping): string[] {
  const column = columnIndexes(table, mapping).get('client') ?? -1;
  const keys: string[] = [];
  if (column < 0) return keys;
  for (const row of table.rows) {
    const key = clientKeyOf(row[column] ?? '');
    if (key) keys.push(key);
  }
  return keys;
}

/** A client's account, as its rows name it. */
interface ClientAccount {
  program: string;
  number: string;
  id: string;
}

/**
 * The id of the client's account of `program` numbered `number`. A client holds a few accounts:
 * looked through, rather than hashed by a key built for each of the file's rows.
 */
function accountOf(accounts: readonly ClientAccount[], program: string, number: string): string | undefined {
  for (const a of accounts) if (a.program === program && a.number === number) return a.id;
  return undefined;
}

/** The agency's live clients named by CPF/CNPJ or e-mail, each with its accounts. */
async function clientsByKey(db: Db, agencyId: string, keys: string[]) {
  const found = new Map<string, { id: string; name: string; accounts: ClientAccount[]; ambiguous?: boolean }>();
  const unique = new Set(keys);
  if (unique.size === 0) return found;
  const documents: string[] = [];
  const emails: string[] = [];
  for (const key of unique) (key.includes('@') ? emails : documents).push(key);
  const rows = rowsOf<{
    key: string;
    id: string;
    name: string;
    program: string | null;
    account_number: string | null;
    account_id: string | null;
  }>(
    await db.execute(sql`
      -- Each kind of key by its own list, the clients' column compared with it (a hashed
      -- "= ANY"): estimated as many rows as it finds. A join with one list of both kinds was
      -- planned as millions of rows (merge join, sorts spilled to disk; 0.25 s against 0.12 s).
      WITH matched AS (
        SELECT c.document AS key, c.id, c.name FROM clients c
        WHERE c.agency_id = ${agencyId} AND c.deleted_at IS NULL AND c.document = ANY(${textArray(documents)}::text[])
        UNION ALL
        SELECT lower(c.email) AS key, c.id, c.name FROM clients c
        WHERE c.agency_id = ${agencyId} AND c.deleted_at IS NULL AND lower(c.email) = ANY(${textArray(emails)}::text[])
      )
      SELECT m.key, m.id, m.name, a.program, a.account_number, a.id AS account_id
      FROM matched m LEFT JOIN loyalty_accounts a ON a.agency_id = ${agencyId} AND a.client_id = m.id AND a.deleted_at IS NULL`),
  );
  for (const r of rows) {
    const client = found.get(r.key) ?? { id: r.id, name: r.name, accounts: [] };
    // An e-mail (or document) several clients share names none of them: the row must say which.
    if (client.id !== r.id) client.ambiguous = true;
    if (r.program && r.account_number && r.account_id)
      client.accounts.push({ program: r.program, number: r.account_number, id: r.account_id });
    found.set(r.key, client);
  }
  return found;
}

/** The live lots of the accounts the rows take miles from; locked (in id order) when writing. */
async function lotsOf(db: Db, agencyId: string, rows: readonly ImportedEmission[], lock: boolean) {
  const accounts = [...new Set(rows.filter((r) => r.takes_miles).map((r) => r.account_id))];
  if (accounts.length === 0) return [];
  return rowsOf<LotState>(
    await db.execute(sql`
      SELECT id, account_id, remaining_quantity, cost_per_thousand::text AS cost_per_thousand,
        expiry_date::text AS expiry_date, purchase_date::text AS purchase_date, status
      FROM mile_lots
      WHERE agency_id = ${agencyId} AND deleted_at IS NULL
        AND account_id = ANY(${uuidArray(accounts)}::uuid[])
      ORDER BY id${lock ? sql` FOR NO KEY UPDATE` : sql``}`),
  );
}

interface PlannedRow {
  allocations: { lot_id: string; miles: number; cost_per_thousand: string; cost_cents: number }[];
  miles_cost_cents: number;
}

/**
 * Each row's miles planned by the allocation engine's planner, in the file's order, over the
 * account's lots as the rows before it left them. A row that cannot be served says why; a row
 * taking no miles has no plan (it costs what the file says).
 */
function planMiles(
  rows: readonly ImportedEmission[],
  lots: LotState[],
  options: { policy: AllocationPolicy; today: string },
) {
  const byAccount = new Map<string, LotState[]>();
  for (const lot of lots) {
    const list = byAccount.get(lot.account_id) ?? [];
    list.push({ ...lot });
    byAccount.set(lot.account_id, list);
  }
  const plans = new Map<ImportedEmission, PlannedRow>();
  const problems = new Map<ImportedEmission, string>();
  for (const row of rows) {
    if (!row.takes_miles) continue;
    const candidates = byAccount.get(row.account_id) ?? [];
    const plan = planAllocation(candidates, row.miles_used, options);
    if (!plan.ok) {
      problems.set(
        row,
        plan.shortage.available === 0 ? NO_LOTS_MESSAGE(row.miles_used) : SHORTAGE_MESSAGE_PT(plan.shortage.missing),
      );
      continue;
    }
    for (const a of plan.allocations) {
      const lot = candidates.find((l) => l.id === a.lot_id)!;
      lot.remaining_quantity -= a.miles;
      lot.status = lotStatusAfterAllocation(lot.remaining_quantity);
    }
    plans.set(row, { allocations: plan.allocations, miles_cost_cents: plan.total_cost_cents });
  }
  return { plans, problems, lots: byAccount };
}

const CHUNK = 5000;

/** The moment an imported emission happened: its day at noon in São Paulo, or the import's. */
const momentOf = (day: string | null) => (day ? `${day} 12:00:00-03` : null);

/**
 * The accepted emissions written in one transaction: the accounts' lots locked (in id order, as
 * every allocation does), the miles planned again over what they hold now (a refusal if another
 * write took them since the check), then the emissions, their allocations and the lots' new
 * balances; the kept figures follow through their triggers.
 *
 * The rows go first into a temporary table (5,000 a statement: the JSON sent stays small), then
 * into emissions by one statement, in the order of their moments: the triggers move each client's
 * and day's kept figures once for the whole file rather than once per 5,000 rows (each move in a
 * long transaction leaves a row version the next ones walk past), and the indexes on the moment
 * are filled page after page (docs/performance.md, imports, stop 47).
 */
export async function writeEmissionRows(
  tx: Db,
  {
    agencyId,
    userId,
    jobId,
    check,
    today,
  }: { agencyId: string; userId: string | null; jobId: string; check: EmissionRowsCheck; today: string },
): Promise<{ inserted: number }> {
  const lots = await lotsOf(tx, agencyId, check.create, true);
  const { plans, problems, lots: after } = planMiles(check.create, lots, { policy: check.policy, today });
  if (problems.size > 0) {
    const [row, message] = [...problems.entries()][0]!;
    throw new AppError(
      'IMPORT_MILES_CHANGED',
      `As milhas das contas mudaram desde a validação (linha ${row.line}: ${message}). Valide e importe de novo.`,
      { status: 409 },
    );
  }
  const ids: string[] = [];
  // Dropped with the transaction, committed or not; its row type reads the JSON sent below.
  await tx.execute(sql`
    CREATE TEMP TABLE emission_import_rows (id uuid, client_id uuid, account_id uuid, pnr text, route text,
      miles_used int, fees_cents bigint, revenue_cents bigint, rav_cents bigint, miles_cost_cents bigint,
      margin_cents bigint, status text, at timestamptz, allocations jsonb) ON COMMIT DROP`);
  for (let i = 0; i < check.create.length; i += CHUNK) {
    const part = check.create.slice(i, i + CHUNK).map((e) => {
      const plan = plans.get(e) ?? { allocations: [], miles_cost_cents: e.given_miles_cost_cents };
      const { margin_cents } = computeEmissionFinancials({
        miles_cost_cents: plan.miles_cost_cents,
        fees_cents: e.fees_cents,
        revenue_cents: e.revenue_cents,
        rav_cents: e.rav_cents,
      });
      const at = momentOf(e.issued_on);
      const id = randomUUID();
      ids.push(id);
      return {
        id,
        client_id: e.client_id,
        account_id: e.account_id,
        pnr: e.pnr,
        route: e.route,
        miles_used: e.miles_used,
        fees_cents: e.fees_cents,
        revenue_cents: e.revenue_cents,
        rav_cents: e.rav_cents,
        miles_cost_cents: plan.miles_cost_cents,
        margin_cents,
        status: e.status ?? INITIAL_EMISSION_STATUS,
        at,
        allocations: plan.allocations,
      };
    });
    await tx.execute(sql`
      INSERT INTO emission_import_rows
      SELECT * FROM jsonb_populate_recordset(NULL::emission_import_rows, ${JSON.stringify(part)}::jsonb)`);
  }
  await tx.execute(sql`
      WITH added AS (
        INSERT INTO emissions (id, agency_id, import_job_id, client_id, account_id, pnr, route, miles_used, fees_cents,
          revenue_cents, rav_cents, miles_cost_cents, margin_cents, status, created_by, created_at, submitted_at,
          issued_at, failed_at, cancelled_at)
        SELECT r.id, ${agencyId}, ${jobId}, r.client_id, r.account_id, r.pnr, r.route, r.miles_used, r.fees_cents,
          r.revenue_cents, r.rav_cents, r.miles_cost_cents, r.margin_cents, r.status, ${userId},
          coalesce(r.at, now()), coalesce(r.at, now()),
          CASE WHEN r.status = 'issued' THEN coalesce(r.at, now()) END,
          CASE WHEN r.status = 'failed' THEN coalesce(r.at, now()) END,
          CASE WHEN r.status = 'cancelled' THEN coalesce(r.at, now()) END
        FROM emission_import_rows r
        ORDER BY coalesce(r.at, now()), r.id
        RETURNING id
      )
      INSERT INTO emission_allocations (agency_id, emission_id, lot_id, miles, cost_per_thousand, cost_cents)
      SELECT ${agencyId}, r.id, a.lot_id, a.miles, a.cost_per_thousand, a.cost_cents
      FROM emission_import_rows r JOIN added ON added.id = r.id
      CROSS JOIN LATERAL jsonb_to_recordset(r.allocations) AS a(lot_id uuid, miles int, cost_per_thousand numeric, cost_cents bigint)`);
  // The lots' new balances, one statement.
  const changed = lots.flatMap((before) => {
    const now = after.get(before.account_id)!.find((l) => l.id === before.id)!;
    return now.remaining_quantity === before.remaining_quantity
      ? []
      : [{ id: now.id, remaining_quantity: now.remaining_quantity, status: now.status }];
  });
  if (changed.length > 0) {
    await tx.execute(sql`
      UPDATE mile_lots l SET remaining_quantity = v.remaining_quantity, status = v.status, updated_at = now()
      FROM jsonb_to_recordset(${JSON.stringify(changed)}::jsonb) AS v(id uuid, remaining_quantity int, status text)
      WHERE l.agency_id = ${agencyId} AND l.id = v.id`);
  }
  await followAlerts(tx, { agencyId, today, scope: { lotIds: changed.map((l) => l.id), emissionIds: ids } });
  return { inserted: ids.length };
}

/** Why the job's emissions cannot go: money posted against them since. */
export async function emissionUndoRefusals(tx: Db, { agencyId, jobId }: { agencyId: string; jobId: string }) {
  const rows = rowsOf<{ route: string; pnr: string | null; n: number }>(
    await tx.execute(sql`
      SELECT e.route, e.pnr, count(f.id)::int AS n
      FROM emissions e JOIN financial_entries f ON f.agency_id = e.agency_id AND f.emission_id = e.id AND f.deleted_at IS NULL
      WHERE e.agency_id = ${agencyId} AND e.import_job_id = ${jobId} AND e.deleted_at IS NULL
      GROUP BY e.id, e.route, e.pnr, e.created_at
      ORDER BY e.created_at, e.id
      LIMIT 10`),
  );
  return rows.map(
    (r) =>
      `Emissão ${r.route}${r.pnr ? ` (${r.pnr})` : ''}: ${r.n} lançamento(s) financeiro(s) registrado(s) depois da importação`,
  );
}

/** The job's emissions soft-deleted: their miles go back to their lots (softDeleteEmissions). */
export async function undoEmissionRows(
  tx: Db,
  { agencyId, jobId, today }: { agencyId: string; jobId: string; today: string },
) {
  const ids = await liveRowsOfJob(tx, { table: 'emissions', agencyId, jobId });
  const { count } = await softDeleteEmissions(tx, { agencyId, ids }, { today });
  return count;
}

// The SQL of transfers, credits and conversions (issue #23, docs/decisions/0029-transfers-and-credits.md).
// Lock order (docs/decisions/0011-lock-order-and-retries.md): a transfer locks its source lots
// first, as an emission does; crediting locks the credits it turns into lots (new rows, locked by
// nobody else); cancelling a credit locks its transfer's credits, then the lot that takes its cost.

import { sql, type SQL } from 'drizzle-orm';
import { PROGRAM_KEYS, PROGRAMS } from '../../domain/programs';
import type { LockedLot } from '../allocation/allocation.service';
import type { Db } from '../db/client';
import { rowsOf, uuidArray } from '../db/rows';

export interface AccountRow {
  id: string;
  program: string;
  account_number: string;
  client_id: string | null;
  holder_name: string | null;
}

/** The agency's live accounts among `ids`, with their holder's name. */
export async function getAccounts(db: Db, { agencyId, ids }: { agencyId: string; ids: string[] }) {
  return rowsOf<AccountRow>(
    await db.execute(sql`SELECT a.id, a.program, a.account_number, a.client_id, c.name AS holder_name
      FROM loyalty_accounts a
      LEFT JOIN clients c ON c.agency_id = a.agency_id AND c.id = a.client_id
      WHERE a.agency_id = ${agencyId} AND a.id = ANY(${uuidArray(ids)}::uuid[]) AND a.deleted_at IS NULL`),
  );
}

/** The agency's ratio for a pair; null when it never set one (1:1). */
export async function getConversionRatio(
  db: Db,
  { agencyId, source, destination }: { agencyId: string; source: string; destination: string },
): Promise<string | null> {
  const [row] = rowsOf<{ ratio: string }>(
    await db.execute(sql`SELECT ratio::text AS ratio FROM program_conversions
      WHERE agency_id = ${agencyId} AND source_program = ${source} AND destination_program = ${destination}`),
  );
  return row?.ratio ?? null;
}

export async function getConversions(db: Db, agencyId: string) {
  return rowsOf<{ source_program: string; destination_program: string; ratio: string }>(
    await db.execute(sql`SELECT source_program, destination_program, ratio::text AS ratio
      FROM program_conversions WHERE agency_id = ${agencyId}`),
  );
}

export async function upsertConversion(
  db: Db,
  params: { agencyId: string; userId: string | null; source: string; destination: string; ratio: string },
) {
  const [row] = rowsOf<{ previous: string | null }>(
    await db.execute(sql`WITH previous AS (
        SELECT ratio FROM program_conversions
        WHERE agency_id = ${params.agencyId} AND source_program = ${params.source} AND destination_program = ${params.destination}
      ), saved AS (
        INSERT INTO program_conversions (agency_id, source_program, destination_program, ratio, updated_by)
        VALUES (${params.agencyId}, ${params.source}, ${params.destination}, ${params.ratio}, ${params.userId})
        ON CONFLICT (agency_id, source_program, destination_program)
        DO UPDATE SET ratio = excluded.ratio, updated_by = excluded.updated_by, updated_at = now()
        RETURNING 1
      )
      SELECT (SELECT ratio::text FROM previous) AS previous FROM saved`),
  );
  return row?.previous ?? null;
}

/** The account's lots a transfer may take points from that day, locked in id order (as allocations lock them). */
export async function lockEligibleLots(
  db: Db,
  { agencyId, accountId, today }: { agencyId: string; accountId: string; today: string },
): Promise<LockedLot[]> {
  return rowsOf<LockedLot>(
    await db.execute(sql`SELECT id, remaining_quantity, cost_per_thousand::text AS cost_per_thousand,
        expiry_date::text AS expiry_date, purchase_date::text AS purchase_date, status, supplier
      FROM mile_lots
      WHERE agency_id = ${agencyId} AND account_id = ${accountId} AND deleted_at IS NULL
        AND status = 'available' AND remaining_quantity > 0 AND (expiry_date IS NULL OR expiry_date >= ${today}::date)
      ORDER BY id FOR NO KEY UPDATE`),
  );
}

export interface NewTransfer {
  id: string;
  source_account_id: string;
  destination_account_id: string;
  points: number;
  ratio: string;
  bonus_percent: number;
  base_miles: number;
  bonus_miles: number;
  points_cost_cents: number;
  extra_cost_cents: number;
  transfer_date: string;
  notes: string | null;
  created_by: string | null;
}

export interface NewCredit {
  account_id: string;
  kind: 'transfer_base' | 'transfer_bonus';
  expected_quantity: number;
  cost_cents: number;
  credit_date: string;
}

/**
 * Writes a transfer in one statement: the transfer, its points out of the source lots (their
 * remaining and status, and the lot_withdrawals rows, only for a lot actually updated), its
 * credits, and the extra cost's posting (a cash expense) when there is one. Returns the credits'
 * ids and dates.
 */
export async function insertTransfer(
  db: Db,
  params: {
    agencyId: string;
    transfer: NewTransfer;
    take: { lot_id: string; miles: number; status: string; cost_per_thousand: string; cost_cents: number }[];
    credits: NewCredit[];
    extraEntry: { id: string; description: string } | null;
  },
) {
  const { agencyId, transfer: t } = params;
  const extra: SQL = params.extraEntry
    ? sql`, extra AS (
        INSERT INTO financial_entries (id, agency_id, ref_type, kind, category, amount_cents, description, entry_date, created_by)
        VALUES (${params.extraEntry.id}, ${agencyId}, 'none', 'expense', 'lot_purchase', ${-t.extra_cost_cents},
          ${params.extraEntry.description}, ${t.transfer_date}, ${t.created_by})
        RETURNING id
      )`
    : sql``;
  return rowsOf<{ id: string; credit_date: string }>(
    await db.execute(sql`WITH transfer AS (
        INSERT INTO mile_transfers (id, agency_id, source_account_id, destination_account_id, points, ratio, bonus_percent,
          base_miles, bonus_miles, points_cost_cents, extra_cost_cents, transfer_date, extra_entry_id, notes, created_by)
        VALUES (${t.id}, ${agencyId}, ${t.source_account_id}, ${t.destination_account_id}, ${t.points}, ${t.ratio},
          ${t.bonus_percent}, ${t.base_miles}, ${t.bonus_miles}, ${t.points_cost_cents}, ${t.extra_cost_cents},
          ${t.transfer_date}, ${params.extraEntry?.id ?? null}, ${t.notes}, ${t.created_by})
        RETURNING id
      ), taken AS (
        UPDATE mile_lots l SET remaining_quantity = l.remaining_quantity - v.miles, status = v.status, updated_at = now()
        FROM jsonb_to_recordset(${JSON.stringify(params.take)}::jsonb) AS v(lot_id uuid, miles integer, status text)
        WHERE l.agency_id = ${agencyId} AND l.id = v.lot_id
        RETURNING l.id
      ), withdrawn AS (
        INSERT INTO lot_withdrawals (agency_id, lot_id, transfer_id, miles, cost_per_thousand, cost_cents)
        SELECT ${agencyId}, v.lot_id, ${t.id}, v.miles, v.cost_per_thousand, v.cost_cents
        FROM jsonb_to_recordset(${JSON.stringify(params.take)}::jsonb)
          AS v(lot_id uuid, miles integer, cost_per_thousand numeric, cost_cents bigint)
        JOIN taken ON taken.id = v.lot_id
        RETURNING id
      )${extra}
      INSERT INTO mile_credits (agency_id, account_id, transfer_id, kind, expected_quantity, cost_cents, credit_date)
      SELECT ${agencyId}, c.account_id, (SELECT id FROM transfer), c.kind, c.expected_quantity, c.cost_cents, c.credit_date
      FROM jsonb_to_recordset(${JSON.stringify(params.credits)}::jsonb)
        AS c(account_id uuid, kind text, expected_quantity integer, cost_cents bigint, credit_date date)
      WHERE (SELECT count(*) FROM withdrawn) >= 0
      RETURNING id, credit_date::text AS credit_date`),
  );
}

export interface DueCredit {
  id: string;
  account_id: string;
  program: string;
  account_number: string;
  kind: string;
  expected_quantity: number;
  cost_cents: number;
  credit_date: string;
  transfer_date: string | null;
  from_program: string | null;
  bonus_percent: number | null;
}

const DUE_COLUMNS = sql`c.id, c.account_id, a.program, a.account_number, c.kind, c.expected_quantity,
  c.cost_cents::bigint AS cost_cents, c.credit_date::text AS credit_date, t.transfer_date::text AS transfer_date,
  s.program AS from_program, t.bonus_percent`;
const DUE_FROM = sql`FROM mile_credits c
  JOIN loyalty_accounts a ON a.agency_id = c.agency_id AND a.id = c.account_id
  LEFT JOIN mile_transfers t ON t.agency_id = c.agency_id AND t.id = c.transfer_id
  LEFT JOIN loyalty_accounts s ON s.agency_id = t.agency_id AND s.id = t.source_account_id`;

/** The agency's pending credits whose day has come (or the ones named), locked in id order. */
export async function lockPendingCredits(
  db: Db,
  params: { agencyId: string; dueBy?: string; ids?: string[] },
): Promise<DueCredit[]> {
  const which = params.ids
    ? sql`c.id = ANY(${uuidArray(params.ids)}::uuid[])`
    : sql`c.credit_date <= ${params.dueBy!}::date`;
  return rowsOf<DueCredit>(
    await db.execute(sql`SELECT ${DUE_COLUMNS} ${DUE_FROM}
      WHERE c.agency_id = ${params.agencyId} AND c.status = 'pending' AND ${which}
      ORDER BY c.id FOR NO KEY UPDATE OF c`),
  ).map((r) => ({ ...r, cost_cents: Number(r.cost_cents) }));
}

/** Each programme's validity in months and name, as a relation p(program, months, name) for the crediting statement. */
const PROGRAM_FACTS = sql.raw(
  `(VALUES ${PROGRAM_KEYS.map(
    (k) => `('${k}', ${PROGRAMS[k].expiryMonths ?? 'NULL'}::int, '${PROGRAMS[k].name.replace(/'/g, "''")}')`,
  ).join(', ')}) AS p(program, months, name)`,
);

/**
 * Turns pending credits into lots in one statement: those due by `dueBy`, or the ones named (with
 * the miles that came, `quantity`, and the day, `day`, when given). Each lot carries its credit's
 * whole cost over the miles credited, is dated the day they came, expires after its programme's
 * validity, and is named by where its miles came from; it has no purchase posting (its points'
 * lot had it, decision 0029). The credits are marked credited first, by the UPDATE that locks
 * them (one write per credit, no separate lock pass), and the lots are made from what it returns:
 * a concurrent run waits on those rows, finds them no longer pending and skips them, so a credit
 * is never credited twice; one already credited or cancelled is left alone. The credits' lot_id
 * foreign key is checked at the statement's end, when the lots exist. Returns the credited ids.
 */
export async function creditPendingCredits(
  db: Db,
  params: {
    agencyId: string;
    today: string;
    dueBy?: string;
    ids?: string[];
    quantity?: number | null;
    day?: string | null;
  },
): Promise<string[]> {
  const { agencyId } = params;
  const which = params.ids
    ? sql`c.id = ANY(${uuidArray(params.ids)}::uuid[])`
    : sql`c.credit_date <= ${params.dueBy ?? params.today}::date`;
  const from = sql`coalesce(ps.name, 'outro programa')`;
  const when = sql`coalesce(' de ' || to_char(t.transfer_date, 'DD/MM/YYYY'), '')`;
  return rowsOf<{ id: string }>(
    await db.execute(sql`WITH credited AS (
        UPDATE mile_credits c SET status = 'credited', lot_id = gen_random_uuid(),
          quantity = coalesce(${params.quantity ?? null}::int, c.expected_quantity),
          credited_on = coalesce(${params.day ?? null}::date, c.credit_date), updated_at = now()
        WHERE c.agency_id = ${agencyId} AND c.status = 'pending' AND ${which}
        RETURNING c.id, c.lot_id, c.account_id, c.transfer_id, c.club_id, c.club_month, c.kind, c.quantity, c.cost_cents,
          c.credited_on AS day
      ), due AS (
        SELECT c.id, c.lot_id, c.account_id, a.program, a.account_number, c.quantity, c.cost_cents, c.day, p.months,
          CASE c.kind WHEN 'club' THEN k.plan_name WHEN 'transfer_bonus' THEN 'Bônus transferência ' || ${from}
            ELSE 'Transferência ' || ${from} END AS supplier,
          CASE c.kind WHEN 'club' THEN 'Mensalidade de ' || to_char(c.club_month, 'MM/YYYY') || ' do ' || k.plan_name
            WHEN 'transfer_bonus' THEN 'Bônus de ' || coalesce(t.bonus_percent, 0) || '% da transferência ' || ${from} || ${when}
            ELSE 'Milhas da transferência ' || ${from} || ${when} END AS notes
        FROM credited c
        JOIN loyalty_accounts a ON a.agency_id = ${agencyId} AND a.id = c.account_id
        LEFT JOIN ${PROGRAM_FACTS} ON p.program = a.program
        LEFT JOIN mile_transfers t ON t.agency_id = ${agencyId} AND t.id = c.transfer_id
        LEFT JOIN mile_clubs k ON k.agency_id = ${agencyId} AND k.id = c.club_id
        LEFT JOIN loyalty_accounts s ON s.agency_id = t.agency_id AND s.id = t.source_account_id
        LEFT JOIN (SELECT program, name FROM ${PROGRAM_FACTS}) ps ON ps.program = s.program
      ), dated AS (
        SELECT due.*, CASE WHEN months IS NULL THEN NULL ELSE (day + make_interval(months => months))::date END AS expiry
        FROM due
      ), lots AS (
        INSERT INTO mile_lots (id, agency_id, account_id, program, account_number, original_quantity, remaining_quantity,
          total_cost_cents, cost_per_thousand, purchase_date, expiry_date, supplier, notes, status)
        SELECT lot_id, ${agencyId}, account_id, program, account_number, quantity, quantity, cost_cents,
          round(cost_cents * 10.0 / quantity, 4), day, expiry, supplier, notes,
          CASE WHEN expiry < ${params.today}::date THEN 'expired' ELSE 'available' END
        FROM dated
        RETURNING id
      )
      SELECT id FROM credited WHERE (SELECT count(*) FROM lots) >= 0`),
  ).map((r) => r.id);
}

export interface SiblingRow {
  id: string;
  status: 'pending' | 'credited' | 'cancelled';
  transfer_id: string | null;
  cost_cents: number;
  lot_id: string | null;
  lot_remaining: number | null;
  lot_cost_per_thousand: string | null;
}

/** A credit and the other credits of its transfer, locked in id order; empty when not this agency's. */
export async function lockCreditWithSiblings(db: Db, { agencyId, id }: { agencyId: string; id: string }) {
  return rowsOf<SiblingRow>(
    await db.execute(sql`SELECT c.id, c.status, c.transfer_id, c.cost_cents::bigint AS cost_cents, c.lot_id,
        l.remaining_quantity AS lot_remaining, l.cost_per_thousand::text AS lot_cost_per_thousand
      FROM mile_credits c
      LEFT JOIN mile_lots l ON l.agency_id = c.agency_id AND l.id = c.lot_id AND l.deleted_at IS NULL
      WHERE c.agency_id = ${agencyId} AND (c.id = ${id} OR c.transfer_id = (
        SELECT transfer_id FROM mile_credits WHERE agency_id = ${agencyId} AND id = ${id}))
      ORDER BY c.id FOR NO KEY UPDATE OF c`),
  ).map((r) => ({ ...r, cost_cents: Number(r.cost_cents) }));
}

export async function markCreditCancelled(db: Db, { agencyId, id }: { agencyId: string; id: string }) {
  await db.execute(sql`UPDATE mile_credits SET status = 'cancelled', cancelled_at = now(), updated_at = now()
    WHERE agency_id = ${agencyId} AND id = ${id}`);
}

export async function addCreditCost(db: Db, { agencyId, id, cents }: { agencyId: string; id: string; cents: number }) {
  await db.execute(sql`UPDATE mile_credits SET cost_cents = cost_cents + ${cents}, updated_at = now()
    WHERE agency_id = ${agencyId} AND id = ${id}`);
}

export async function addLotCost(
  db: Db,
  params: { agencyId: string; lotId: string; cents: number; costPerThousand: string },
) {
  await db.execute(sql`UPDATE mile_lots SET total_cost_cents = total_cost_cents + ${params.cents},
      cost_per_thousand = ${params.costPerThousand}, updated_at = now()
    WHERE agency_id = ${params.agencyId} AND id = ${params.lotId}`);
}

export async function addTransferLoss(
  db: Db,
  { agencyId, id, cents }: { agencyId: string; id: string; cents: number },
) {
  await db.execute(sql`UPDATE mile_transfers SET lost_cost_cents = lost_cost_cents + ${cents}
    WHERE agency_id = ${agencyId} AND id = ${id}`);
}

export async function lockLotForCost(db: Db, { agencyId, id }: { agencyId: string; id: string }) {
  const [row] = rowsOf<{ remaining_quantity: number; cost_per_thousand: string }>(
    await db.execute(sql`SELECT remaining_quantity, cost_per_thousand::text AS cost_per_thousand FROM mile_lots
      WHERE agency_id = ${agencyId} AND id = ${id} AND deleted_at IS NULL FOR NO KEY UPDATE`),
  );
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Reads

/** An account as `accountRefSchema` answers it, from the account `alias` and its holder `holder` (a client, or null). */
export const ACCOUNT_JSON = (alias: string, holder: string) =>
  sql.raw(`json_build_object('id', ${alias}.id, 'program', ${alias}.program, 'account_number', ${alias}.account_number,
    'holder_name', ${holder}.name)`);

const CREDIT_COLUMNS = sql`c.id, c.kind, c.status, c.transfer_id, ${ACCOUNT_JSON('a', 'h')} AS account, s.program AS from_program,
  c.expected_quantity, c.quantity, c.cost_cents::bigint AS cost_cents, c.credit_date::text AS credit_date,
  c.credited_on::text AS credited_on, c.lot_id`;
const CREDIT_FROM = sql`FROM mile_credits c
  JOIN loyalty_accounts a ON a.agency_id = c.agency_id AND a.id = c.account_id
  LEFT JOIN clients h ON h.agency_id = a.agency_id AND h.id = a.client_id
  LEFT JOIN mile_transfers t ON t.agency_id = c.agency_id AND t.id = c.transfer_id
  LEFT JOIN loyalty_accounts s ON s.agency_id = t.agency_id AND s.id = t.source_account_id`;

export interface CreditRow {
  id: string;
  kind: string;
  status: string;
  transfer_id: string | null;
  account: { id: string; program: string; account_number: string; holder_name: string | null };
  from_program: string | null;
  expected_quantity: number;
  quantity: number | null;
  cost_cents: number | string;
  credit_date: string;
  credited_on: string | null;
  lot_id: string | null;
}

export async function getCreditRows(db: Db, { agencyId, ids }: { agencyId: string; ids: string[] }) {
  return rowsOf<CreditRow>(
    await db.execute(sql`SELECT ${CREDIT_COLUMNS} ${CREDIT_FROM}
      WHERE c.agency_id = ${agencyId} AND c.id = ANY(${uuidArray(ids)}::uuid[]) ORDER BY c.credit_date, c.id`),
  );
}

/**
 * A page of credits: pending ones by the day they are due (soonest first), the others newest
 * first; with the total of the filter and everything still to come per programme.
 */
export async function getCreditsPage(
  db: Db,
  params: { agencyId: string; status?: string; accountId?: string; page: number; limit: number },
) {
  const filters = [sql`c.agency_id = ${params.agencyId}`];
  if (params.status) filters.push(sql`c.status = ${params.status}`);
  if (params.accountId) filters.push(sql`c.account_id = ${params.accountId}`);
  const where = sql.join(filters, sql` AND `);
  const order = params.status === 'pending' ? sql`c.credit_date, c.id` : sql`c.created_at DESC, c.id DESC`;
  const [rows, counts, pending] = [
    rowsOf<CreditRow>(
      await db.execute(sql`SELECT ${CREDIT_COLUMNS} ${CREDIT_FROM} WHERE ${where} ORDER BY ${order}
        LIMIT ${params.limit} OFFSET ${(params.page - 1) * params.limit}`),
    ),
    rowsOf<{ total: number }>(await db.execute(sql`SELECT count(*)::int AS total FROM mile_credits c WHERE ${where}`)),
    rowsOf<{ program: string; miles: string | number; cost_cents: string | number; credits: number }>(
      await db.execute(sql`SELECT a.program, sum(c.expected_quantity)::bigint AS miles, sum(c.cost_cents)::bigint AS cost_cents,
          count(*)::int AS credits
        FROM mile_credits c JOIN loyalty_accounts a ON a.agency_id = c.agency_id AND a.id = c.account_id
        WHERE c.agency_id = ${params.agencyId} AND c.status = 'pending'
          ${params.accountId ? sql`AND c.account_id = ${params.accountId}` : sql``}
        GROUP BY a.program ORDER BY a.program`),
    ),
  ];
  return { rows, total: counts[0]?.total ?? 0, pending };
}

export interface TransferRow {
  id: string;
  source_account: CreditRow['account'];
  destination_account: CreditRow['account'];
  points: number;
  ratio: string;
  bonus_percent: number;
  base_miles: number;
  bonus_miles: number;
  points_cost_cents: number | string;
  extra_cost_cents: number | string;
  lost_cost_cents: number | string;
  transfer_date: string;
  notes: string | null;
  created_at: string;
  credits: CreditRow[];
}

const TRANSFER_SELECT = sql`SELECT m.id, ${ACCOUNT_JSON('sa', 'sh')} AS source_account, ${ACCOUNT_JSON('da', 'dh')} AS destination_account,
    m.points, m.ratio::text AS ratio, m.bonus_percent, m.base_miles, m.bonus_miles, m.points_cost_cents::bigint AS points_cost_cents,
    m.extra_cost_cents::bigint AS extra_cost_cents, m.lost_cost_cents::bigint AS lost_cost_cents, m.transfer_date::text AS transfer_date,
    m.notes, m.created_at::text AS created_at,
    (SELECT coalesce(json_agg(json_build_object('id', c.id, 'kind', c.kind, 'status', c.status, 'transfer_id', c.transfer_id,
        'account', ${ACCOUNT_JSON('da', 'dh')}, 'from_program', sa.program, 'expected_quantity', c.expected_quantity,
        'quantity', c.quantity, 'cost_cents', c.cost_cents, 'credit_date', c.credit_date, 'credited_on', c.credited_on,
        'lot_id', c.lot_id) ORDER BY c.kind, c.id), '[]'::json)
      FROM mile_credits c WHERE c.agency_id = m.agency_id AND c.transfer_id = m.id) AS credits
  FROM mile_transfers m
  JOIN loyalty_accounts sa ON sa.agency_id = m.agency_id AND sa.id = m.source_account_id
  LEFT JOIN clients sh ON sh.agency_id = sa.agency_id AND sh.id = sa.client_id
  JOIN loyalty_accounts da ON da.agency_id = m.agency_id AND da.id = m.destination_account_id
  LEFT JOIN clients dh ON dh.agency_id = da.agency_id AND dh.id = da.client_id`;

export async function getTransferRow(db: Db, { agencyId, id }: { agencyId: string; id: string }) {
  const [row] = rowsOf<TransferRow>(
    await db.execute(sql`${TRANSFER_SELECT} WHERE m.agency_id = ${agencyId} AND m.id = ${id}`),
  );
  return row ?? null;
}

export async function getTransfersPage(db: Db, params: { agencyId: string; page: number; limit: number }) {
  const rows = rowsOf<TransferRow>(
    await db.execute(sql`${TRANSFER_SELECT} WHERE m.agency_id = ${params.agencyId}
      ORDER BY m.transfer_date DESC, m.created_at DESC, m.id DESC LIMIT ${params.limit} OFFSET ${(params.page - 1) * params.limit}`),
  );
  const [count] = rowsOf<{ total: number }>(
    await db.execute(sql`SELECT count(*)::int AS total FROM mile_transfers WHERE agency_id = ${params.agencyId}`),
  );
  return { rows, total: count?.total ?? 0 };
}

/** The agencies with a pending credit due by `today` (read as the owner, before any tenant is known). */
export async function getAgenciesWithDueCredits(db: Db, { today }: { today: string }) {
  return rowsOf<{ agency_id: string }>(
    await db.execute(sql`SELECT DISTINCT agency_id FROM mile_credits
      WHERE status = 'pending' AND credit_date <= ${today}::date ORDER BY agency_id`),
  ).map((r) => r.agency_id);
}

// The SQL of club subscriptions (issue #23, docs/decisions/0029-transfers-and-credits.md, "Clubs").
// Billing is one set-based statement: every month owed by the agency's subscriptions becomes a
// credit (unique per subscription and month: ON CONFLICT skips a month already billed), the
// credits are turned into lots by the credits' own statement, and the lots' purchases are posted
// from what those statements returned — never row by row.

import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf, uuidArray } from '../db/rows';

export interface ClubRow {
  id: string;
  account: { id: string; program: string; account_number: string; holder_name: string | null };
  plan_name: string;
  miles_per_month: number;
  monthly_price_cents: number | string;
  billing_day: number;
  start_date: string;
  end_date: string | null;
  payment_method: string;
  created_at: string;
  charges: number;
  miles_credited: number | string;
  paid_cents: number | string;
}

const CLUB_COLUMNS = sql`k.id, json_build_object('id', a.id, 'program', a.program, 'account_number', a.account_number,
    'holder_name', cl.name) AS account,
  k.plan_name, k.miles_per_month, k.monthly_price_cents::bigint AS monthly_price_cents, k.billing_day,
  k.start_date::text AS start_date, k.end_date::text AS end_date, k.payment_method, k.created_at,
  coalesce(b.charges, 0)::int AS charges, coalesce(b.miles, 0)::bigint AS miles_credited,
  coalesce(b.paid, 0)::bigint AS paid_cents`;

const CLUB_FROM = sql`FROM mile_clubs k
  JOIN loyalty_accounts a ON a.agency_id = k.agency_id AND a.id = k.account_id
  LEFT JOIN clients cl ON cl.agency_id = a.agency_id AND cl.id = a.client_id
  LEFT JOIN LATERAL (
    SELECT count(*) AS charges, sum(coalesce(c.quantity, c.expected_quantity)) AS miles, sum(c.cost_cents) AS paid
    FROM mile_credits c WHERE c.agency_id = k.agency_id AND c.club_id = k.id AND c.status <> 'cancelled'
  ) b ON true`;

export async function getClubsPage(
  db: Db,
  params: { agencyId: string; accountId?: string; page: number; limit: number },
) {
  const filters = [sql`k.agency_id = ${params.agencyId}`];
  if (params.accountId) filters.push(sql`k.account_id = ${params.accountId}`);
  const where = sql.join(filters, sql` AND `);
  const rows = rowsOf<ClubRow>(
    await db.execute(sql`SELECT ${CLUB_COLUMNS} ${CLUB_FROM} WHERE ${where}
      ORDER BY (k.end_date IS NOT NULL), k.created_at DESC, k.id DESC
      LIMIT ${params.limit} OFFSET ${(params.page - 1) * params.limit}`),
  );
  const [count] = rowsOf<{ total: number }>(
    await db.execute(sql`SELECT count(*)::int AS total FROM mile_clubs k WHERE ${where}`),
  );
  return { rows, total: count?.total ?? 0 };
}

export async function getClubRow(db: Db, { agencyId, id }: { agencyId: string; id: string }) {
  const [row] = rowsOf<ClubRow>(
    await db.execute(sql`SELECT ${CLUB_COLUMNS} ${CLUB_FROM} WHERE k.agency_id = ${agencyId} AND k.id = ${id}`),
  );
  return row ?? null;
}

export interface NewClub {
  id: string;
  account_id: string;
  plan_name: string;
  miles_per_month: number;
  monthly_price_cents: number;
  billing_day: number;
  start_date: string;
  end_date: string | null;
  payment_method: string;
  created_by: string | null;
}

export async function insertClub(db: Db, { agencyId, club }: { agencyId: string; club: NewClub }) {
  await db.execute(sql`INSERT INTO mile_clubs (id, agency_id, account_id, plan_name, miles_per_month,
      monthly_price_cents, billing_day, start_date, end_date, payment_method, created_by)
    VALUES (${club.id}, ${agencyId}, ${club.account_id}, ${club.plan_name}, ${club.miles_per_month},
      ${club.monthly_price_cents}, ${club.billing_day}, ${club.start_date}::date, ${club.end_date}::date,
      ${club.payment_method}, ${club.created_by})`);
}

/** The subscription, locked (ending it queues behind a billing of it and the other way round). */
export async function lockClub(db: Db, { agencyId, id }: { agencyId: string; id: string }) {
  const [row] = rowsOf<{ id: string; plan_name: string; start_date: string; end_date: string | null }>(
    await db.execute(sql`SELECT id, plan_name, start_date::text AS start_date, end_date::text AS end_date
      FROM mile_clubs WHERE agency_id = ${agencyId} AND id = ${id} FOR NO KEY UPDATE`),
  );
  return row ?? null;
}

export async function setClubEnd(db: Db, { agencyId, id, endDate }: { agencyId: string; id: string; endDate: string }) {
  await db.execute(sql`UPDATE mile_clubs SET end_date = ${endDate}::date, updated_at = now()
    WHERE agency_id = ${agencyId} AND id = ${id}`);
}

/**
 * One credit per month owed by `today` by the agency's subscriptions (or the one named) and not
 * yet billed: its billing day is the month's `billing_day`, or the month's last day when shorter
 * (clubBillingDate), on or after the start and on or before the end. Returns the new credits' ids;
 * a month billed before is skipped by the unique index, so nothing is billed twice.
 */
export async function insertDueClubCredits(
  db: Db,
  { agencyId, today, clubId }: { agencyId: string; today: string; clubId?: string },
): Promise<string[]> {
  return rowsOf<{ id: string }>(
    await db.execute(sql`WITH months AS (
        SELECT k.id AS club_id, k.account_id, k.miles_per_month, k.monthly_price_cents, m.month::date AS month,
          (m.month::date + (LEAST(k.billing_day,
            EXTRACT(DAY FROM (m.month + interval '1 month' - interval '1 day'))::int) - 1))::date AS day,
          k.start_date, k.end_date
        FROM mile_clubs k
        -- From the month after the last one billed (the unique index answers), so a run looks at
        -- the months still owed, not at the subscription's whole past.
        CROSS JOIN LATERAL (SELECT max(c.club_month) AS last FROM mile_credits c
          WHERE c.agency_id = k.agency_id AND c.club_id = k.id) billed
        CROSS JOIN LATERAL generate_series(GREATEST(date_trunc('month', k.start_date::timestamp),
            (billed.last + interval '1 month')::timestamp),
          date_trunc('month', LEAST(coalesce(k.end_date, ${today}::date), ${today}::date)::timestamp),
          interval '1 month') AS m(month)
        WHERE k.agency_id = ${agencyId} ${clubId ? sql`AND k.id = ${clubId}` : sql``}
          AND k.start_date <= ${today}::date
      )
      INSERT INTO mile_credits (agency_id, account_id, club_id, club_month, kind, expected_quantity, cost_cents, credit_date)
      SELECT ${agencyId}, account_id, club_id, month, 'club', miles_per_month, monthly_price_cents, day
      FROM months
      WHERE day >= start_date AND day <= ${today}::date AND (end_date IS NULL OR day <= end_date)
      ORDER BY club_id, month
      ON CONFLICT (agency_id, club_id, club_month) WHERE club_id IS NOT NULL DO NOTHING
      RETURNING id`),
  ).map((r) => r.id);
}

/**
 * The purchase of each club lot among the credits `ids` (credited): a cash expense of the month's
 * price on its billing day, paid as the subscription is, tied to the lot like any lot's purchase.
 */
export async function postClubPurchases(
  db: Db,
  { agencyId, userId, ids }: { agencyId: string; userId: string | null; ids: string[] },
) {
  if (ids.length === 0) return;
  await db.execute(sql`INSERT INTO financial_entries (agency_id, ref_type, lot_id, kind, category, amount_cents,
      description, payment_method, installments, entry_date, created_by)
    SELECT c.agency_id, 'lot', c.lot_id, 'expense', 'lot_purchase', -c.cost_cents,
      k.plan_name || ' — mensalidade de ' || to_char(c.club_month, 'MM/YYYY'), k.payment_method,
      CASE k.payment_method WHEN 'card' THEN 1 END, c.credit_date, ${userId}
    FROM mile_credits c JOIN mile_clubs k ON k.agency_id = c.agency_id AND k.id = c.club_id
    WHERE c.agency_id = ${agencyId} AND c.id = ANY(${uuidArray(ids)}::uuid[]) AND c.lot_id IS NOT NULL`);
}

/** The agencies with a subscription owing a month by `today` (the job's fan-out, as the owner). */
export async function getAgenciesWithDueClubs(db: Db, { today }: { today: string }): Promise<string[]> {
  return rowsOf<{ agency_id: string }>(
    await db.execute(sql`SELECT DISTINCT k.agency_id FROM mile_clubs k
      WHERE k.start_date <= ${today}::date AND (k.end_date IS NULL OR k.end_date >= ${today}::date - 62)
      ORDER BY k.agency_id`),
  ).map((r) => r.agency_id);
}

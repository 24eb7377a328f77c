// Each account's history (issue #23): every movement of its miles read from where it is kept — the
// lots (a purchase, or a transfer's credit), the emissions' allocations (and their release on a
// cancellation), the transfers' and sales' withdrawals (and a sale's cancellation), the lots' expiry, the credits still to come — as one
// UNION ALL, newest first. Nothing is kept for it: the history is a recount, by construction.

import { sql } from 'drizzle-orm';
import { AGENCY_TIME_ZONE } from '../agency/agency.queries';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

export interface MovementRow {
  kind: string;
  day: string;
  at: string;
  miles: number;
  cost_cents: number | string;
  detail: string;
  status: string | null;
  ref_type: string;
  ref_id: string;
}

/** The movements of the account as one relation `m` (its placeholders: agency, account). */
function movements(agencyId: string, accountId: string) {
  const tz = AGENCY_TIME_ZONE;
  return sql`m AS (
    SELECT l.purchase_date AS day, l.created_at AS at,
      CASE c.kind WHEN 'transfer_bonus' THEN 'bonus_in' WHEN 'transfer_base' THEN 'transfer_in' WHEN 'club' THEN 'club_in' ELSE 'purchase' END AS kind,
      l.original_quantity AS miles, l.total_cost_cents AS cost_cents, coalesce(l.supplier, '') AS detail,
      NULL::text AS status, 'lot' AS ref_type, l.id AS ref_id
    FROM mile_lots l
    LEFT JOIN mile_credits c ON c.agency_id = l.agency_id AND c.lot_id = l.id
    WHERE l.agency_id = ${agencyId} AND l.account_id = ${accountId} AND l.deleted_at IS NULL
    UNION ALL
    SELECT (a.created_at AT TIME ZONE ${tz})::date, a.created_at, 'emission', -a.miles, a.cost_cents,
      trim(coalesce(e.pnr, '') || ' ' || e.route), e.status, 'emission', e.id
    FROM mile_lots l
    JOIN emission_allocations a ON a.lot_id = l.id AND a.agency_id = l.agency_id
    JOIN emissions e ON e.agency_id = a.agency_id AND e.id = a.emission_id AND e.deleted_at IS NULL
    WHERE l.agency_id = ${agencyId} AND l.account_id = ${accountId} AND l.deleted_at IS NULL
    UNION ALL
    SELECT (a.released_at AT TIME ZONE ${tz})::date, a.released_at, 'cancellation', a.miles, a.cost_cents,
      trim(coalesce(e.pnr, '') || ' ' || e.route), e.status, 'emission', e.id
    FROM mile_lots l
    JOIN emission_allocations a ON a.lot_id = l.id AND a.agency_id = l.agency_id AND a.released_at IS NOT NULL
    JOIN emissions e ON e.agency_id = a.agency_id AND e.id = a.emission_id AND e.deleted_at IS NULL
    WHERE l.agency_id = ${agencyId} AND l.account_id = ${accountId} AND l.deleted_at IS NULL
    UNION ALL
    SELECT t.transfer_date, w.created_at, 'transfer_out', -w.miles, w.cost_cents, d.program, NULL, 'transfer', t.id
    FROM mile_lots l
    JOIN lot_withdrawals w ON w.lot_id = l.id AND w.agency_id = l.agency_id AND w.released_at IS NULL
    JOIN mile_transfers t ON t.agency_id = w.agency_id AND t.id = w.transfer_id
    JOIN loyalty_accounts d ON d.agency_id = t.agency_id AND d.id = t.destination_account_id
    WHERE l.agency_id = ${agencyId} AND l.account_id = ${accountId} AND l.deleted_at IS NULL
    UNION ALL
    SELECT s.sale_date, w.created_at, 'sale', -w.miles, w.cost_cents, s.buyer_name, s.status, 'sale', s.id
    FROM mile_lots l
    JOIN lot_withdrawals w ON w.lot_id = l.id AND w.agency_id = l.agency_id
    JOIN mile_sales s ON s.agency_id = w.agency_id AND s.id = w.sale_id
    WHERE l.agency_id = ${agencyId} AND l.account_id = ${accountId} AND l.deleted_at IS NULL
    UNION ALL
    SELECT (w.released_at AT TIME ZONE ${tz})::date, w.released_at, 'sale_cancellation', w.miles, w.cost_cents, s.buyer_name,
      s.status, 'sale', s.id
    FROM mile_lots l
    JOIN lot_withdrawals w ON w.lot_id = l.id AND w.agency_id = l.agency_id AND w.released_at IS NOT NULL
    JOIN mile_sales s ON s.agency_id = w.agency_id AND s.id = w.sale_id
    WHERE l.agency_id = ${agencyId} AND l.account_id = ${accountId} AND l.deleted_at IS NULL
    UNION ALL
    SELECT l.expiry_date, l.updated_at, 'expiry', -l.remaining_quantity,
      round(l.remaining_quantity * l.cost_per_thousand / 10)::bigint, coalesce(l.supplier, ''), NULL, 'lot', l.id
    FROM mile_lots l
    WHERE l.agency_id = ${agencyId} AND l.account_id = ${accountId} AND l.deleted_at IS NULL
      AND l.status = 'expired' AND l.remaining_quantity > 0
    UNION ALL
    SELECT c.credit_date, c.created_at, 'to_come', c.expected_quantity, c.cost_cents, coalesce(s.program, ''), 'pending', 'credit', c.id
    FROM mile_credits c
    LEFT JOIN mile_transfers t ON t.agency_id = c.agency_id AND t.id = c.transfer_id
    LEFT JOIN loyalty_accounts s ON s.agency_id = t.agency_id AND s.id = t.source_account_id
    WHERE c.agency_id = ${agencyId} AND c.account_id = ${accountId} AND c.status = 'pending'
  )`;
}

export async function getAccountHistoryPage(
  db: Db,
  params: { agencyId: string; accountId: string; today: string; page: number; limit: number },
) {
  const { agencyId, accountId } = params;
  const rows = rowsOf<MovementRow>(
    await db.execute(sql`WITH ${movements(agencyId, accountId)}
      SELECT kind, day::text AS day, at::text AS at, miles, cost_cents::bigint AS cost_cents, detail, status, ref_type, ref_id
      FROM m ORDER BY m.day DESC, m.at DESC, m.kind, m.ref_id
      LIMIT ${params.limit} OFFSET ${(params.page - 1) * params.limit}`),
  );
  const [sums] = rowsOf<{
    total: number;
    recount: string | number;
    to_come: string | number;
    balance: string | number;
    available: string | number;
    available_cost: string | null;
  }>(
    await db.execute(sql`WITH ${movements(agencyId, accountId)}
      SELECT (SELECT count(*)::int FROM m) AS total,
        (SELECT coalesce(sum(miles) FILTER (WHERE kind <> 'to_come'), 0)::bigint FROM m) AS recount,
        (SELECT coalesce(sum(miles) FILTER (WHERE kind = 'to_come'), 0)::bigint FROM m) AS to_come,
        (SELECT coalesce(sum(remaining_quantity) FILTER (WHERE status <> 'expired'), 0)::bigint FROM mile_lots
          WHERE agency_id = ${agencyId} AND account_id = ${accountId} AND deleted_at IS NULL) AS balance,
        (SELECT coalesce(sum(remaining_quantity), 0)::bigint FROM mile_lots
          WHERE agency_id = ${agencyId} AND account_id = ${accountId} AND deleted_at IS NULL AND status = 'available'
            AND (expiry_date IS NULL OR expiry_date >= ${params.today}::date)) AS available,
        (SELECT round(sum(remaining_quantity * cost_per_thousand) / nullif(sum(remaining_quantity), 0), 4)::text FROM mile_lots
          WHERE agency_id = ${agencyId} AND account_id = ${accountId} AND deleted_at IS NULL AND status = 'available'
            AND (expiry_date IS NULL OR expiry_date >= ${params.today}::date)) AS available_cost`),
  );
  return { rows, sums: sums! };
}

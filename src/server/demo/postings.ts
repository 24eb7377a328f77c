import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { AGENCY_TIME_ZONE } from '../agency/agency.queries';

/**
 * The demo agency's money as an agency would have posted it (#15; docs/decisions/0019): each
 * lot's purchase on its purchase day; for issued emissions older than three days, revenue, fees,
 * miles cost and RAV a day or two after the sale — most complete, some revenue half received,
 * a few fees posted twice, some not posted at all (what /conciliador shows); a refund left on a
 * few cancelled emissions; and the office's monthly rent and systems. Deterministic (hashes of the
 * ids), no later than today. Three statements.
 */
export async function seedDemoPostings(db: Database, { agencyId, userId }: { agencyId: string; userId: string }) {
  const today = sql`(now() AT TIME ZONE ${AGENCY_TIME_ZONE})::date`;
  await db.execute(sql`
    INSERT INTO financial_entries (agency_id, ref_type, lot_id, kind, category, amount_cents, description, payment_method, entry_date, created_by)
    SELECT l.agency_id, 'lot', l.id, 'expense', 'lot_purchase', -l.total_cost_cents,
      'Compra de lote ' || CASE l.program WHEN 'LATAM' THEN 'LATAM Pass' WHEN 'SMILES' THEN 'Smiles' WHEN 'AZUL' THEN 'TudoAzul'
        WHEN 'TAP' THEN 'TAP Miles&Go' ELSE l.program END || ' — ' || replace(to_char(l.original_quantity, 'FM999G999G999'), ',', '.') || ' milhas',
      CASE WHEN abs(hashtext(l.id::text)) % 3 = 0 THEN 'pix' ELSE 'transfer' END,
      l.purchase_date, ${userId}
    FROM mile_lots l
    WHERE l.agency_id = ${agencyId} AND l.deleted_at IS NULL AND l.total_cost_cents > 0`);

  await db.execute(sql`
    INSERT INTO financial_entries (agency_id, ref_type, emission_id, kind, category, amount_cents, description, payment_method, installments, entry_date, created_by)
    SELECT e.agency_id, 'emission', e.id, x.kind, x.category, x.amount, x.label || ' — ' || coalesce(e.pnr, 'sem PNR') || ' ' || e.route,
      x.method, x.installments, least(e.day + x.after, ${today}), ${userId}
    FROM (
      SELECT e.*, abs(hashtext(e.id::text)) % 100 AS bucket, (e.created_at AT TIME ZONE ${AGENCY_TIME_ZONE})::date AS day
      FROM emissions e
      WHERE e.agency_id = ${agencyId} AND e.deleted_at IS NULL
        AND ((e.status = 'issued' AND e.created_at < now() - interval '3 days') OR e.status = 'cancelled')
    ) e
    CROSS JOIN LATERAL (VALUES
      -- Revenue: whole for most, half (the first instalment) for 10 %, nothing for 6 %.
      ('revenue', 'revenue', 'Receita',
        CASE WHEN e.status = 'cancelled' THEN CASE WHEN e.bucket < 20 THEN e.revenue_cents END
             WHEN e.bucket < 84 THEN e.revenue_cents WHEN e.bucket < 94 THEN e.revenue_cents / 2 END,
        CASE e.bucket % 3 WHEN 0 THEN 'card' WHEN 1 THEN 'pix' ELSE 'transfer' END,
        CASE WHEN e.bucket % 3 = 0 THEN 1 + e.bucket % 6 END, 1),
      ('expense', 'fees', 'Taxas', CASE WHEN e.status = 'issued' AND e.bucket < 97 THEN -e.fees_cents END, 'card', 1, 0),
      ('expense', 'fees', 'Taxas', CASE WHEN e.status = 'issued' AND e.bucket BETWEEN 40 AND 42 THEN -e.fees_cents END, 'card', 1, 2),
      ('expense', 'miles_cost', 'Custo de milhas', CASE WHEN e.status = 'issued' AND e.bucket < 95 THEN -e.miles_cost_cents END, NULL, NULL, 0),
      ('expense', 'rav', 'RAV', CASE WHEN e.status = 'issued' AND e.bucket < 92 THEN -e.rav_cents END, 'transfer', NULL, 2)
    ) AS x(kind, category, label, amount, method, installments, after)
    WHERE x.amount IS NOT NULL AND x.amount <> 0`);

  await db.execute(sql`
    INSERT INTO financial_entries (agency_id, ref_type, kind, category, amount_cents, description, payment_method, entry_date, created_by)
    SELECT ${agencyId}::uuid, 'none', 'expense', 'other', x.amount, x.label, x.method, m.day, ${userId}
    FROM (SELECT (date_trunc('month', ${today}) - make_interval(months => k))::date + 4 AS day FROM generate_series(0, 11) AS k) m
    CROSS JOIN (VALUES (-350000, 'Aluguel do escritório', 'transfer'), (-45000, 'Sistemas e internet', 'card')) AS x(amount, label, method)
    WHERE m.day <= ${today}`);
}

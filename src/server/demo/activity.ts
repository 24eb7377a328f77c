import { sql } from 'drizzle-orm';
import { PROGRAM_KEYS, programName } from '../../domain/programs';
import type { Database } from '../db/client';

/** The program's name in SQL (a CASE over the catalogue's keys). */
const programNameSql = sql.raw(
  `CASE program ${PROGRAM_KEYS.map((k) => `WHEN '${k}' THEN '${programName(k).replace(/'/g, "''")}'`).join(' ')} ELSE program END`,
);

/**
 * The demo agency's activity feed (the dashboard's "Atividades Recentes", #18) as the app would
 * have written it over its year: each client registered, each lot bought and each emission created,
 * issued, failed or cancelled, at the moment it happened and in the app's own words
 * ("Cliente Ana Souza cadastrado", "Lote Smiles de 120.000 milhas cadastrado", "Emissão GRU-LIS
 * criada para Ana Souza", "Emissão GRU-LIS emitida"). One statement. As the audit log (#20) shows
 * it: some edits with their before/after (a client set inactive, a lot's expiry corrected, each
 * status change of an emission), and the office's addresses.
 */
export async function seedDemoActivity(db: Database, { agencyId, userId }: { agencyId: string; userId: string }) {
  await db.execute(sql`
    INSERT INTO activity (agency_id, user_id, kind, description, ref_type, ref_id, changes, ip, created_at)
    SELECT ${agencyId}::uuid, ${userId}::uuid, kind, description, ref_type, ref_id, changes,
      -- The office's two connections, and now and then a phone's.
      CASE abs(hashtext(ref_id::text || kind)) % 10 WHEN 0 THEN '177.37.201.' || (10 + abs(hashtext(ref_id::text)) % 200)
        WHEN 1 THEN '189.6.34.12' WHEN 2 THEN '189.6.34.12' ELSE '200.155.92.41' END,
      at FROM (
      SELECT 'client_created' AS kind, 'Cliente ' || name || ' cadastrado' AS description, 'client' AS ref_type, id AS ref_id,
        NULL::jsonb AS changes, created_at AS at
      FROM clients WHERE agency_id = ${agencyId} AND deleted_at IS NULL AND import_job_id IS NULL
      UNION ALL
      -- The audit log's edits (#20): clients set inactive or blocked some weeks in, e-mails added later.
      SELECT 'client_updated', 'Cliente ' || name || ' atualizado', 'client', id,
        CASE WHEN status <> 'active' THEN jsonb_build_object('status', jsonb_build_array('active', status))
          ELSE jsonb_build_object('email', jsonb_build_array(NULL, email)) END,
        created_at + make_interval(days => 20 + abs(hashtext(id::text)) % 60)
      FROM clients WHERE agency_id = ${agencyId} AND deleted_at IS NULL AND import_job_id IS NULL
        AND (status <> 'active' OR (email IS NOT NULL AND abs(hashtext(id::text)) % 9 = 0))
      UNION ALL
      SELECT 'lot_created', 'Lote ' || ${programNameSql} || ' de '
          || replace(to_char(original_quantity, 'FM999G999G999'), ',', '.') || ' milhas cadastrado', 'lot', id, NULL, created_at
      FROM mile_lots WHERE agency_id = ${agencyId} AND deleted_at IS NULL AND import_job_id IS NULL
      UNION ALL
      -- Lots whose expiry was corrected from the program's statement two days after the purchase.
      SELECT 'lot_updated', 'Lote ' || ${programNameSql} || ' de '
          || replace(to_char(original_quantity, 'FM999G999G999'), ',', '.') || ' milhas atualizado', 'lot', id,
        jsonb_build_object('expiry_date', jsonb_build_array(to_char(expiry_date - 90, 'YYYY-MM-DD'), to_char(expiry_date, 'YYYY-MM-DD'))),
        created_at + interval '2 days 3 hours'
      FROM mile_lots WHERE agency_id = ${agencyId} AND deleted_at IS NULL AND import_job_id IS NULL
        AND expiry_date IS NOT NULL AND abs(hashtext(id::text)) % 7 = 0
      UNION ALL
      SELECT 'emission_created', 'Emissão ' || e.route || ' criada para ' || c.name, 'emission', e.id, NULL, e.created_at
      FROM emissions e JOIN clients c ON c.agency_id = e.agency_id AND c.id = e.client_id
      WHERE e.agency_id = ${agencyId} AND e.deleted_at IS NULL AND e.import_job_id IS NULL
      UNION ALL
      SELECT x.kind, 'Emissão ' || e.route || ' ' || x.verb, 'emission', e.id,
        jsonb_build_object('status', jsonb_build_array(x.before, x.after)), x.at
      FROM emissions e
      CROSS JOIN LATERAL (VALUES ('emission_issue', 'emitida', e.issued_at, 'processing', 'issued'),
        ('emission_fail', 'marcada com falha', e.failed_at, 'processing', 'failed'),
        ('emission_cancel', 'cancelada', e.cancelled_at, CASE WHEN e.issued_at IS NULL THEN 'processing' ELSE 'issued' END,
          'cancelled')) AS x(kind, verb, at, before, after)
      WHERE e.agency_id = ${agencyId} AND e.deleted_at IS NULL AND e.import_job_id IS NULL AND x.at IS NOT NULL
    ) feed
    -- The generator holds what would fall after now at now (issued the instant it was seeded): left out.
    WHERE at < now() - interval '1 minute'`);
}

/**
 * The activity the demo's miles flows wrote through the services (transfers, credits, clubs, cards,
 * sales, the lots they bought: #23), moved from the moment the demo was generated to the day each
 * happened, so the dashboard's "Atividades Recentes" and the audit log read as the agency's year
 * rather than a burst at start-up. `since`: when those services began writing (the database's clock).
 */
export async function backdateDemoFlowActivity(db: Database, { agencyId, since }: { agencyId: string; since: string }) {
  const nth = sql`nullif(substring(a.description from '[Pp]arcela ([0-9]+)/'), '')::int`;
  await db.execute(sql`
    UPDATE activity x SET created_at = least(now(), (least(d.day, current_date) + time '09:00'
        + make_interval(mins => abs(hashtext(x.id::text)) % 540)) AT TIME ZONE 'America/Sao_Paulo')
    FROM (
      SELECT a.id, CASE a.kind
          WHEN 'transfer_created' THEN (SELECT t.transfer_date FROM mile_transfers t WHERE t.agency_id = a.agency_id AND t.id = a.ref_id)
          WHEN 'credit_received' THEN (SELECT c.credited_on FROM mile_credits c WHERE c.agency_id = a.agency_id AND c.id = a.ref_id)
          WHEN 'credit_cancelled' THEN (SELECT c.credit_date FROM mile_credits c WHERE c.agency_id = a.agency_id AND c.id = a.ref_id)
          WHEN 'club_created' THEN (SELECT k.start_date FROM mile_clubs k WHERE k.agency_id = a.agency_id AND k.id = a.ref_id)
          WHEN 'club_ended' THEN (SELECT k.end_date FROM mile_clubs k WHERE k.agency_id = a.agency_id AND k.id = a.ref_id)
          WHEN 'card_created' THEN (SELECT min(l.purchase_date) FROM card_payables p
            JOIN mile_lots l ON l.agency_id = p.agency_id AND l.id = p.lot_id WHERE p.agency_id = a.agency_id AND p.card_id = a.ref_id)
          WHEN 'card_instalment_paid' THEN (SELECT p.paid_on FROM card_payables p
            WHERE p.agency_id = a.agency_id AND p.lot_id = a.ref_id AND p.instalment = ${nth})
          WHEN 'lot_created' THEN (SELECT l.purchase_date FROM mile_lots l WHERE l.agency_id = a.agency_id AND l.id = a.ref_id)
          WHEN 'sale_created' THEN (SELECT s.sale_date FROM mile_sales s WHERE s.agency_id = a.agency_id AND s.id = a.ref_id)
          WHEN 'sale_cancelled' THEN (SELECT s.cancelled_at::date FROM mile_sales s WHERE s.agency_id = a.agency_id AND s.id = a.ref_id)
          WHEN 'sale_instalment_received' THEN (SELECT r.received_on FROM sale_receivables r
            WHERE r.agency_id = a.agency_id AND r.sale_id = a.ref_id AND r.instalment = ${nth})
        END AS day
      FROM activity a WHERE a.agency_id = ${agencyId} AND a.created_at >= ${since}::timestamptz
    ) d
    WHERE x.agency_id = ${agencyId} AND x.id = d.id AND d.day IS NOT NULL`);
}

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
 * criada para Ana Souza", "Emissão GRU-LIS emitida"). One statement.
 */
export async function seedDemoActivity(db: Database, { agencyId, userId }: { agencyId: string; userId: string }) {
  await db.execute(sql`
    INSERT INTO activity (agency_id, user_id, kind, description, ref_type, ref_id, created_at)
    SELECT ${agencyId}::uuid, ${userId}::uuid, kind, description, ref_type, ref_id, at FROM (
      SELECT 'client_created' AS kind, 'Cliente ' || name || ' cadastrado' AS description, 'client' AS ref_type, id AS ref_id,
        created_at AS at
      FROM clients WHERE agency_id = ${agencyId} AND deleted_at IS NULL AND import_job_id IS NULL
      UNION ALL
      SELECT 'lot_created', 'Lote ' || ${programNameSql} || ' de '
          || replace(to_char(original_quantity, 'FM999G999G999'), ',', '.') || ' milhas cadastrado', 'lot', id, created_at
      FROM mile_lots WHERE agency_id = ${agencyId} AND deleted_at IS NULL AND import_job_id IS NULL
      UNION ALL
      SELECT 'emission_created', 'Emissão ' || e.route || ' criada para ' || c.name, 'emission', e.id, e.created_at
      FROM emissions e JOIN clients c ON c.agency_id = e.agency_id AND c.id = e.client_id
      WHERE e.agency_id = ${agencyId} AND e.deleted_at IS NULL AND e.import_job_id IS NULL
      UNION ALL
      SELECT x.kind, 'Emissão ' || e.route || ' ' || x.verb, 'emission', e.id, x.at
      FROM emissions e
      CROSS JOIN LATERAL (VALUES ('emission_issue', 'emitida', e.issued_at), ('emission_fail', 'marcada com falha', e.failed_at),
        ('emission_cancel', 'cancelada', e.cancelled_at)) AS x(kind, verb, at)
      WHERE e.agency_id = ${agencyId} AND e.deleted_at IS NULL AND e.import_job_id IS NULL AND x.at IS NOT NULL
    ) feed
    -- The generator holds what would fall after now at now (issued the instant it was seeded): left out.
    WHERE at < now() - interval '1 minute'`);
}

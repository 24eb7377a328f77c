import { sql } from 'drizzle-orm';
import { escapeLike } from '../../domain/search';
import { typedSearchWords, type SearchPageParams } from '../clients/clients.queries';
import type { Db } from '../db/client';

/** The figure each sort orders by before the name (the API's ClientSort). */
const SORT_KEYS = {
  name: '',
  status: 'c.status',
  emissions: 'coalesce(f.emissions_count, 0)',
  total_spent: 'coalesce(f.total_spent_cents, 0)',
} as const;

/**
 * What a clients search must answer, worked out the plain way: LIKE over the clients and their
 * figures recounted from their emissions (no view, no trigram index, no kept figures, no count cap;
 * run as the superuser), ordered as the API orders. The tests and the benchmark hold searchClientsPage and GET /api/v1/clients to it.
 */
export async function referenceClientsPage(db: Db, params: SearchPageParams) {
  const dir = params.order === 'asc' ? 'ASC' : 'DESC';
  const orderBy = sql.raw(
    [SORT_KEYS[params.sort], 'c.sort_name', 'c.id']
      .filter(Boolean)
      .map((k) => `${k} ${dir}`)
      .join(', '),
  );
  // The figures recounted from the live emissions, as clients_apply_figures keeps them: every live
  // emission but the cancelled ones counts (migration 0022), only pending, processing and issued
  // ones add to what was spent.
  const from = sql`clients c LEFT JOIN (
      SELECT e.client_id, count(*) FILTER (WHERE e.status <> 'cancelled') AS emissions_count,
        coalesce(sum(e.revenue_cents) FILTER (WHERE e.status IN ('pending', 'processing', 'issued')), 0) AS total_spent_cents
      FROM emissions e WHERE e.agency_id = ${params.agencyId} AND e.deleted_at IS NULL GROUP BY e.client_id
    ) f ON f.client_id = c.id`;
  const where = sql.join(
    [
      sql`c.agency_id = ${params.agencyId}`,
      sql`c.deleted_at IS NULL`,
      ...(params.status ? [sql`c.status = ${params.status}`] : []),
      ...typedSearchWords(params.search).map((w) => sql`c.search_text LIKE ${`%${escapeLike(w)}%`}`),
    ],
    sql` AND `,
  );
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const [counted] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${from} WHERE ${where}`);
  const ids = await rows<{ id: string }>(
    sql`SELECT c.id FROM ${from} WHERE ${where} ORDER BY ${orderBy} LIMIT ${params.limit} OFFSET ${params.offset}`,
  );
  return { total: counted!.n, ids: ids.map((r) => r.id) };
}

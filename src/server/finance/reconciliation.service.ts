import {
  complianceRate,
  missingAmounts,
  RECONCILED,
  RECONCILED_POSTING,
  type BulkPostMissing,
  type BulkPostMissingResult,
  type Reconciliation,
  type ReconciliationQuery,
  type ReconciliationRow,
} from '../../domain/finance/reconciliation.schema';
import { recordActivity } from '../activity/activity.queries';
import type { Db } from '../db/client';
import { financial_entries } from '../db/schema';
import { paged, pageRows } from '../http/paged';
import {
  ALERT_COLUMNS,
  getReconciliationCounts,
  getReconciliationRows,
  lockEmissions,
  type ReconciliationDbRow,
} from './reconciliation.queries';

export function toReconciliationRow(r: ReconciliationDbRow): ReconciliationRow {
  const expected = {
    revenue: Number(r.exp_revenue),
    fees: Number(r.exp_fees),
    miles_cost: Number(r.exp_miles_cost),
    rav: Number(r.exp_rav),
  };
  const posted = {
    revenue: Number(r.pos_revenue),
    fees: Number(r.pos_fees),
    miles_cost: Number(r.pos_miles_cost),
    rav: Number(r.pos_rav),
  };
  return {
    emission_id: r.emission_id,
    pnr: r.pnr,
    route: r.route,
    client_name: r.client_name,
    status: r.status,
    created_at: r.created_at,
    expected,
    posted,
    missing: missingAmounts(expected, posted),
    alerts: ALERT_COLUMNS.filter((alert) => r[alert]),
  };
}

/** GET /api/v1/reconciliation: the counts over the filter, and a page of its emissions. */
export async function getReconciliation(db: Db, agencyId: string, query: ReconciliationQuery): Promise<Reconciliation> {
  const filters = { agencyId, start: query.start, end: query.end, status: query.status };
  const counts = await getReconciliationCounts(db, filters);
  const rows = await getReconciliationRows(db, {
    ...filters,
    onlyDiscrepancies: query.only_discrepancies,
    page: pageRows(query),
  });
  const total = query.only_discrepancies ? counts.discrepancies : counts.total;
  return {
    ...paged(rows.map(toReconciliationRow), total, { page: query.page, limit: query.limit }),
    counts: { ...counts, compliance_rate: complianceRate(counts.total, counts.discrepancies) },
  };
}

/**
 * Posts every missing amount of the selected emissions (revenue in, fees, miles cost and RAV
 * out), dated `entry_date` (default the request's day), in the request's transaction with one
 * activity line. The emissions are locked first so that two people posting the same selection do
 * not post it twice; ids not found in the agency are answered, not posted.
 */
export async function postMissing(
  db: Db,
  actor: { agencyId: string; userId: string | null; today: string },
  input: BulkPostMissing,
): Promise<BulkPostMissingResult> {
  const ids = [...new Set(input.emission_ids)];
  const found = await lockEmissions(db, { agencyId: actor.agencyId, ids });
  const foundSet = new Set(found);
  const notFound = ids.filter((id) => !foundSet.has(id));
  if (found.length === 0) return { posted: 0, emissions: 0, not_found: notFound };
  const rows = (
    await getReconciliationRows(db, { agencyId: actor.agencyId, ids: found, onlyDiscrepancies: false })
  ).map(toReconciliationRow);
  const values = rows.flatMap((row) =>
    RECONCILED.filter((key) => row.missing[key] > 0).map((key) => ({
      agency_id: actor.agencyId,
      created_by: actor.userId,
      ref_type: 'emission' as const,
      emission_id: row.emission_id,
      kind: RECONCILED_POSTING[key].kind,
      category: key,
      amount_cents: RECONCILED_POSTING[key].kind === 'expense' ? -row.missing[key] : row.missing[key],
      description: `${RECONCILED_POSTING[key].label} — ${row.pnr ?? 'sem PNR'} ${row.route}`,
      entry_date: input.entry_date ?? actor.today,
    })),
  );
  if (values.length > 0) {
    await db.insert(financial_entries).values(values);
    const emissions = new Set(values.map((v) => v.emission_id)).size;
    await recordActivity(db, {
      agencyId: actor.agencyId,
      userId: actor.userId,
      kind: 'entries_posted',
      description: `${values.length} ${values.length === 1 ? 'lançamento criado' : 'lançamentos criados'} na conciliação de ${emissions} ${emissions === 1 ? 'emissão' : 'emissões'}`,
    });
  }
  return { posted: values.length, emissions: new Set(values.map((v) => v.emission_id)).size, not_found: notFound };
}

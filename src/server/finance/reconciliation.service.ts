import {
  complianceRate,
  type Reconciliation,
  type ReconciliationQuery,
  type ReconciliationRow,
} from '../../domain/finance/reconciliation.schema';
import type { Db } from '../db/client';
import { paged, pageRows } from '../http/paged';
import {
  ALERT_COLUMNS,
  getReconciliationCounts,
  getReconciliationRows,
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
  const missing = (key: keyof typeof expected) => Math.max(0, expected[key] - posted[key]);
  return {
    emission_id: r.emission_id,
    pnr: r.pnr,
    route: r.route,
    client_name: r.client_name,
    status: r.status,
    created_at: r.created_at,
    expected,
    posted,
    missing: {
      revenue: missing('revenue'),
      fees: missing('fees'),
      miles_cost: missing('miles_cost'),
      rav: missing('rav'),
    },
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

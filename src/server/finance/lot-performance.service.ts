import { marginPercent } from '../../domain/emissions/emission.rules';
import type { LotPerformanceList, LotPerformanceQuery } from '../../domain/finance/lot-performance.schema';
import type { Db } from '../db/client';
import { paged, pageRows } from '../http/paged';
import { countLiveLots, getLotPerformanceRows } from './lot-performance.queries';

/** GET /api/v1/finance/lots: a page of the lots' performance, newest purchase first. */
export async function getLotPerformance(
  db: Db,
  agencyId: string,
  query: LotPerformanceQuery,
): Promise<LotPerformanceList> {
  const total = await countLiveLots(db, agencyId);
  const rows = await getLotPerformanceRows(db, { agencyId, ...pageRows(query) });
  const data = rows.map((r) => {
    const usedCost = Number(r.used_cost_cents);
    const margin = Number(r.margin_cents);
    return {
      ...r,
      miles_used: Number(r.miles_used),
      used_cost_cents: usedCost,
      revenue_cents: Number(r.revenue_cents),
      margin_cents: margin,
      roi_percent: usedCost > 0 ? marginPercent(margin, usedCost) : null,
      stock_cost_cents: Number(r.stock_cost_cents),
    };
  });
  return paged(data, total, query);
}

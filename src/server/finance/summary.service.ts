import { marginPercent } from '../../domain/emissions/emission.rules';
import {
  RECENT_RECEIPTS,
  SUMMARY_MONTHS,
  type FinanceSummary,
  type FinanceSummaryQuery,
} from '../../domain/finance/summary.schema';
import { monthStart, summaryPeriods } from '../../domain/finance/periods';
import { addMonthsIso } from '../../domain/format';
import type { Db } from '../db/client';
import {
  getAccrual,
  getCashByMethod,
  getDifferences,
  getMonthly,
  getRecentReceipts,
  getSales,
  getStockCost,
} from './summary.queries';

/** The 12 months ending with `to`'s, oldest first, as yyyy-MM. */
export function summaryMonths(to: string): string[] {
  const last = monthStart(to);
  return Array.from({ length: SUMMARY_MONTHS }, (_, i) => addMonthsIso(last, i - (SUMMARY_MONTHS - 1))!.slice(0, 7));
}

/** GET /api/v1/finance/summary: the figures of decisions/0019 for the period. */
export async function getFinanceSummary(
  db: Db,
  { agencyId, today }: { agencyId: string; today: string },
  query: FinanceSummaryQuery,
): Promise<FinanceSummary> {
  const { period, previous } = summaryPeriods(query, today);
  const months = summaryMonths(period.to);
  const accrualOf = async (p: { from: string; to: string }) => {
    const { miles_cost_cents, ...a } = await getAccrual(db, { agencyId, ...p });
    return {
      accrual: { ...a, margin_percent: marginPercent(a.margin_cents, a.revenue_cents) },
      milesUsed: miles_cost_cents,
    };
  };
  const { accrual, milesUsed } = await accrualOf(period);
  const { accrual: previousAccrual } = await accrualOf(previous);
  const byMethod = await getCashByMethod(db, { agencyId, ...period });
  const differences = await getDifferences(db, { agencyId, ...period });
  const monthly = await getMonthly(db, { agencyId, firstDay: `${months[0]}-01`, to: period.to });
  const byMonth = new Map(monthly.map((m) => [m.month, m]));
  const inCents = byMethod.reduce((sum, m) => sum + m.in_cents, 0);
  const outCents = byMethod.reduce((sum, m) => sum + m.out_cents, 0);
  return {
    period,
    previous_period: previous,
    accrual,
    previous_accrual: previousAccrual,
    cash: { in_cents: inCents, out_cents: outCents, net_cents: inCents + outCents, by_method: byMethod },
    receivables_cents: differences.receivables_cents,
    differences: {
      lot_purchases_cents: differences.lot_purchases_cents,
      miles_used_cents: milesUsed,
      void_postings_cents: differences.void_postings_cents,
    },
    stock_cost_cents: await getStockCost(db, { agencyId }),
    sales: await getSales(db, { agencyId, ...period }),
    monthly: months.map((month) => byMonth.get(month) ?? { month, revenue_cents: 0, cost_cents: 0, margin_cents: 0 }),
    recent_receipts: await getRecentReceipts(db, { agencyId, to: period.to, limit: RECENT_RECEIPTS }),
  };
}

import {
  DASHBOARD_OVERDUE_DAYS,
  DASHBOARD_RECENT_ACTIVITY,
  DASHBOARD_TOP_CLIENTS,
  DASHBOARD_TREND_MONTHS,
  type Dashboard,
  type DashboardQuery,
} from '../../domain/dashboard/dashboard.schema';
import { countedPeriods, summaryPeriods } from '../../domain/finance/periods';
import { addDaysIso, addMonthsIso } from '../../domain/format';
import { getAgency, readSettings } from '../agency/agency.queries';
import type { Db } from '../db/client';
import { getSlaStats } from '../emissions/emissions.queries';
import { AppError, MESSAGES } from '../http/errors';
import { getMonthly } from '../finance/summary.queries';
import {
  getAccrualFlows,
  getCreationFlows,
  getExpiring,
  getPurchaseFlows,
  getReceivables,
  getRecentActivity,
  getStock,
  getStockTotals,
  getTopClients,
} from './dashboard.queries';

/** The DASHBOARD_TREND_MONTHS months ending with `to`'s, oldest first, as yyyy-MM. */
function trendMonths(to: string): string[] {
  const last = `${to.slice(0, 7)}-01`;
  return Array.from({ length: DASHBOARD_TREND_MONTHS }, (_, i) =>
    addMonthsIso(last, i - (DASHBOARD_TREND_MONTHS - 1))!.slice(0, 7),
  );
}

/** Active emissions ÷ active clients × 100, one decimal (spec part 1 §9 "utilisation"). */
const utilisation = (emissions: number, clients: number) =>
  clients === 0 ? 0 : Math.round((emissions * 1000) / clients) / 10;

/**
 * GET /api/v1/dashboard: the agency at a glance for the period (default: the current month),
 * beside the previous period of equal length (the finance summary's rule: whole months compare
 * with the months before, other periods with as many days before).
 */
export async function getDashboard(
  db: Db,
  { agencyId, today }: { agencyId: string; today: string },
  query: DashboardQuery,
): Promise<Dashboard> {
  const agency = await getAgency(db, { agencyId });
  if (!agency) throw new AppError('NOT_FOUND', MESSAGES.notFound, { status: 404 });
  const { period, previous: whole } = summaryPeriods(query, today);
  const { through, previous } = countedPeriods(period, whole, today);
  const periods = { agencyId, period: { from: period.from, to: through }, previous };
  const windowDays = readSettings(agency.settings).expiry_alert_days;

  const totals = await getStockTotals(db, { agencyId });
  const stock = await getStock(db, { agencyId });
  const accrual = await getAccrualFlows(db, periods);
  const purchases = await getPurchaseFlows(db, periods);
  const created = await getCreationFlows(db, periods);
  const expiring = await getExpiring(db, { agencyId, today, days: windowDays });
  const months = trendMonths(through);
  const monthly = await getMonthly(db, { agencyId, firstDay: `${months[0]}-01`, to: through });
  const byMonth = new Map(monthly.map((m) => [m.month, m]));
  const portfolio = stock.byProgram.reduce((sum, p) => sum + p.value_cents, 0);
  const { count, average_hours, p95_hours } = await getSlaStats(db, { agencyId });

  return {
    period,
    counted_through: through,
    previous_period: previous,
    agency: {
      trade_name: agency.trade_name,
      legal_name: agency.legal_name,
      cnpj: agency.cnpj,
      opened_on: agency.opened_on,
      address: agency.address,
      registration_status: agency.registration_status,
      main_activity_code: agency.main_activity_code,
    },
    kpis: {
      miles_balance: stock.byProgram.reduce((sum, p) => sum + p.miles, 0),
      miles_purchased: purchases.miles,
      profit_cents: accrual.margin,
      revenue_cents: accrual.revenue,
      active_emissions: totals.activeEmissions,
      emissions_created: accrual.emissions,
      active_clients: totals.activeClients,
      clients_created: created.clients,
      average_cost_per_thousand: stock.averageCostPerThousand,
      purchase_cost_per_thousand: purchases.costPerThousand,
      lots_expiring: expiring.inWindow,
      lots_expiring_days: windowDays,
      pending_alerts: created.pendingAlerts,
      alerts_opened: created.alerts,
    },
    top_clients: await getTopClients(db, { agencyId, limit: DASHBOARD_TOP_CLIENTS }),
    recent_activity: await getRecentActivity(db, { agencyId, limit: DASHBOARD_RECENT_ACTIVITY }),
    monthly: months.map((month) => byMonth.get(month) ?? { month, revenue_cents: 0, cost_cents: 0, margin_cents: 0 }),
    miles_by_program: stock.byProgram,
    expiring: expiring.horizons,
    receivables: await getReceivables(db, { agencyId, overdueBefore: addDaysIso(today, -DASHBOARD_OVERDUE_DAYS)! }),
    sla: { count, average_hours, p95_hours },
    summary: {
      portfolio_value_cents: portfolio,
      utilisation_percent: utilisation(totals.activeEmissions, totals.activeClients),
      clients: totals.clients,
      lots: stock.lots,
      emissions: totals.emissions,
    },
  };
}

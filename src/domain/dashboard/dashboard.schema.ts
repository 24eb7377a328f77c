import { z } from '../zod';
import { centsSchema, dateSchema, idSchema, timestampSchema } from '../response.schema';
import { PROGRAM_KEYS } from '../programs';
import { financeSummaryQuerySchema } from '../finance/summary.schema';

/*
 * GET /api/v1/dashboard (/; spec part 1 §2 "Dashboard (/)", §3 "Dashboard data", §4 counting
 * rules, §9 dashboard constants; issue #18): the agency at a glance in one request, every figure
 * counted in SQL from the kept per-day and per-agency figures (docs/decisions/0023-dashboard.md).
 * Stocks (balance, average cost, active emissions and clients, lots expiring, pending alerts) are
 * as of now; flows (profit, emissions, new clients, purchases) are the period's, each beside the
 * previous period of equal length, so the web draws a real trend.
 */

export const DASHBOARD_TOP_CLIENTS = 5;
export const DASHBOARD_RECENT_ACTIVITY = 10;
export const DASHBOARD_TREND_MONTHS = 6;
/** Miles expiring within each of these many days, valued at their cost. */
export const DASHBOARD_EXPIRY_HORIZONS = [30, 60, 90] as const;
/** Receivables older than this many days (from the emission's creation) are overdue. */
export const DASHBOARD_OVERDUE_DAYS = 30;

/** from and to: inclusive days, both or neither (the current month); at most a year and a day. */
export const dashboardQuerySchema = financeSummaryQuerySchema;
export type DashboardQuery = z.output<typeof dashboardQuerySchema>;

const period = z.object({ from: dateSchema, to: dateSchema });

/** A flow of the period beside the previous period's (the trend's two ends). */
const flow = z.object({ current: z.number(), previous: z.number() });

export const dashboardSchema = z.object({
  /** The period asked (default: the current month). */
  period,
  /**
   * The last day the flows count: the period's end, or today when it ends later (the current
   * month counts up to today).
   */
  counted_through: dateSchema,
  /**
   * What the flows compare with: the period before of equal length — the previous month(s) for
   * whole months, as many days before otherwise — cut like the period when it is counted only up
   * to today (1–27 November against 1–27 October).
   */
  previous_period: period,
  /** The agency card (spec: trade and legal name, CNPJ, "Ativa desde:", address, status, CNAE). */
  agency: z.object({
    trade_name: z.string(),
    legal_name: z.string(),
    cnpj: z.string(),
    opened_on: dateSchema.nullable(),
    address: z.string().nullable(),
    registration_status: z.string(),
    main_activity_code: z.string().nullable(),
  }),
  kpis: z.object({
    /** Σ remaining miles of the available lots, now. */
    miles_balance: z.number().int(),
    /** Miles of the lots bought (purchase date) in the period and in the previous one. */
    miles_purchased: flow,
    /** Margin of the active emissions created in the period (centavos). */
    profit_cents: flow,
    /** Revenue of the same emissions (centavos). */
    revenue_cents: flow,
    /** Pending, processing and issued emissions, now. */
    active_emissions: z.number().int(),
    /** Active emissions created in the period and in the previous one. */
    emissions_created: flow,
    /** Clients with status active, now. */
    active_clients: z.number().int(),
    /** Clients registered in the period and in the previous one. */
    clients_created: flow,
    /** Weighted by remaining miles over the available lots, R$ per 1,000 miles, 4 decimals; null with no stock. */
    average_cost_per_thousand: z.string().nullable(),
    /** Average R$ per 1,000 miles of the lots bought in the period and in the previous one (null: none bought). */
    purchase_cost_per_thousand: z.object({ current: z.string().nullable(), previous: z.string().nullable() }),
    /** Available lots expiring from today to today + lots_expiring_days (as /lotes counts them). */
    lots_expiring: z.number().int(),
    /** The agency's expiry warning window (settings; spec default 30). */
    lots_expiring_days: z.number().int(),
    /** Open alerts nobody has marked read. */
    pending_alerts: z.number().int(),
    /** Alerts opened in the period and in the previous one. */
    alerts_opened: flow,
  }),
  /** Ranked by revenue of active emissions (all time), DASHBOARD_TOP_CLIENTS. */
  top_clients: z.array(
    z.object({ id: idSchema, name: z.string(), emissions: z.number().int(), revenue_cents: centsSchema }),
  ),
  /** The newest DASHBOARD_RECENT_ACTIVITY lines of the activity feed. */
  recent_activity: z.array(
    z.object({
      id: idSchema,
      kind: z.string(),
      description: z.string(),
      ref_type: z.string().nullable(),
      ref_id: idSchema.nullable(),
      created_at: timestampSchema,
    }),
  ),
  /** The DASHBOARD_TREND_MONTHS months ending with counted_through's, oldest first (yyyy-MM), accrual. */
  monthly: z.array(
    z.object({
      month: z.string(),
      revenue_cents: centsSchema,
      cost_cents: centsSchema,
      margin_cents: centsSchema,
    }),
  ),
  /** Available miles per program, now, biggest first. */
  miles_by_program: z.array(
    z.object({ program: z.enum(PROGRAM_KEYS), miles: z.number().int(), value_cents: centsSchema }),
  ),
  /** Available lots expiring from today to today + each of DASHBOARD_EXPIRY_HORIZONS days (as /lotes counts its window). */
  expiring: z.array(
    z.object({ days: z.number().int(), lots: z.number().int(), miles: z.number().int(), value_cents: centsSchema }),
  ),
  /** What active emissions still owe today; overdue: created more than DASHBOARD_OVERDUE_DAYS days ago. */
  receivables: z.object({ total_cents: centsSchema, overdue_cents: centsSchema }),
  /** Hours from submission to issue over every issued emission (slaStats; null until one is). */
  sla: z.object({
    count: z.number().int(),
    average_hours: z.number().nullable(),
    p95_hours: z.number().nullable(),
  }),
  summary: z.object({
    /** Balance × average cost: Σ each available lot's remaining value (centavos). */
    portfolio_value_cents: centsSchema,
    /** Active emissions ÷ active clients × 100, one decimal (0 with no clients). */
    utilisation_percent: z.number(),
    /** Live clients, lots and emissions: all zero is the empty state. */
    clients: z.number().int(),
    lots: z.number().int(),
    emissions: z.number().int(),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

import { z } from '../zod';
import { isValidIsoDate } from '../format';
import { emptyToUndefined } from '../query.schema';
import { centsSchema, dateSchema, idSchema } from '../response.schema';
import { textSchema } from '../text.schema';
import { PAYMENT_METHODS } from './entry.schema';

/*
 * GET /api/v1/finance/summary (/financeiro; issue #15 "Finance"): the accrual and cash figures of
 * a period, as docs/decisions/0019-finance-accrual-and-cash.md defines them.
 */

/** The longest period asked at once: a year and a day. */
export const SUMMARY_MAX_DAYS = 366;
export const SUMMARY_MONTHS = 12;
export const RECENT_RECEIPTS = 10;

const M = {
  date: 'Data inválida',
  range: 'A data inicial deve ser anterior à final',
  long: `Escolha um período de até ${SUMMARY_MAX_DAYS} dias`,
};

const day = z.preprocess(
  emptyToUndefined,
  textSchema({ invalid: M.date })
    .trim()
    .refine((v) => isValidIsoDate(v), M.date)
    .optional(),
);

/** from and to: inclusive days; both or neither (the current month). */
export const financeSummaryQuerySchema = z
  .object({ from: day, to: day })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: M.range, path: ['to'] })
  .refine(
    (v) =>
      !v.from ||
      !v.to ||
      (Date.parse(`${v.to}T00:00:00Z`) - Date.parse(`${v.from}T00:00:00Z`)) / 86_400_000 < SUMMARY_MAX_DAYS,
    { message: M.long, path: ['from'] },
  );
export type FinanceSummaryQuery = z.output<typeof financeSummaryQuerySchema>;

const period = z.object({ from: dateSchema, to: dateSchema });

const accrual = z.object({
  /** Active emissions (pending, processing, issued) created in the period. */
  emissions: z.number().int(),
  revenue_cents: centsSchema,
  /** Fees + cost of the miles used + RAV. */
  cost_cents: centsSchema,
  margin_cents: centsSchema,
  /** margin / revenue, two decimals (0 with no revenue). */
  margin_percent: z.number(),
});

export const financeSummarySchema = z.object({
  period,
  previous_period: period,
  accrual,
  previous_accrual: accrual,
  cash: z.object({
    in_cents: centsSchema,
    /** Negative. Leaves out miles_cost postings (bookkeeping, decision 0019). */
    out_cents: centsSchema,
    net_cents: centsSchema,
    by_method: z.array(
      z.object({ method: z.enum(PAYMENT_METHODS).nullable(), in_cents: centsSchema, out_cents: centsSchema }),
    ),
  }),
  /** Revenue of active emissions created up to the period's end not yet received (per emission, never below 0). */
  receivables_cents: centsSchema,
  /** What separates the two views in the period. */
  differences: z.object({
    /** Cash out for lots bought in the period (positive): stock, not yet a cost. */
    lot_purchases_cents: centsSchema,
    /** Cost of the miles the period's emissions used (positive): a cost, with no cash out in the period. */
    miles_used_cents: centsSchema,
    /** Net posted in the period on cancelled or failed emissions. */
    void_postings_cents: centsSchema,
  }),
  /** Σ remaining × cost per mile of the available lots now. */
  stock_cost_cents: centsSchema,
  /**
   * The active sales of miles made in the period (issue #23): their miles, price, the cost of the
   * miles taken, profit (price − cost) and what they still have to receive. Apart from the
   * emissions' accrual (decision 0029 "Sales of miles"); their receipts are in the cash view.
   */
  sales: z.object({
    sales: z.number().int(),
    miles: z.number().int(),
    price_cents: centsSchema,
    cost_cents: centsSchema,
    profit_cents: centsSchema,
    to_receive_cents: centsSchema,
  }),
  /** The 12 months ending with the period's last, oldest first, accrual. */
  monthly: z.array(
    z.object({ month: z.string(), revenue_cents: centsSchema, cost_cents: centsSchema, margin_cents: centsSchema }),
  ),
  recent_receipts: z.array(
    z.object({
      id: idSchema,
      entry_date: dateSchema,
      amount_cents: centsSchema,
      description: z.string().nullable(),
      payment_method: z.enum(PAYMENT_METHODS).nullable(),
      emission_id: idSchema.nullable(),
    }),
  ),
});
export type FinanceSummary = z.infer<typeof financeSummarySchema>;

import { z } from '../zod';
import { LOT_STATUSES } from '../lots/lot.schema';
import { limitParamSchema, pageParamSchema } from '../query.schema';
import { centsSchema, dateSchema, idSchema, pagedSchema } from '../response.schema';

/*
 * GET /api/v1/finance/lots (/financeiro "Desempenho dos lotes"; issue #15 "Finance"): per live lot,
 * over its life, the miles its active emissions drew, their cost, the revenue and margin of those
 * emissions that the lot's miles carry, the ROI, and what is still in stock.
 */

export const LOT_PERFORMANCE_PAGE_SIZE = 10;
export const LOT_PERFORMANCE_MAX_PAGE_SIZE = 100;

export const lotPerformanceQuerySchema = z.object({
  page: pageParamSchema,
  limit: limitParamSchema(LOT_PERFORMANCE_PAGE_SIZE, LOT_PERFORMANCE_MAX_PAGE_SIZE),
});
export type LotPerformanceQuery = z.output<typeof lotPerformanceQuerySchema>;

export const lotPerformanceSchema = z.object({
  id: idSchema,
  program: z.string(),
  supplier: z.string().nullable(),
  purchase_date: dateSchema,
  status: z.enum(LOT_STATUSES),
  original_quantity: z.number().int(),
  remaining_quantity: z.number().int(),
  /** Miles that active emissions (pending, processing, issued) drew from the lot and still hold. */
  miles_used: z.number().int(),
  /** What those miles cost (Σ of their allocations' cost). */
  used_cost_cents: centsSchema,
  /** Emissions fed by the lot. */
  emissions: z.number().int(),
  /**
   * The revenue and margin of those emissions, each split between the lots it drew from in
   * proportion to the miles (rounded per emission to the centavo).
   */
  revenue_cents: centsSchema,
  margin_cents: centsSchema,
  /** margin / cost of the miles used, in %, two decimals; null while nothing was used. */
  roi_percent: z.number().nullable(),
  /** The miles still in the lot at its cost per mile. */
  stock_cost_cents: centsSchema,
});
export type LotPerformance = z.infer<typeof lotPerformanceSchema>;

export const lotPerformanceListSchema = pagedSchema(lotPerformanceSchema);
export type LotPerformanceList = z.infer<typeof lotPerformanceListSchema>;

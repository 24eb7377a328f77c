import { z } from '../zod';
import { EMISSION_STATUS_LABELS, EMISSION_STATUSES } from '../emissions/emission.schema';
import { formatDate, isValidIsoDate } from '../format';
import { centsToInput } from '../money';
import {
  emptyToUndefined,
  exportFormatParamSchema,
  limitParamSchema,
  optionalIsoDateParam,
  pageParamSchema,
} from '../query.schema';
import { centsSchema, idSchema, pagedSchema, timestampSchema } from '../response.schema';
import { textSchema } from '../text.schema';

/*
 * Reconciliation (/conciliador; spec part 2 §3 vw_conciliacao_emissoes, §9 "Conciliation"; issue
 * #15): per emission, what its own figures say should be posted against what was posted.
 * Cancelled and failed emissions expect nothing: whatever was posted against them is a discrepancy.
 * decisions/0019 says what each figure means.
 */

export const RECONCILIATION_PAGE_SIZE = 20;
export const RECONCILIATION_MAX_PAGE_SIZE = 100;

/** The amounts an emission is reconciled on, each a posting category of the same name. */
export const RECONCILED = ['revenue', 'fees', 'miles_cost', 'rav'] as const;
export type Reconciled = (typeof RECONCILED)[number];

/** The alerts, in the order the page shows their badges (spec part 2 §3), with their texts. */
export const RECONCILIATION_ALERTS = {
  missing_fees: 'Taxas faltantes',
  missing_miles_cost: 'Custo de milhas faltante',
  missing_rav: 'RAV faltante',
  missing_revenue: 'Receita faltante',
  duplicate: 'Lançamento duplicado',
  posted_on_void: 'Lançamento em emissão cancelada ou falha',
} as const;
export type ReconciliationAlert = keyof typeof RECONCILIATION_ALERTS;

const M = {
  date: 'Data inválida',
  range: 'A data inicial deve ser anterior à final',
  status: 'Status inválido',
  only: 'Use true ou false',
};

const day = optionalIsoDateParam(M.date);

/** GET /api/v1/reconciliation and /export: inclusive days of the emission's creation, status, only discrepancies. */
export const reconciliationQuerySchema = z
  .object({
    start: day,
    end: day,
    status: z.preprocess(emptyToUndefined, z.enum(EMISSION_STATUSES, { error: M.status }).optional()),
    only_discrepancies: z.preprocess(
      emptyToUndefined,
      z
        .enum(['true', 'false'], { error: M.only })
        .optional()
        .transform((v) => v === 'true'),
    ),
    page: pageParamSchema,
    limit: limitParamSchema(RECONCILIATION_PAGE_SIZE, RECONCILIATION_MAX_PAGE_SIZE),
  })
  .refine((v) => !v.start || !v.end || v.start <= v.end, { message: M.range, path: ['end'] });
export type ReconciliationQuery = z.output<typeof reconciliationQuerySchema>;

/** GET /api/v1/reconciliation/export: the same filters, and the file's form. */
export const reconciliationExportQuerySchema = reconciliationQuerySchema.extend({ formato: exportFormatParamSchema });

const amounts = z.object({ revenue: centsSchema, fees: centsSchema, miles_cost: centsSchema, rav: centsSchema });

export const reconciliationRowSchema = z.object({
  emission_id: idSchema,
  pnr: z.string().nullable(),
  route: z.string(),
  client_name: z.string(),
  status: z.enum(EMISSION_STATUSES),
  created_at: timestampSchema,
  /** What the emission's figures say should be posted (0 for cancelled and failed ones), in positive centavos. */
  expected: amounts,
  /** What was posted against it, per category, in positive centavos. */
  posted: amounts,
  /** expected − posted where positive: what the action buttons post. */
  missing: amounts,
  alerts: z.array(z.enum(Object.keys(RECONCILIATION_ALERTS) as [ReconciliationAlert, ...ReconciliationAlert[]])),
});
export type ReconciliationRow = z.infer<typeof reconciliationRowSchema>;

export const reconciliationSchema = pagedSchema(reconciliationRowSchema).extend({
  counts: z.object({
    /** Emissions in the period and status. */
    total: z.number().int(),
    discrepancies: z.number().int(),
    /** (1 − discrepancies / total) × 100, one decimal; 100 with no emission. */
    compliance_rate: z.number(),
  }),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;

export type ReconciledAmounts = Record<Reconciled, number>;

/** What an emission's own figures say should be posted: nothing for a cancelled or failed one (decision 0019). */
export function expectedPostings(e: {
  status: string;
  revenue_cents: number;
  fees_cents: number;
  miles_cost_cents: number;
  rav_cents: number;
}): ReconciledAmounts {
  if (e.status === 'cancelled' || e.status === 'failed') return { revenue: 0, fees: 0, miles_cost: 0, rav: 0 };
  return { revenue: e.revenue_cents, fees: e.fees_cents, miles_cost: e.miles_cost_cents, rav: e.rav_cents };
}

/** What was posted per reconciled category, positive (expenses are stored negative). */
export function postedAmounts(entries: readonly { category: string; amount_cents: number }[]): ReconciledAmounts {
  const posted: ReconciledAmounts = { revenue: 0, fees: 0, miles_cost: 0, rav: 0 };
  for (const entry of entries) {
    if ((RECONCILED as readonly string[]).includes(entry.category)) {
      posted[entry.category as Reconciled] += Math.abs(entry.amount_cents);
    }
  }
  return posted;
}

/** expected − posted where positive: what is still to be posted. */
export function missingAmounts(expected: ReconciledAmounts, posted: ReconciledAmounts): ReconciledAmounts {
  const missing = (key: Reconciled) => Math.max(0, expected[key] - posted[key]);
  return { revenue: missing('revenue'), fees: missing('fees'), miles_cost: missing('miles_cost'), rav: missing('rav') };
}

/** Spec part 2 §9: compliance = (1 − discrepancies / total) × 100, to one decimal. */
export function complianceRate(total: number, discrepancies: number): number {
  if (total === 0) return 100;
  return Math.round((1 - discrepancies / total) * 1000) / 10;
}

/** Spec part 2 §9 "CSV export columns". */
export const RECONCILIATION_EXPORT_HEADERS = [
  'PNR',
  'Rota',
  'Cliente',
  'Status',
  'Data',
  'Alertas',
  'Receita Teórica',
  'Receita Lançada',
  'Taxas Teóricas',
  'Taxas Lançadas',
  'Custo Milhas Teórico',
  'Custo Milhas Lançado',
  'RAV Teórico',
  'RAV Lançado',
] as const;

/** One CSV row as a Brazilian spreadsheet reads it: amounts "1234,56", the day dd/MM/yyyy, status and alerts in Portuguese. */
export function reconciliationExportRow(row: ReconciliationRow, createdDay: string): string[] {
  const brl = (cents: number) => centsToInput(cents);
  return [
    row.pnr ?? '',
    row.route,
    row.client_name,
    EMISSION_STATUS_LABELS[row.status],
    formatDate(createdDay),
    row.alerts.map((alert) => RECONCILIATION_ALERTS[alert]).join('; '),
    brl(row.expected.revenue),
    brl(row.posted.revenue),
    brl(row.expected.fees),
    brl(row.posted.fees),
    brl(row.expected.miles_cost),
    brl(row.posted.miles_cost),
    brl(row.expected.rav),
    brl(row.posted.rav),
  ];
}

export const BULK_POSTING_MAX = 1000;

/** POST /api/v1/reconciliation/post-missing: the selected emissions' missing postings, in one go. */
export const bulkPostMissingSchema = z.object({
  emission_ids: z
    .array(
      z.uuid({ error: 'Emissão inválida' }).transform((v) => v.toLowerCase()),
      { error: 'Selecione as emissões' },
    )
    .min(1, 'Selecione ao menos uma emissão')
    .max(BULK_POSTING_MAX, `Selecione no máximo ${BULK_POSTING_MAX} emissões`),
  entry_date: z.preprocess(
    emptyToUndefined,
    textSchema({ invalid: M.date })
      .trim()
      .refine((v) => isValidIsoDate(v), M.date)
      .optional(),
  ),
});
export type BulkPostMissing = z.output<typeof bulkPostMissingSchema>;

export const bulkPostMissingResultSchema = z.object({
  /** Postings created. */
  posted: z.number().int(),
  /** Emissions that got at least one. */
  emissions: z.number().int(),
  /** Ids not found in the agency (another agency's, deleted, unknown). */
  not_found: z.array(idSchema),
});
export type BulkPostMissingResult = z.infer<typeof bulkPostMissingResultSchema>;

/** The category each reconciled amount is posted as, with its kind. */
export const RECONCILED_POSTING: Record<Reconciled, { kind: 'revenue' | 'expense'; label: string }> = {
  revenue: { kind: 'revenue', label: 'Receita' },
  fees: { kind: 'expense', label: 'Taxas' },
  miles_cost: { kind: 'expense', label: 'Custo de milhas' },
  rav: { kind: 'expense', label: 'RAV' },
};

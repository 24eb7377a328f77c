import { z } from '../zod';
import { alertFilterFields, alertPeriodRefinement } from '../alerts/alert.schema';
import { idSchema, timestampSchema } from '../response.schema';

/*
 * PDF reports (issue #19; spec part 2 §2 "Gerar PDF" and the report history, §3 pdf_reports, §7
 * report calls, §8 PDF toasts): what can be reported, the request, the history row and the signed
 * download link (valid REPORT_LINK_SECONDS). docs/decisions/0024-reports.md.
 */

/** Reports of a record (ref_id required), of the alerts of a filter, of a month of finance. */
export const REPORT_REF_TYPES = ['emission', 'lot', 'quote', 'alerts', 'finance_month'] as const;
export type ReportRefType = (typeof REPORT_REF_TYPES)[number];
export const RECORD_REPORT_TYPES = ['emission', 'lot', 'quote'] as const;
export type RecordReportType = (typeof RECORD_REPORT_TYPES)[number];

export const REPORT_REF_TYPE_LABELS: Record<ReportRefType, string> = {
  emission: 'Emissão',
  lot: 'Lote',
  quote: 'Proposta',
  alerts: 'Alertas',
  finance_month: 'Financeiro do mês',
};

/** The alerts report lists at most this many alerts of its filter (it says so when there are more). */
export const ALERTS_REPORT_MAX = 1000;

/** A download link's life (spec part 2 §9: "Signed report link valid 600 seconds"). */
export const REPORT_LINK_SECONDS = 600;

/** Newest first, at most this many per record in the history. */
export const REPORT_HISTORY_LIMIT = 20;

export const REPORT_MESSAGES = {
  refType: 'Tipo de relatório inválido',
  refId: 'Identificador inválido',
  notFound: 'Relatório não encontrado.',
  recordNotFound: (type: RecordReportType) =>
    type === 'emission' ? 'Emissão não encontrada.' : 'Lote não encontrado.',
  month: 'Informe o mês (aaaa-mm)',
  linkInvalid: 'Link de download inválido ou expirado. Gere um novo link.',
  renderFailed: 'Ocorreu um erro ao gerar o PDF',
} as const;

const M = REPORT_MESSAGES;

/** The alerts of /alertas's filter (its query parameters, without the page). */
export const alertsReportFilterSchema = z
  .object(alertFilterFields)
  .superRefine(alertPeriodRefinement)
  .default({ status: 'open' });
export type AlertsReportFilter = z.output<typeof alertsReportFilterSchema>;

const monthSchema = z.string({ error: M.month }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, M.month);

/** POST /api/v1/reports */
export const reportInputSchema = z.discriminatedUnion(
  'ref_type',
  [
    z.object({ ref_type: z.literal('emission'), ref_id: z.uuid({ error: M.refId }) }),
    z.object({ ref_type: z.literal('lot'), ref_id: z.uuid({ error: M.refId }) }),
    z.object({ ref_type: z.literal('quote'), ref_id: z.uuid({ error: M.refId }) }),
    z.object({ ref_type: z.literal('alerts'), filter: alertsReportFilterSchema }),
    z.object({ ref_type: z.literal('finance_month'), month: monthSchema }),
  ],
  { error: M.refType },
);
export type ReportInput = z.output<typeof reportInputSchema>;

/** GET /api/v1/reports?ref_type&ref_id: a record's history (ref_id), or the agency's alerts or finance reports. */
export const reportListQuerySchema = z
  .object({
    ref_type: z.enum(REPORT_REF_TYPES, { error: M.refType }),
    ref_id: z.uuid({ error: M.refId }).optional(),
  })
  .refine((q) => !(RECORD_REPORT_TYPES as readonly string[]).includes(q.ref_type) || q.ref_id !== undefined, {
    message: M.refId,
    path: ['ref_id'],
  });
export type ReportListQuery = z.output<typeof reportListQuerySchema>;

export const reportSchema = z.object({
  id: idSchema,
  ref_type: z.enum(REPORT_REF_TYPES),
  /** The emission, lot or quote; null for the alerts and finance reports. */
  ref_id: idSchema.nullable(),
  title: z.string(),
  /** File name offered on download, e.g. "emissao-ABC123-2026-11-27.pdf". */
  file_name: z.string(),
  size_bytes: z.number().int(),
  pages: z.number().int(),
  generated_at: timestampSchema,
  generated_by_name: z.string().nullable(),
});
export type Report = z.infer<typeof reportSchema>;

export const reportListSchema = z.object({ data: z.array(reportSchema) });
export type ReportList = z.infer<typeof reportListSchema>;

/** A new report comes back with its download link, ready to open. */
export const reportLinkSchema = z.object({
  url: z.string(),
  expires_at: timestampSchema,
});
export type ReportLink = z.infer<typeof reportLinkSchema>;

export const reportCreatedSchema = reportSchema.extend({ link: reportLinkSchema });
export type ReportCreated = z.infer<typeof reportCreatedSchema>;

/** GET /api/v1/reports/:id/download?token= */
export const reportDownloadQuerySchema = z.object({
  token: z.string({ error: M.linkInvalid }).min(1, M.linkInvalid).max(200, M.linkInvalid),
});

/** POST /api/v1/quotes/:id/proposal ("Enviar Proposta"): the proposal's PDF, to whom it was e-mailed (null: the client has no e-mail), the quote's status after. */
export const proposalSentSchema = z.object({
  report: reportCreatedSchema,
  emailed_to: z.string().nullable(),
  quote_status: z.string(),
});
export type ProposalSent = z.infer<typeof proposalSentSchema>;

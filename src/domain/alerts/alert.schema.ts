import { z } from '../zod';
import { ALERT_KIND_LABELS, ALERT_KINDS, type AlertKind } from './alert.kinds';
import { PROGRAM_KEYS } from '../programs';
import {
  emptyToUndefined,
  limitParamSchema,
  optionalIsoDateParam,
  optionalUuidParam,
  pageParamSchema,
  periodRefinement,
} from '../query.schema';
import { centsSchema, dateSchema, idSchema, pagedSchema, timestampSchema } from '../response.schema';

// The alerts centre (spec part 2 §2 "/alertas", §7 alert reads, §9 "Alerts and rules"; DESIGN §2).

// Zod-free, for the real-time stream's toasts, which load with every page (#14).
export { ALERT_KIND_LABELS, ALERT_KINDS, type AlertKind };

export const ALERTS_PAGE_SIZE = 20;
export const ALERTS_MAX_PAGE_SIZE = 100;

/** Days-to-expiry badge (spec part 2 §9): destructive at 7 or fewer, outline at 30 or fewer. */
export function expiryBadgeVariant(days: number): 'destructive' | 'outline' | 'secondary' {
  if (days <= 7) return 'destructive';
  if (days <= 30) return 'outline';
  return 'secondary';
}

export const ALERT_MESSAGES = {
  kindInvalid: 'Tipo de alerta inválido',
  statusInvalid: 'Situação inválida',
  programInvalid: 'Programa inválido',
  accountInvalid: 'Conta inválida',
  dateInvalid: 'Data inválida',
  periodInvalid: 'Período inválido',
  readInvalid: 'Informe se o alerta foi lido (verdadeiro ou falso)',
  notFound: 'Alerta não encontrado',
} as const;
const M = ALERT_MESSAGES;

const optionalIsoDate = optionalIsoDateParam(M.dateInvalid);

/**
 * Query string of GET /api/v1/alerts. The period is the day the alert is about: a lot's expiry,
 * an emission's submission (inclusive calendar days in the agency's time zone). `status` open
 * (default) or resolved.
 */
/** The filters of /alertas (also the alerts report's, issue #19). */
export const alertFilterFields = {
  kind: z.preprocess(emptyToUndefined, z.enum(ALERT_KINDS, { error: M.kindInvalid }).optional()),
  status: z.preprocess(emptyToUndefined, z.enum(['open', 'resolved'], { error: M.statusInvalid }).default('open')),
  program: z.preprocess(emptyToUndefined, z.enum(PROGRAM_KEYS, { error: M.programInvalid }).optional()),
  account_id: optionalUuidParam(M.accountInvalid),
  date_from: optionalIsoDate,
  date_to: optionalIsoDate,
};
export const alertPeriodRefinement = periodRefinement(M.periodInvalid);

export const alertListQuerySchema = z
  .object({
    page: pageParamSchema,
    limit: limitParamSchema(ALERTS_PAGE_SIZE, ALERTS_MAX_PAGE_SIZE),
    ...alertFilterFields,
  })
  .superRefine(alertPeriodRefinement);
export type AlertListQuery = z.infer<typeof alertListQuerySchema>;

/** PATCH /api/v1/alerts/{id}: read or unread. */
export const alertReadSchema = z.object({ is_read: z.boolean({ error: M.readInvalid }) }, { error: M.readInvalid });
export type AlertRead = z.infer<typeof alertReadSchema>;

/** POST /api/v1/alerts/read-all: every open alert (of one tab, if given) marked read. */
export const alertReadAllSchema = z.object({
  kind: z.preprocess(emptyToUndefined, z.enum(ALERT_KINDS, { error: M.kindInvalid }).optional()),
});

// ---------------------------------------------------------------------------------------------
// Answers

export const alertLotSchema = z.object({
  id: idSchema,
  program: z.enum(PROGRAM_KEYS),
  account_id: idSchema,
  account_number: z.string(),
  remaining_quantity: z.number().int(),
  expiry_date: dateSchema,
  /** From the request's day; negative once expired. */
  days_to_expiry: z.number().int(),
});

export const alertEmissionSchema = z.object({
  id: idSchema,
  pnr: z.string().nullable(),
  route: z.string(),
  client_name: z.string(),
  program: z.enum(PROGRAM_KEYS),
  account_id: idSchema,
  status: z.string(),
  submitted_at: timestampSchema.nullable(),
  revenue_cents: centsSchema,
  margin_cents: centsSchema,
});

export const alertSchema = z.object({
  id: idSchema,
  kind: z.enum(ALERT_KINDS),
  message: z.string(),
  is_read: z.boolean(),
  created_at: timestampSchema,
  resolved_at: timestampSchema.nullable(),
  lot: alertLotSchema.nullable(),
  emission: alertEmissionSchema.nullable(),
});
export type Alert = z.infer<typeof alertSchema>;

const alertCountSchema = z.object({ total: z.number().int(), unread: z.number().int() });

export const alertListSchema = pagedSchema(alertSchema).extend({
  /** Per tab, with the same filters but the tab: how many alerts and how many unread. */
  counts: z.object({
    lot_expiring: alertCountSchema,
    sla_exceeded: alertCountSchema,
    margin_critical: alertCountSchema,
  }),
});
export type AlertList = z.infer<typeof alertListSchema>;

/** The bell and "Alertas Pendentes": unread open alerts of the agency. */
export const alertSummarySchema = z.object({ unread: z.number().int(), open: z.number().int() });

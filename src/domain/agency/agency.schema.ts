import { refuse, z } from '../zod';
import { cnpjSchema, optionalPhoneSchema } from '../documents.schema';
import { legalNameSchema, optionalEmailSchema, tradeNameSchema } from '../auth/auth.schema';
import { textSchema } from '../text.schema';
import { parseBRLToCents } from '../money';
import { CARD_INTEREST_MAX_PERCENT, DEFAULT_CARD_INTEREST_PERCENT, MAX_CARD_INSTALMENTS } from '../quotes/payment';

export const REGISTRATION_STATUSES = ['Ativa', 'Inapta', 'Suspensa', 'Baixada', 'Nula'] as const;

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

function isRealIsoDate(v: string): boolean {
  if (!isoDate.test(v)) return false;
  const [y, m, d] = v.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function localToday(): string {
  const now = new Date();
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

/** Spec part 2 §5 "Agency form". */
export const agencyInputSchema = z.object({
  legal_name: legalNameSchema,
  trade_name: tradeNameSchema,
  cnpj: cnpjSchema,
  registration_status: textSchema({
    required: 'Situação cadastral é obrigatória',
    invalid: 'Situação cadastral inválida',
  })
    .trim()
    .min(1, 'Situação cadastral é obrigatória')
    .max(40, 'Situação cadastral deve ter no máximo 40 caracteres'),
  opened_on: textSchema({ required: 'Data de abertura é obrigatória', invalid: 'Data de abertura inválida' })
    .min(1, { error: 'Data de abertura é obrigatória', abort: true })
    .refine(isRealIsoDate, { error: 'Data inválida', abort: true })
    .refine((v) => v >= '1900-01-01', 'Data não pode ser anterior a 1900')
    .refine((v) => v <= localToday(), 'Data não pode estar no futuro'),
  address: textSchema({ required: 'Endereço é obrigatório', invalid: 'Endereço inválido' })
    .trim()
    .min(10, 'Endereço deve ter pelo menos 10 caracteres')
    .max(400, 'Endereço deve ter no máximo 400 caracteres'),
  main_activity_code: textSchema({ required: 'CNAE é obrigatório', invalid: 'CNAE inválido' })
    .trim()
    .min(5, 'CNAE deve ter pelo menos 5 caracteres')
    .max(20, 'CNAE deve ter no máximo 20 caracteres'),
  share_capital_cents: z
    .number({ error: (iss) => (iss.input === undefined ? 'Capital social é obrigatório' : 'Capital social inválido') })
    .int('Capital social inválido')
    .min(0, 'Capital social não pode ser negativo')
    .max(Number.MAX_SAFE_INTEGER, 'Capital social inválido')
    .nullable(),
  email: optionalEmailSchema,
  phone: optionalPhoneSchema,
});
export type AgencyInput = z.infer<typeof agencyInputSchema>;

/** The "Capital Social" field as typed in the form ("1.234,56") → centavos. */
export const shareCapitalFieldSchema = textSchema({ invalid: 'Capital social inválido' }).transform((v, ctx) => {
  if (v.trim() === '') return null;
  const cents = parseBRLToCents(v);
  if (cents === null || cents < 0) {
    return refuse(ctx, 'Capital social inválido');
  }
  return cents;
});

export const LOT_ALLOCATION_POLICIES = ['cheapest', 'expiring_first'] as const;
export type LotAllocationPolicy = (typeof LOT_ALLOCATION_POLICIES)[number];

export const DEFAULT_SETTINGS: Settings = {
  default_markup_percent: 15,
  expiry_alert_days: 30,
  currency: 'BRL',
  lot_allocation_policy: 'cheapest',
  card_interest_percent: [...DEFAULT_CARD_INTEREST_PERCENT],
  require_mfa: false,
};

const hasAtMostTwoDecimals = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-9;

/**
 * The card's surcharge per number of instalments (index 0 = 1×), in percent over the price: what a
 * quote's payment options charge (src/domain/quotes/payment.ts). 0 = sem juros.
 */
export const cardInterestSchema = z
  .array(
    z
      .number({
        error: (iss) =>
          iss.input === undefined || iss.input === null
            ? 'Informe os juros (0 = sem juros)'
            : 'Juros inválidos: informe um número',
      })
      .min(0, 'Os juros não podem ser negativos')
      .max(CARD_INTEREST_MAX_PERCENT, `Os juros devem ser no máximo ${CARD_INTEREST_MAX_PERCENT}%`)
      .refine(hasAtMostTwoDecimals, 'Use no máximo duas casas decimais'),
    { error: 'Tabela de juros inválida' },
  )
  .length(MAX_CARD_INSTALMENTS, `Informe os juros de 1× a ${MAX_CARD_INSTALMENTS}×`);

export const settingsInputSchema = z.object({
  default_markup_percent: z
    .number({
      error: (iss) =>
        iss.input === undefined || iss.input === null
          ? 'Informe o markup padrão'
          : 'Markup inválido: informe um número',
    })
    .min(0, 'O markup não pode ser negativo')
    .max(1000, 'O markup deve ser no máximo 1000%')
    .refine(
      (v) => Number.isInteger(Math.round(v * 10)) && Math.abs(v * 10 - Math.round(v * 10)) < 1e-9,
      'Use no máximo uma casa decimal',
    ),
  expiry_alert_days: z
    .number({
      error: (iss) =>
        iss.input === undefined || iss.input === null
          ? 'Informe os dias de alerta'
          : 'Dias de alerta inválidos: informe um número',
    })
    .int('Use um número inteiro de dias')
    .min(1, 'Mínimo de 1 dia')
    .max(365, 'Máximo de 365 dias'),
  currency: z.literal('BRL', { error: 'Moeda deve ser BRL' }),
  lot_allocation_policy: z.enum(LOT_ALLOCATION_POLICIES, { error: 'Política inválida' }),
  /** Optional in a PUT (a client that does not know it keeps the stored table); always in an answer. */
  card_interest_percent: cardInterestSchema.optional(),
  /**
   * "Exigir verificação em duas etapas para toda a equipe": a user without it can only enrol
   * (docs/decisions/0026-team-and-roles.md). Optional in a PUT like card_interest_percent.
   */
  require_mfa: z.boolean({ error: 'Valor inválido' }).optional(),
});
export type SettingsInput = z.infer<typeof settingsInputSchema>;

/** The settings as GET /agency/settings answers them and the /config form edits them: every field. */
export const settingsSchema = settingsInputSchema.extend({
  card_interest_percent: cardInterestSchema,
  require_mfa: z.boolean({ error: 'Valor inválido' }),
});
export type Settings = z.infer<typeof settingsSchema>;

/** Each alert by e-mail as it opens, or one summary a day (the `email.digest` job, 08:00 in Brasília). */
export const EMAIL_FREQUENCIES = ['immediate', 'daily'] as const;
export type EmailFrequency = (typeof EMAIL_FREQUENCIES)[number];

export const notificationPrefsSchema = z.object({
  email_notifications: z.boolean({ error: 'Valor inválido' }),
  lot_expiring: z.boolean({ error: 'Valor inválido' }),
  sla_exceeded: z.boolean({ error: 'Valor inválido' }),
  margin_critical: z.boolean({ error: 'Valor inválido' }),
  email_frequency: z.enum(EMAIL_FREQUENCIES, { error: 'Frequência inválida: escolha imediato ou resumo diário' }),
});
export type NotificationPrefs = z.infer<typeof notificationPrefsSchema>;

/** Also what a stored choice missing from an older row reads as (readNotificationPrefs, and the e-mail queries' SQL). */
export const DEFAULT_NOTIFICATION_PREFS: NotificationPrefs = {
  email_notifications: true,
  lot_expiring: true,
  sla_exceeded: true,
  margin_critical: true,
  email_frequency: 'immediate',
};

import { refuse, z } from '../zod';
import { departureDateSchema, PASSENGER_NAME_MAX_LENGTH, routeSchema } from '../emissions/emission.schema';
import { todayIso } from '../format';
import { AIRLINE_PROGRAM_KEYS, PROGRAM_KEYS, type ProgramKey } from '../programs';
import {
  emptyToUndefined,
  limitParamSchema,
  optionalIsoDateParam,
  optionalUuidParam,
  pageParamSchema,
  periodRefinement,
} from '../query.schema';
import { centsSchema, dateSchema, idSchema, pagedSchema, timestampSchema } from '../response.schema';
import { COST_SOURCES, SIMULATION_WARNING_CODES } from '../simulator/simulator.rules';
import { RAV_MODES, simulationInputSchema } from '../simulator/simulator.schema';
import { isBlank, optionalTextSchema, optionalUuidSchema, searchParamSchema, textSchema } from '../text.schema';

// Quotes (issue #19): a simulation saved with its inputs, the cost per thousand it used and its
// result, for a route, an optional client and a validity; then sent, accepted, declined, expired
// by a job past its validity, or converted into an emission.

// ---------------------------------------------------------------------------------------------
// Status (keys in English in the database, labels in Portuguese)

export const QUOTE_STATUSES = ['draft', 'sent', 'accepted', 'declined', 'expired'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  draft: 'Rascunho',
  sent: 'Enviada',
  accepted: 'Aceita',
  declined: 'Recusada',
  expired: 'Expirada',
};

/** The variants of the web's Badge, named here so the domain stays framework-free. */
export type QuoteBadgeVariant = 'default' | 'secondary' | 'outline' | 'success' | 'warning' | 'destructive';

export const QUOTE_STATUS_BADGE_VARIANTS: Record<QuoteStatus, QuoteBadgeVariant> = {
  draft: 'secondary',
  sent: 'default',
  accepted: 'success',
  declined: 'destructive',
  expired: 'outline',
};

export function isQuoteStatus(status: string): status is QuoteStatus {
  return (QUOTE_STATUSES as readonly string[]).includes(status);
}

// ---------------------------------------------------------------------------------------------
// Limits and messages

export const QUOTE_DEFAULT_VALIDITY_HOURS = 48;
/** 30 days: a price held longer is a new quote. */
export const QUOTE_MAX_VALIDITY_HOURS = 720;
export const QUOTE_VALIDITY_CHOICES = [24, 48, 72, 168] as const;
export const QUOTE_MAX_PASSENGERS = 9;
export const QUOTE_NOTES_MAX_LENGTH = 1000;
export const QUOTES_PAGE_SIZE = 20;
export const QUOTES_MAX_PAGE_SIZE = 100;

export const QUOTE_MESSAGES = {
  programInvalid: 'Selecione um programa válido',
  clientInvalid: 'Cliente inválido',
  accountInvalid: 'Conta inválida',
  lotInvalid: 'Lote inválido',
  clientNotFound: 'Cliente não encontrado.',
  accountNotFound: 'Conta não encontrada.',
  accountProgram: 'Esta conta é de outro programa.',
  accountNotOfClient: 'Esta conta não pertence ao cliente selecionado.',
  lotNotFound: 'Lote não encontrado.',
  lotProgram: 'Este lote é de outro programa.',
  lotNotOfAccount: 'Este lote não é da conta selecionada.',
  lotUnavailable: 'Este lote não está disponível (usado, reservado ou vencido).',
  departurePast: 'A data de embarque não pode estar no passado',
  returnInvalid: 'Data de volta inválida',
  returnBeforeDeparture: 'A volta não pode ser antes da ida',
  returnWithoutDeparture: 'Informe a data de ida',
  passengersInvalid: 'Passageiros inválidos',
  passengersMax: `No máximo ${QUOTE_MAX_PASSENGERS} passageiros por cotação`,
  passengerName: 'Nome do passageiro deve ter pelo menos 2 caracteres',
  passengerNameTooLong: `Nome do passageiro deve ter no máximo ${PASSENGER_NAME_MAX_LENGTH} caracteres`,
  validityInvalid: `Validade deve ser um número inteiro de horas, de 1 a ${QUOTE_MAX_VALIDITY_HOURS}`,
  notesTooLong: `Observações devem ter no máximo ${QUOTE_NOTES_MAX_LENGTH} caracteres`,
  statusInvalid: 'Status inválido',
  dateInvalid: 'Data inválida',
  periodInvalid: 'Período inválido',
  notFound: 'Cotação não encontrada.',
  alreadyConverted: 'Esta cotação já foi convertida em emissão.',
  notConvertible: 'Só é possível converter em emissão uma cotação em rascunho, enviada ou aceita.',
} as const;

const M = QUOTE_MESSAGES;

// ---------------------------------------------------------------------------------------------
// Fields

const optionalUuid = optionalUuidSchema;

/** Who flies, when known: names only (the CPFs come with the emission). Blank lines are dropped. */
export const quotePassengersSchema = z
  .array(textSchema({ invalid: M.passengersInvalid }), { error: M.passengersInvalid })
  .nullable()
  .optional()
  .transform((names, ctx): string[] => {
    const kept = (names ?? []).map((n) => n.trim().replace(/\s+/g, ' ')).filter((n) => n !== '');
    if (kept.length > QUOTE_MAX_PASSENGERS) {
      return refuse(ctx, M.passengersMax);
    }
    for (const name of kept) {
      const message =
        name.length < 2 ? M.passengerName : name.length > PASSENGER_NAME_MAX_LENGTH ? M.passengerNameTooLong : null;
      if (message) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
    }
    return kept;
  });

export const validityHoursSchema = z
  .union([z.string(), z.number()], { error: M.validityInvalid })
  .nullable()
  .optional()
  .transform((v, ctx): number => {
    if (isBlank(v)) return QUOTE_DEFAULT_VALIDITY_HOURS;
    const s = typeof v === 'number' ? (Number.isSafeInteger(v) ? String(v) : '') : v!.trim();
    if (!/^\d{1,4}$/.test(s) || Number(s) < 1 || Number(s) > QUOTE_MAX_VALIDITY_HOURS) {
      return refuse(ctx, M.validityInvalid);
    }
    return Number(s);
  });

/**
 * POST /api/v1/quotes and the simulator's "Salvar Cotação": the simulation's inputs, where its cost
 * comes from (a lot, else the programme's stock) and the trip. The cost per thousand and the
 * result are the server's, from the lot or the stock as they are when it saves. `today` decides
 * what counts as a past departure (the request's day on the server, the browser's on the page).
 */
export function makeQuoteInputSchema(today: () => string) {
  return z
    .object({
      // Airline programmes only: a points programme issues no ticket (issue #23).
      program: z.enum(AIRLINE_PROGRAM_KEYS as [ProgramKey, ...ProgramKey[]], { error: M.programInvalid }),
      client_id: optionalUuid(M.clientInvalid),
      account_id: optionalUuid(M.accountInvalid),
      lot_id: optionalUuid(M.lotInvalid),
      ...simulationInputSchema.shape,
      route: routeSchema,
      departure_date: departureDateSchema.refine((d) => d === null || d >= today(), M.departurePast),
      return_date: departureDateSchema,
      passengers: quotePassengersSchema,
      validity_hours: validityHoursSchema,
      notes: optionalTextSchema(QUOTE_NOTES_MAX_LENGTH, M.notesTooLong),
    })
    .superRefine(
      (q, ctx) => {
        // Runs even when other fields failed (see `when`), so a value may still be as typed.
        const dep = typeof q.departure_date === 'string' ? q.departure_date : null;
        const ret = typeof q.return_date === 'string' ? q.return_date : null;
        if (ret && !dep) ctx.addIssue({ code: 'custom', message: M.returnWithoutDeparture, path: ['departure_date'] });
        if (ret && dep && /^\d{4}-\d{2}-\d{2}$/.test(dep) && /^\d{4}-\d{2}-\d{2}$/.test(ret) && ret < dep) {
          ctx.addIssue({ code: 'custom', message: M.returnBeforeDeparture, path: ['return_date'] });
        }
      },
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
    );
}

export const quoteInputSchema = makeQuoteInputSchema(todayIso);
export type QuoteInput = z.output<typeof quoteInputSchema>;
/** What the simulator's form holds before parsing. */
export type QuoteFormValues = z.input<typeof quoteInputSchema>;

/** POST /api/v1/quotes/:id/status: the changes a person makes (expiry is the job's, acceptance also conversion's). */
export const QUOTE_MANUAL_STATUSES = ['sent', 'accepted', 'declined'] as const satisfies readonly QuoteStatus[];
export type QuoteManualStatus = (typeof QUOTE_MANUAL_STATUSES)[number];

export const quoteStatusChangeSchema = z.object({
  status: z.enum(QUOTE_MANUAL_STATUSES, { error: M.statusInvalid }),
});

// ---------------------------------------------------------------------------------------------
// List

/** GET /api/v1/quotes: by status, client, creation day (agency's calendar) and search (client or route). */
export const quoteListQuerySchema = z
  .object({
    page: pageParamSchema,
    limit: limitParamSchema(QUOTES_PAGE_SIZE, QUOTES_MAX_PAGE_SIZE),
    search: searchParamSchema,
    status: z.preprocess(emptyToUndefined, z.enum(QUOTE_STATUSES, { error: M.statusInvalid }).optional()),
    client_id: optionalUuidParam(M.clientInvalid),
    date_from: optionalIsoDateParam(M.dateInvalid),
    date_to: optionalIsoDateParam(M.dateInvalid),
  })
  .superRefine(periodRefinement(M.periodInvalid));
export type QuoteListQuery = z.infer<typeof quoteListQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Answers (STYLE.md habit 10)

export const cardOptionSchema = z.object({
  instalments: z.number().int(),
  interest_percent: z.number(),
  total_cents: centsSchema,
  first_instalment_cents: centsSchema,
  instalment_cents: centsSchema,
});

export const paymentOptionsSchema = z.object({
  pix: z.object({ total_cents: centsSchema }),
  card: z.array(cardOptionSchema),
});

export const simulationWarningSchema = z.object({
  code: z.enum(SIMULATION_WARNING_CODES),
  severity: z.enum(['destructive', 'warning', 'info']),
  message: z.string(),
});

/** One quote, as the list and the detail show it. */
export const quoteSchema = z.object({
  id: idSchema,
  status: z.enum(QUOTE_STATUSES),
  program: z.enum(PROGRAM_KEYS),
  client_id: idSchema.nullable(),
  /** Null without a client, or once the client was deleted. */
  client_name: z.string().nullable(),
  client_email: z.string().nullable(),
  client_phone: z.string().nullable(),
  account_id: idSchema.nullable(),
  account_number: z.string().nullable(),
  lot_id: idSchema.nullable(),
  route: z.string(),
  departure_date: dateSchema.nullable(),
  return_date: dateSchema.nullable(),
  passengers: z.array(z.string()),
  notes: z.string().nullable(),
  miles: z.number().int(),
  fees_cents: centsSchema,
  rav_cents: centsSchema,
  rav_mode: z.enum(RAV_MODES),
  /** Numeric text, 2 places. */
  markup_percent: z.string(),
  /** R$ per thousand miles used, numeric text with 4 places. */
  cost_per_thousand: z.string(),
  cost_source: z.enum(COST_SOURCES),
  miles_cost_cents: centsSchema,
  markup_cents: centsSchema,
  price_cents: centsSchema,
  total_cost_cents: centsSchema,
  margin_cents: centsSchema,
  margin_percent: z.number(),
  /** The warnings as they were when it was saved. */
  warnings: z.array(simulationWarningSchema),
  /** The agency's card interest per number of instalments when it was saved (the client was quoted these). */
  card_interest_percent: z.array(z.number()),
  payment_options: paymentOptionsSchema,
  validity_hours: z.number().int(),
  valid_until: timestampSchema,
  emission_id: idSchema.nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  sent_at: timestampSchema.nullable(),
  accepted_at: timestampSchema.nullable(),
  declined_at: timestampSchema.nullable(),
  expired_at: timestampSchema.nullable(),
});
export type Quote = z.infer<typeof quoteSchema>;

export const quoteListSchema = pagedSchema(quoteSchema);
export type QuoteList = z.infer<typeof quoteListSchema>;

// ---------------------------------------------------------------------------------------------
// Texts (spec-style toasts)

export const QUOTE_TEXTS = {
  saved: { title: 'Cotação salva', description: 'A cotação foi salva com validade de {h} horas.' },
  saveError: 'Erro ao salvar cotação',
  statusError: 'Erro ao atualizar cotação',
  copied: { title: 'Texto copiado', description: 'Cole a proposta na conversa do WhatsApp.' },
  copyError: 'Não foi possível copiar o texto',
  changed: {
    sent: { title: 'Cotação enviada', description: 'A cotação foi marcada como enviada ao cliente.' },
    accepted: { title: 'Cotação aceita', description: 'A cotação foi marcada como aceita.' },
    declined: { title: 'Cotação recusada', description: 'A cotação foi marcada como recusada.' },
  },
  confirm: {
    sent: {
      title: 'Marcar como enviada?',
      description: 'Use quando a proposta já chegou ao cliente por e-mail, WhatsApp ou telefone.',
      action: 'Marcar como enviada',
    },
    accepted: {
      title: 'Marcar como aceita?',
      description: 'O cliente aceitou o preço. Depois, converta a cotação em emissão para reservar as milhas.',
      action: 'Marcar como aceita',
    },
    declined: {
      title: 'Marcar como recusada?',
      description: 'A cotação deixa de poder ser convertida em emissão. Esta ação não pode ser desfeita.',
      action: 'Marcar como recusada',
    },
  },
} as const satisfies {
  changed: Record<QuoteManualStatus, { title: string; description: string }>;
  confirm: Record<QuoteManualStatus, { title: string; description: string; action: string }>;
  [key: string]: unknown;
};

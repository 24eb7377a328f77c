import { QUOTE_MESSAGES, QUOTE_STATUS_LABELS, type QuoteManualStatus, type QuoteStatus } from './quote.schema';

// A quote's life (issue #19): rascunho → enviada → aceita | recusada; rascunho or enviada past its
// validity → expirada (the quotes.expire job); "Converter em emissão" from rascunho, enviada or
// aceita, once, which leaves it aceita with its emission.

/** What the expiry job may expire: a quote nobody answered yet. */
export const EXPIRABLE_QUOTE_STATUSES = ['draft', 'sent'] as const satisfies readonly QuoteStatus[];
/** What may still become an emission (once: a quote with an emission is converted). */
export const CONVERTIBLE_QUOTE_STATUSES = ['draft', 'sent', 'accepted'] as const satisfies readonly QuoteStatus[];

const ALLOWED: Record<QuoteManualStatus, readonly QuoteStatus[]> = {
  sent: ['draft'],
  accepted: ['draft', 'sent'],
  declined: ['draft', 'sent'],
};

export type QuoteStatusPlan = { ok: true; to: QuoteManualStatus } | { ok: false; message: string };

/** Whether a person may move a quote from `from` to `to`, and why not. */
export function planQuoteStatusChange(from: string, to: QuoteManualStatus): QuoteStatusPlan {
  if ((ALLOWED[to] as readonly string[]).includes(from)) return { ok: true, to };
  const fromLabel = QUOTE_STATUS_LABELS[from as QuoteStatus]?.toLowerCase() ?? from;
  if (from === to) return { ok: false, message: `Esta cotação já está ${fromLabel}.` };
  return {
    ok: false,
    message: `Não é possível marcar como ${QUOTE_STATUS_LABELS[to].toLowerCase()} uma cotação ${fromLabel}.`,
  };
}

/** The status changes a quote's page offers for its status. */
export function availableQuoteStatusChanges(status: string, converted: boolean): QuoteManualStatus[] {
  if (converted) return [];
  return (Object.keys(ALLOWED) as QuoteManualStatus[]).filter((to) => planQuoteStatusChange(status, to).ok);
}

export type QuoteConversionCheck = { ok: true } | { ok: false; reason: 'converted' | 'status'; message: string };

/** Whether "Converter em emissão" may run: once, and not for a declined or expired quote. */
export function checkQuoteConversion(quote: { status: string; emission_id: string | null }): QuoteConversionCheck {
  if (quote.emission_id !== null) return { ok: false, reason: 'converted', message: QUOTE_MESSAGES.alreadyConverted };
  if (!(CONVERTIBLE_QUOTE_STATUSES as readonly string[]).includes(quote.status)) {
    return { ok: false, reason: 'status', message: QUOTE_MESSAGES.notConvertible };
  }
  return { ok: true };
}

/** Past its validity at `now` (the moment itself still counts as valid). */
export function isQuotePastValidity(validUntil: string | Date, now: string | Date): boolean {
  const until = new Date(
    typeof validUntil === 'string' ? validUntil.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00') : validUntil,
  );
  return until.getTime() < new Date(now).getTime();
}

import type { ClientOption } from '@domain/clients/client.schema';
import type { EmissionFormValues } from '@domain/emissions/emission.schema';
import { formatNumber } from '@domain/format';
import { centsToInput } from '@domain/money';
import {
  isQuoteStatus,
  QUOTE_STATUS_BADGE_VARIANTS,
  QUOTE_STATUS_LABELS,
  type Quote,
} from '@domain/quotes/quote.schema';

export function quoteStatusLabel(status: string): string {
  return isQuoteStatus(status) ? QUOTE_STATUS_LABELS[status] : status;
}

export function quoteStatusVariant(status: string) {
  return isQuoteStatus(status) ? QUOTE_STATUS_BADGE_VARIANTS[status] : 'outline';
}

/** "NAT → GRU → NAT". */
export function routeArrows(route: string): string {
  return route.split('-').join(' → ');
}

/** "48 horas", "7 dias". */
export function validityText(hours: number): string {
  return hours % 24 === 0 && hours > 48 ? `${formatNumber(hours / 24)} dias` : `${formatNumber(hours)} horas`;
}

/** What "Converter em emissão" opens the wizard with. */
export interface QuoteEmissionPrefill {
  client: ClientOption | null;
  values: Partial<EmissionFormValues>;
}

/**
 * The emission wizard prefilled from a quote (issue #19): its client and account, route, miles,
 * fees, the quoted price as revenue, the departure and the passengers' names (their CPFs are the
 * emission's to ask), and the quote's id, so the emission's creation accepts the quote with it.
 * An emission counts its RAV as a cost (margin = revenue − fees − miles − RAV): a quote's RAV as
 * cost goes there as it is; a RAV as revenue is already inside the price, so the emission gets
 * none and its margin stays the quote's.
 */
export function quoteToEmissionPrefill(quote: Quote): QuoteEmissionPrefill {
  const client: ClientOption | null =
    quote.client_id && quote.client_name
      ? { id: quote.client_id, name: quote.client_name, document: null, email: quote.client_email }
      : null;
  const passengers = quote.passengers.length > 0 ? quote.passengers.map((name) => ({ name, cpf: '' })) : undefined;
  return {
    client,
    values: {
      client_id: client?.id ?? '',
      account_id: client ? (quote.account_id ?? '') : '',
      route: quote.route,
      miles_used: String(quote.miles),
      fees_cents: centsToInput(quote.fees_cents),
      revenue_cents: centsToInput(quote.price_cents),
      // '0,00', not blank: a blank RAV would take the programme's default on the data step.
      rav_cents: centsToInput(quote.rav_mode === 'cost' ? quote.rav_cents : 0),
      departure_date: quote.departure_date ?? '',
      ...(passengers ? { passengers } : {}),
      quote_id: quote.id,
    },
  };
}

import { formatCpfOrCnpj, formatPhone } from '../documents';
import { formatCents, formatDate, formatDateTime } from '../format';
import type { Cents } from '../money';
import { cardOptionText, type PaymentOptions } from './payment';
import type { Quote } from './quote.schema';

// The proposal a client receives (issue #19 "Enviar Proposta", "Copiar texto para WhatsApp"): the
// agency, the trip, the price, how to pay and until when. It never carries what the agency paid
// or earns: a Proposal has no field for cost, CPM, markup or margin, so no text built from one can
// show them. The PDF and the WhatsApp text are built from the same Proposal.

export interface ProposalAgency {
  /** The trade name. */
  name: string;
  cnpj?: string | null;
  phone?: string | null;
  email?: string | null;
}

export interface Proposal {
  agency: ProposalAgency;
  client_name: string | null;
  /** Airport codes joined by "-", as a quote keeps them: "NAT-GRU-NAT". */
  route: string;
  departure_date: string | null;
  return_date: string | null;
  passengers: readonly string[];
  price_cents: Cents;
  payment: PaymentOptions;
  /** A timestamp: the moment the price stops holding. */
  valid_until: string;
  notes: string | null;
}

/** The client-facing part of a quote, and nothing else of it. */
export function proposalFromQuote(
  quote: Pick<
    Quote,
    | 'client_name'
    | 'route'
    | 'departure_date'
    | 'return_date'
    | 'passengers'
    | 'price_cents'
    | 'payment_options'
    | 'valid_until'
    | 'notes'
  >,
  agency: ProposalAgency,
): Proposal {
  return {
    agency: { name: agency.name, cnpj: agency.cnpj ?? null, phone: agency.phone ?? null, email: agency.email ?? null },
    client_name: quote.client_name,
    route: quote.route,
    departure_date: quote.departure_date,
    return_date: quote.return_date,
    passengers: [...quote.passengers],
    price_cents: quote.price_cents,
    payment: quote.payment_options,
    valid_until: quote.valid_until,
    notes: quote.notes,
  };
}

/** "NAT-GRU-NAT" → "NAT → GRU → NAT". */
export function routeText(route: string): string {
  return route.split('-').join(' → ');
}

/** The card options in lines: interest-free ones as one line (the most instalments), then each with interest. */
export function paymentLines(payment: PaymentOptions): string[] {
  const lines = [`PIX à vista: ${formatCents(payment.pix.total_cents)}`];
  const free = payment.card.filter((o) => o.interest_percent === 0);
  const mostFree = free.at(-1);
  if (mostFree) {
    lines.push(
      mostFree.instalments === 1
        ? `Cartão de crédito à vista: ${formatCents(mostFree.total_cents)}`
        : `Cartão de crédito em até ${cardOptionText(mostFree)}`,
    );
  }
  for (const option of payment.card) {
    if (option.interest_percent !== 0) lines.push(`Cartão de crédito em ${cardOptionText(option)}`);
  }
  return lines;
}

export interface ProposalTextOptions {
  /** WhatsApp's *bold* around the heading and the price; plain otherwise (the PDF's text). */
  format?: 'plain' | 'whatsapp';
}

/** The proposal as text, in Portuguese, one fact per line. */
export function proposalText(proposal: Proposal, options: ProposalTextOptions = {}): string {
  const bold = (s: string) => (options.format === 'whatsapp' ? `*${s}*` : s);
  const lines: string[] = [bold(`Proposta de viagem — ${proposal.agency.name}`)];
  if (proposal.client_name) lines.push(`Cliente: ${proposal.client_name}`);
  lines.push('', `Rota: ${routeText(proposal.route)}`);
  if (proposal.departure_date) {
    lines.push(
      proposal.return_date
        ? `Ida: ${formatDate(proposal.departure_date)} · Volta: ${formatDate(proposal.return_date)}`
        : `Data de embarque: ${formatDate(proposal.departure_date)}`,
    );
  }
  if (proposal.passengers.length > 0) {
    lines.push(
      proposal.passengers.length === 1
        ? `Passageiro: ${proposal.passengers[0]}`
        : `Passageiros (${proposal.passengers.length}): ${proposal.passengers.join(', ')}`,
    );
  }
  lines.push('', bold(`Valor total: ${formatCents(proposal.price_cents)}`), '', 'Formas de pagamento:');
  for (const line of paymentLines(proposal.payment)) lines.push(`• ${line}`);
  if (proposal.notes) lines.push('', `Observações: ${proposal.notes}`);
  lines.push('', `Proposta válida até ${formatDateTime(proposal.valid_until).replace(' ', ' às ')}.`);
  const contact = [
    proposal.agency.phone ? formatPhone(proposal.agency.phone) : null,
    proposal.agency.email ?? null,
  ].filter((v): v is string => Boolean(v));
  const footer = [proposal.agency.name, proposal.agency.cnpj ? `CNPJ ${formatCpfOrCnpj(proposal.agency.cnpj)}` : null]
    .filter(Boolean)
    .join(' · ');
  lines.push(footer);
  if (contact.length > 0) lines.push(contact.join(' · '));
  return lines.join('\n');
}

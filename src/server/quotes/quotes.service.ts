// Quotes (issue #19, docs/decisions/0025-simulator-and-quotes.md): "Salvar Cotação" keeps the
// simulator's inputs, the cost per thousand used and the result, computed here again with the
// domain's simulate() from the lot or the stock as they are when it saves; people mark a quote
// sent, accepted or declined; the quotes.expire job expires it past its validity; an emission
// created with its quote_id converts it (emissions.service.ts, in the emission's transaction).

import { randomUUID } from 'node:crypto';
import { isEligibleLot } from '../../domain/lots/allocation';
import { divRoundHalfAwayFromZero } from '../../domain/money';
import { numericToScaled, scaledToNumeric } from '../../domain/lots/lot.rules';
import { paymentOptions } from '../../domain/quotes/payment';
import { planQuoteStatusChange } from '../../domain/quotes/quote.rules';
import {
  QUOTE_MESSAGES as M,
  QUOTE_STATUS_LABELS,
  type Quote,
  type QuoteInput,
  type QuoteList,
  type QuoteListQuery,
  type QuoteManualStatus,
  type QuoteStatus,
} from '../../domain/quotes/quote.schema';
import { simulate, simulationCostBasis, type SimulationContext } from '../../domain/simulator/simulator.rules';
import type { RavMode } from '../../domain/simulator/simulator.schema';
import type { ProgramKey } from '../../domain/programs';
import { recordActivity } from '../activity/activity.queries';
import { readSettings } from '../agency/agency.queries';
import type { Db } from '../db/client';
import { validationError } from '../http/errors';
import { paged } from '../http/paged';
import { invalidQuoteStatus, quoteNotFound } from './quotes.errors';
import {
  getQuoteContext,
  getQuoteRow,
  getQuotesPage,
  insertQuote,
  lockQuote,
  setQuoteStatus,
  type QuoteContextRow,
  type QuoteRow,
} from './quotes.queries';

interface Actor {
  agencyId: string;
  userId: string | null;
}

/** A stored quote as the API shows it, with its payment options from the interest table it was quoted with. */
export function toQuoteDto(row: QuoteRow): Quote {
  const card = row.card_interest_percent;
  return {
    ...row,
    status: row.status as QuoteStatus,
    program: row.program as ProgramKey,
    rav_mode: row.rav_mode as RavMode,
    cost_source: row.cost_source as Quote['cost_source'],
    margin_percent: Number(row.margin_percent),
    warnings: row.warnings as Quote['warnings'],
    payment_options: paymentOptions(row.price_cents, card),
  };
}

/** The cost basis and stock a simulation reads from what getQuoteContext found. */
function costAndStock(input: QuoteInput, ctx: QuoteContextRow, today: string) {
  const lot = ctx.lot;
  if (input.lot_id && lot) {
    return {
      ...simulationCostBasis(lot.cost_per_thousand, null),
      available_miles: isEligibleLot(lot, today) ? lot.remaining_quantity : 0,
      stock_scope: 'lot' as const,
      lot_expiry_date: lot.expiry_date,
    };
  }
  const miles = BigInt(ctx.program_miles);
  // The programme's average, weighted by miles and rounded as GET /lots/average-cost rounds it.
  const average =
    miles > 0n ? scaledToNumeric(divRoundHalfAwayFromZero(numericToScaled(ctx.program_cost), miles)) : null;
  return {
    ...simulationCostBasis(null, average),
    available_miles: Number(input.account_id ? ctx.account_miles : ctx.program_miles),
    stock_scope: input.account_id ? ('account' as const) : ('program' as const),
    lot_expiry_date: null,
  };
}

/** The references a quote names must be this agency's and agree with each other: 400 per field otherwise. */
function checkReferences(input: QuoteInput, ctx: QuoteContextRow, today: string): void {
  const fields: Record<string, string> = {};
  if (input.client_id && !ctx.client) fields.client_id = M.clientNotFound;
  if (input.account_id) {
    if (!ctx.account) fields.account_id = M.accountNotFound;
    else if (ctx.account.program !== input.program) fields.account_id = M.accountProgram;
    else if (ctx.client && ctx.account.client_id !== null && ctx.account.client_id !== ctx.client.id) {
      fields.account_id = M.accountNotOfClient;
    }
  }
  if (input.lot_id) {
    const lot = ctx.lot;
    if (!lot) fields.lot_id = M.lotNotFound;
    else if (lot.program !== input.program) fields.lot_id = M.lotProgram;
    else if (input.account_id && lot.account_id !== input.account_id) fields.lot_id = M.lotNotOfAccount;
    else if (!isEligibleLot(lot, today)) fields.lot_id = M.lotUnavailable;
  }
  if (Object.keys(fields).length > 0) throw validationError(fields);
}

/**
 * POST /quotes in two statements after the request's own: the context (getQuoteContext) and the
 * write with its activity line and event (insertQuote). The answer is built from what was
 * written, as GET /quotes/:id shows it.
 */
export async function createQuote(
  db: Db,
  actor: Actor,
  input: QuoteInput,
  { today }: { today: string },
): Promise<Quote> {
  const { agencyId } = actor;
  const ctx = await getQuoteContext(db, {
    agencyId,
    program: input.program,
    clientId: input.client_id,
    accountId: input.account_id,
    lotId: input.lot_id,
    today,
  });
  checkReferences(input, ctx, today);
  const basis = costAndStock(input, ctx, today);
  const rule = ctx.rule
    ? {
        min_margin_cents: Number(ctx.rule.min_margin_cents),
        min_margin_percent: ctx.rule.min_margin_percent,
        cpm_cap: ctx.rule.cpm_cap,
      }
    : null;
  const context: SimulationContext = {
    program: input.program,
    rule,
    cost_source: basis.cost_source,
    available_miles: basis.available_miles,
    stock_scope: basis.stock_scope,
    lot_expiry_date: basis.lot_expiry_date,
    departure_date: input.departure_date,
  };
  const result = simulate(
    {
      miles: input.miles,
      cost_per_thousand: basis.cost_per_thousand,
      fees_cents: input.fees_cents,
      rav_cents: input.rav_cents,
      rav_mode: input.rav_mode,
      markup_percent: input.markup_percent,
    },
    context,
  );
  const card_interest_percent = [...readSettings(ctx.settings).card_interest_percent];
  const account_id = input.account_id ?? (input.lot_id ? (ctx.lot?.account_id ?? null) : null);
  const quote = {
    id: randomUUID(),
    agency_id: agencyId,
    program: input.program,
    client_id: input.client_id,
    account_id,
    lot_id: input.lot_id,
    route: input.route,
    departure_date: input.departure_date,
    return_date: input.return_date,
    passengers: input.passengers,
    notes: input.notes,
    miles: input.miles,
    fees_cents: input.fees_cents,
    rav_cents: input.rav_cents,
    rav_mode: input.rav_mode,
    markup_percent: input.markup_percent,
    cost_per_thousand: result.cost_per_thousand,
    cost_source: basis.cost_source,
    miles_cost_cents: result.miles_cost_cents,
    markup_cents: result.markup_cents,
    price_cents: result.price_cents,
    total_cost_cents: result.total_cost_cents,
    margin_cents: result.margin_cents,
    margin_percent: result.margin_percent,
    warnings: result.warnings,
    card_interest_percent,
    validity_hours: input.validity_hours,
    created_by: actor.userId,
  };
  const clientName = ctx.client?.name ?? null;
  const written = await insertQuote(db, quote, {
    activity: clientName ? `Cotação ${input.route} salva para ${clientName}` : `Cotação ${input.route} salva`,
    event: {
      route: quote.route,
      status: 'draft',
      program: quote.program,
      client_id: quote.client_id,
      price_cents: quote.price_cents,
    },
  });
  const { agency_id: _agency, created_by: _by, ...shown } = quote;
  const accountNumber = input.account_id ? (ctx.account?.account_number ?? null) : (ctx.lot?.account_number ?? null);
  return toQuoteDto({
    ...shown,
    status: 'draft',
    client_name: clientName,
    client_email: ctx.client?.email ?? null,
    client_phone: ctx.client?.phone ?? null,
    account_number: account_id === null ? null : accountNumber,
    margin_percent: quote.margin_percent.toFixed(2),
    valid_until: written.valid_until,
    emission_id: null,
    created_at: written.created_at,
    updated_at: written.created_at,
    sent_at: null,
    accepted_at: null,
    declined_at: null,
    expired_at: null,
  });
}

export async function getQuote(db: Db, { agencyId, id }: { agencyId: string; id: string }): Promise<Quote> {
  const row = await getQuoteRow(db, { agencyId, id });
  if (!row) throw quoteNotFound();
  return toQuoteDto(row);
}

export async function listQuotes(db: Db, agencyId: string, query: QuoteListQuery): Promise<QuoteList> {
  const { rows, total } = await getQuotesPage(db, { agencyId, query });
  return paged(rows.map(toQuoteDto), total, { page: query.page, limit: query.limit });
}

/** POST /quotes/:id/status: enviada, aceita or recusada, as the status machine allows; the row is locked. */
export async function changeQuoteStatus(db: Db, actor: Actor, id: string, to: QuoteManualStatus): Promise<Quote> {
  const { agencyId } = actor;
  const row = await lockQuote(db, { agencyId, id });
  if (!row) throw quoteNotFound();
  const plan = planQuoteStatusChange(row.status, to);
  if (!plan.ok) throw invalidQuoteStatus(plan.message);
  await setQuoteStatus(db, { agencyId, id, to });
  await recordActivity(db, {
    agencyId,
    userId: actor.userId,
    kind: `quote_${to}`,
    description: `Cotação ${row.route} marcada como ${QUOTE_STATUS_LABELS[to].toLowerCase()}`,
    refType: 'quote',
    refId: id,
    changes: { status: [row.status, to] },
  });
  return getQuote(db, { agencyId, id });
}

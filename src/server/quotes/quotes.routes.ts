import { Hono } from 'hono';
import {
  makeQuoteInputSchema,
  quoteInputSchema,
  quoteListQuerySchema,
  quoteListSchema,
  quoteSchema,
  quoteStatusChangeSchema,
} from '../../domain/quotes/quote.schema';
import { proposalSentSchema } from '../../domain/reports/report.schema';
import type { AppEnv } from '../http/context';
import { apiDoc, json, uuidIdParams } from '../http/openapi';
import { parseOrThrow, readJson, uuidParam } from '../http/validate';
import { sendProposal } from '../reports/proposal.service';
import { quoteNotFound } from './quotes.errors';
import { changeQuoteStatus, createQuote, getQuote, listQuotes } from './quotes.service';

const quoteId = (c: Parameters<typeof uuidParam>[0]) => uuidParam(c, 'id', quoteNotFound);

const docs = {
  list: apiDoc({
    tag: 'quotes',
    operationId: 'listQuotes',
    summary: 'Quotes newest first, by status, client, creation day and search',
    description:
      'Creation day in the agency calendar (America/Sao_Paulo); search looks at the route and the client (name, e-mail, document).',
    query: quoteListQuerySchema,
    response: json('A page of quotes (`data`, `total`, `page`, `limit`, `total_pages`)', quoteListSchema),
  }),
  create: apiDoc({
    tag: 'quotes',
    operationId: 'createQuote',
    summary: 'Save a price simulation as a quote (rascunho), valid for `validity_hours` (48 by default)',
    description:
      "The cost per thousand is the lot's (`lot_id`), else the weighted average of the programme's available stock, else 15; the result is computed by the server with the simulator's formulas. The client, account and lot must be this agency's and agree with each other (400 per field otherwise).",
    body: quoteInputSchema,
    response: json('The quote saved, with its payment options', quoteSchema, 201),
  }),
  get: apiDoc({
    tag: 'quotes',
    operationId: 'getQuote',
    summary: 'A quote with its payment options',
    params: uuidIdParams,
    response: json('The quote', quoteSchema),
  }),
  status: apiDoc({
    tag: 'quotes',
    operationId: 'changeQuoteStatus',
    summary: 'Mark a quote sent, accepted or declined',
    description:
      'rascunho → enviada, aceita or recusada; enviada → aceita or recusada; 409 INVALID_QUOTE_STATUS otherwise. Expiry is the quotes.expire job; conversion is POST /emissions with `quote_id`.',
    params: uuidIdParams,
    body: quoteStatusChangeSchema,
    response: json('The quote after the change', quoteSchema),
    errors: [409],
  }),
  proposal: apiDoc({
    tag: 'quotes',
    operationId: 'sendQuoteProposal',
    summary: '"Enviar Proposta": the proposal PDF, e-mailed to the client with the PDF attached',
    description:
      "Renders the client's proposal (route, dates, passengers, price, payment options, validity; never cost or margin) as a PDF kept in the quote's report history (ref_type quote), queues an e-mail to the client's address with it attached when the client has one (held in the outbox without SMTP), and marks a rascunho enviada, in one transaction. 409 for an accepted, declined or expired quote.",
    params: uuidIdParams,
    response: json('The PDF with its download link, to whom it was e-mailed, the status after', proposalSentSchema),
    errors: [404, 409],
  }),
};

export const quotesRoutes = new Hono<AppEnv>()
  .get('/', docs.list, async (c) => {
    const query = parseOrThrow(quoteListQuerySchema, c.req.query());
    return c.json(await listQuotes(c.var.db, c.var.session.agencyId, query));
  })
  .post('/', docs.create, async (c) => {
    const today = c.var.today;
    const input = await readJson(
      c,
      makeQuoteInputSchema(() => today),
    );
    const session = c.var.session;
    const quote = await createQuote(c.var.db, { agencyId: session.agencyId, userId: session.userId }, input, { today });
    return c.json(quote, 201);
  })
  .get('/:id', docs.get, async (c) => {
    const id = quoteId(c);
    return c.json(await getQuote(c.var.db, { agencyId: c.var.session.agencyId, id }));
  })
  .post('/:id/status', docs.status, async (c) => {
    const id = quoteId(c);
    const { status } = await readJson(c, quoteStatusChangeSchema);
    const session = c.var.session;
    return c.json(
      await changeQuoteStatus(c.var.db, { agencyId: session.agencyId, userId: session.userId }, id, status),
    );
  })
  .post('/:id/proposal', docs.proposal, async (c) => {
    const id = quoteId(c);
    const session = c.var.session;
    const actor = {
      agencyId: session.agencyId,
      userId: session.userId,
      sessionId: session.sessionId,
      today: c.var.today,
    };
    return c.json(await sendProposal(c.var.db, actor, id));
  });

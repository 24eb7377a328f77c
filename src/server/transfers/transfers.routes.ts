import { Hono } from 'hono';
import { z } from 'zod';
import {
  conversionInputSchema,
  conversionListSchema,
  conversionSchema,
  creditListQuerySchema,
  creditListSchema,
  creditReceiptSchema,
  creditSchema,
  transferInputSchema,
  transferListQuerySchema,
  transferListSchema,
  transferSchema,
} from '../../domain/transfers/transfer.schema';
import type { AppEnv } from '../http/context';
import { apiDoc, json, uuidIdParams } from '../http/openapi';
import { parseOrThrow, readJson, uuidParam } from '../http/validate';
import { creditNotFound, transferNotFound } from './transfers.errors';
import {
  cancelCredit,
  createTransfer,
  getTransfer,
  listConversions,
  listCredits,
  listTransfers,
  receiveCredit,
  saveConversion,
} from './transfers.service';

/** The bodies are parsed by the service, against the request's day. */
const anyJson = z.unknown();

const docs = {
  list: apiDoc({
    tag: 'transfers',
    operationId: 'listTransfers',
    summary: 'Transfers of points, by transfer day (latest first), with their credits',
    query: transferListQuerySchema,
    response: json('A page of transfers', transferListSchema),
  }),
  create: apiDoc({
    tag: 'transfers',
    operationId: 'createTransfer',
    summary: 'Transfer points from a points account to an airline account of the same holder, with a bonus',
    description:
      "The points leave the source's eligible lots by the agency's allocation policy; their cost plus `extra_cost_cents` is spread over the base and bonus miles at one cost per thousand (docs/decisions/0029-transfers-and-credits.md). Each credit dated today or earlier becomes a lot at once; the others stay \"a creditar\" until the credits.due job or POST /credits/{id}/receive. Without `ratio`, the agency's ratio for the pair (GET /conversions). 404 ACCOUNT_NOT_FOUND for an account not this agency's; 409 INSUFFICIENT_POINTS.",
    body: transferInputSchema,
    response: json('The transfer, with its credits', transferSchema, 201),
    errors: [404, 409],
  }),
  get: apiDoc({
    tag: 'transfers',
    operationId: 'getTransfer',
    summary: 'A transfer with its credits',
    params: uuidIdParams,
    response: json('The transfer', transferSchema),
  }),
  credits: apiDoc({
    tag: 'transfers',
    operationId: 'listCredits',
    summary: 'Miles to be credited ("a creditar"), credited or cancelled',
    description:
      'Pending credits soonest first, the others newest first; `pending` sums everything still to come per programme (whatever the status filter).',
    query: creditListQuerySchema,
    response: json('A page of credits and the pending totals', creditListSchema),
  }),
  receive: apiDoc({
    tag: 'transfers',
    operationId: 'receiveCredit',
    summary: '"Marcar como recebido": the credit becomes a lot now',
    description:
      "With the miles that came (`quantity`, all expected when blank: the credit's whole cost is spread over them) on `received_on` (today when blank). 409 CREDIT_NOT_PENDING when already credited or cancelled.",
    params: uuidIdParams,
    body: creditReceiptSchema,
    response: json('The credit', creditSchema),
    errors: [409],
  }),
  cancel: apiDoc({
    tag: 'transfers',
    operationId: 'cancelCredit',
    summary: '"Cancelar crédito": the miles will not come',
    description:
      "Its cost goes to the transfer's other pending credit, else onto the miles left in the lot the other credit became, else it is the transfer's loss (`lost_cost_cents`). 409 CREDIT_NOT_PENDING.",
    params: uuidIdParams,
    response: json('The credit', creditSchema),
    errors: [409],
  }),
  conversions: apiDoc({
    tag: 'transfers',
    operationId: 'listConversions',
    summary: "Every points programme → airline programme pair with the agency's ratio (miles per point; 1 unless set)",
    response: json('The ratios', conversionListSchema),
  }),
  saveConversion: apiDoc({
    tag: 'transfers',
    operationId: 'saveConversion',
    summary: "Set the agency's ratio for a points → airline pair",
    access: 'admin',
    body: conversionInputSchema,
    response: json('The ratio saved', conversionSchema),
  }),
};

const transferId = (c: Parameters<typeof uuidParam>[0]) => uuidParam(c, 'id', transferNotFound);
const creditId = (c: Parameters<typeof uuidParam>[0]) => uuidParam(c, 'id', creditNotFound);

export const transfersRoutes = new Hono<AppEnv>()
  .get('/', docs.list, async (c) => {
    const query = parseOrThrow(transferListQuerySchema, c.req.query());
    return c.json(await listTransfers(c.var.db, { agencyId: c.var.session.agencyId, ...query }));
  })
  .post('/', docs.create, async (c) => {
    const body = await readJson(c, anyJson);
    const session = c.var.session;
    return c.json(
      await createTransfer(c.var.db, { agencyId: session.agencyId, userId: session.userId, today: c.var.today }, body),
      201,
    );
  })
  .get('/:id', docs.get, async (c) => {
    const id = transferId(c);
    return c.json(await getTransfer(c.var.db, { agencyId: c.var.session.agencyId, id }));
  });

export const creditsRoutes = new Hono<AppEnv>()
  .get('/', docs.credits, async (c) => {
    const query = parseOrThrow(creditListQuerySchema, c.req.query());
    return c.json(await listCredits(c.var.db, c.var.session.agencyId, query));
  })
  .post('/:id/receive', docs.receive, async (c) => {
    const id = creditId(c);
    const body = await readJson(c, anyJson);
    const session = c.var.session;
    return c.json(
      await receiveCredit(
        c.var.db,
        { agencyId: session.agencyId, userId: session.userId, today: c.var.today },
        id,
        body,
      ),
    );
  })
  .post('/:id/cancel', docs.cancel, async (c) => {
    const id = creditId(c);
    const session = c.var.session;
    return c.json(await cancelCredit(c.var.db, { agencyId: session.agencyId, userId: session.userId }, id));
  });

export const conversionsRoutes = new Hono<AppEnv>()
  .get('/', docs.conversions, async (c) => c.json({ data: await listConversions(c.var.db, c.var.session.agencyId) }))
  .put('/', docs.saveConversion, async (c) => {
    const input = await readJson(c, conversionInputSchema);
    const session = c.var.session;
    return c.json(await saveConversion(c.var.db, { agencyId: session.agencyId, userId: session.userId }, input));
  });

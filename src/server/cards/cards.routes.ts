import { Hono } from 'hono';
import { z } from 'zod';
import {
  cardInputSchema,
  cardListSchema,
  cardSchema,
  payableListQuerySchema,
  payableListSchema,
  payablePaymentSchema,
  payableSchema,
} from '../../domain/cards/card.schema';
import type { AppEnv } from '../http/context';
import { apiDoc, json, uuidIdParams } from '../http/openapi';
import { parseOrThrow, readJson, uuidParam } from '../http/validate';
import { payableNotFound } from './cards.errors';
import { createCard, listCards, listPayables, payInstalment, undoPayment } from './cards.service';

/** The payment's body is parsed by the service, against the request's day. */
const anyJson = z.unknown();

const docs = {
  list: apiDoc({
    tag: 'cards',
    operationId: 'listCards',
    summary: "The agency's credit cards, with what their unpaid instalments still owe",
    response: json('The cards', cardListSchema),
  }),
  create: apiDoc({
    tag: 'cards',
    operationId: 'createCard',
    summary: 'Register a credit card (closing and due days 1–31; a day past a month’s end is its last)',
    body: cardInputSchema,
    response: json('The card', cardSchema, 201),
  }),
  payables: apiDoc({
    tag: 'cards',
    operationId: 'listPayables',
    summary: "Card instalments by due date (this month and the 11 after unless `from`/`to`), with each month's totals",
    description:
      'A lot bought on a card (POST /lots with `card_id` and `instalments`) has one payable per instalment on the card’s bill due dates; `overdue` sums everything unpaid past its day, whatever the period.',
    query: payableListQuerySchema,
    response: json('A page of payables and the months of the period', payableListSchema),
  }),
  pay: apiDoc({
    tag: 'cards',
    operationId: 'payPayable',
    summary: '"Marcar como pago": posts the instalment as a cash expense on `paid_on` (today when blank)',
    params: uuidIdParams,
    body: payablePaymentSchema,
    response: json('The payable', payableSchema),
    errors: [409],
  }),
  undoPayment: apiDoc({
    tag: 'cards',
    operationId: 'undoPayablePayment',
    summary: '"Desfazer pagamento": the instalment is to pay again and the cash expense it posted is deleted',
    description: 'Refused (409) when the instalment was not paid.',
    params: uuidIdParams,
    response: json('The payable', payableSchema),
    errors: [409],
  }),
};

const actorOf = (c: { var: AppEnv['Variables'] }) => ({
  agencyId: c.var.session.agencyId,
  userId: c.var.session.userId,
  today: c.var.today,
});

export const cardsRoutes = new Hono<AppEnv>()
  .get('/', docs.list, async (c) => c.json({ data: await listCards(c.var.db, c.var.session.agencyId) }))
  .post('/', docs.create, async (c) => {
    const input = await readJson(c, cardInputSchema);
    return c.json(await createCard(c.var.db, actorOf(c), input), 201);
  });

export const payablesRoutes = new Hono<AppEnv>()
  .get('/', docs.payables, async (c) => {
    const query = parseOrThrow(payableListQuerySchema, c.req.query());
    return c.json(await listPayables(c.var.db, actorOf(c), query));
  })
  .post('/:id/pay', docs.pay, async (c) => {
    const id = uuidParam(c, 'id', payableNotFound);
    const body = await readJson(c, anyJson);
    return c.json(await payInstalment(c.var.db, actorOf(c), id, body));
  })
  .post('/:id/undo-payment', docs.undoPayment, async (c) => {
    const id = uuidParam(c, 'id', payableNotFound);
    return c.json(await undoPayment(c.var.db, actorOf(c), id));
  });

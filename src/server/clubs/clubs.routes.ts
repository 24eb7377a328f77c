import { Hono } from 'hono';
import { z } from 'zod';
import {
  clubEndSchema,
  clubInputSchema,
  clubListQuerySchema,
  clubListSchema,
  clubSchema,
} from '../../domain/clubs/club.schema';
import type { AppEnv } from '../http/context';
import { apiDoc, json, uuidIdParams } from '../http/openapi';
import { parseOrThrow, readJson, uuidParam } from '../http/validate';
import { clubNotFound } from './clubs.errors';
import { createClub, endClub, getClub, listClubs } from './clubs.service';

/** The bodies are parsed by the service, against the request's day. */
const anyJson = z.unknown();

const docs = {
  list: apiDoc({
    tag: 'clubs',
    operationId: 'listClubs',
    summary: 'Club subscriptions, running first, with the months billed so far',
    query: clubListQuerySchema,
    response: json('A page of subscriptions', clubListSchema),
  }),
  create: apiDoc({
    tag: 'clubs',
    operationId: 'createClub',
    summary: 'Subscribe an account to a club',
    description:
      "Each month, on `billing_day` (the month's last day when shorter), the miles become a lot at the month's price and the price is posted as the lot's purchase; the months since `start_date` whose billing day has come are billed at once. Exactly once per month (docs/decisions/0029-transfers-and-credits.md). 404 ACCOUNT_NOT_FOUND for an account not this agency's.",
    body: clubInputSchema,
    response: json('The subscription', clubSchema, 201),
    errors: [404],
  }),
  get: apiDoc({
    tag: 'clubs',
    operationId: 'getClub',
    summary: 'A club subscription',
    params: uuidIdParams,
    response: json('The subscription', clubSchema),
  }),
  end: apiDoc({
    tag: 'clubs',
    operationId: 'endClub',
    summary: '"Encerrar clube": the last day it runs (today when blank)',
    description: 'The months billed stay; none is billed after `end_date`. 409 CLUB_ENDED when it had already ended.',
    params: uuidIdParams,
    body: clubEndSchema,
    response: json('The subscription', clubSchema),
    errors: [409],
  }),
};

const clubId = (c: Parameters<typeof uuidParam>[0]) => uuidParam(c, 'id', clubNotFound);

export const clubsRoutes = new Hono<AppEnv>()
  .get('/', docs.list, async (c) => {
    const query = parseOrThrow(clubListQuerySchema, c.req.query());
    const session = c.var.session;
    return c.json(
      await listClubs(c.var.db, { agencyId: session.agencyId, userId: session.userId, today: c.var.today }, query),
    );
  })
  .post('/', docs.create, async (c) => {
    const body = await readJson(c, anyJson);
    const session = c.var.session;
    return c.json(
      await createClub(c.var.db, { agencyId: session.agencyId, userId: session.userId, today: c.var.today }, body),
      201,
    );
  })
  .get('/:id', docs.get, async (c) => {
    const id = clubId(c);
    const session = c.var.session;
    return c.json(
      await getClub(c.var.db, { agencyId: session.agencyId, userId: session.userId, today: c.var.today }, id),
    );
  })
  .post('/:id/end', docs.end, async (c) => {
    const id = clubId(c);
    const body = await readJson(c, anyJson);
    const session = c.var.session;
    return c.json(
      await endClub(c.var.db, { agencyId: session.agencyId, userId: session.userId, today: c.var.today }, id, body),
    );
  });

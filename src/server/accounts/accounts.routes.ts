import { Hono } from 'hono';
import { accountListQuerySchema } from '../../domain/accounts/account.schema';
import type { AppEnv } from '../http/context';
import { apiDoc, json } from '../http/openapi';
import { parseOrThrow } from '../http/validate';
import { listAccounts } from './accounts.queries';

const docs = {
  list: apiDoc({
    tag: 'accounts',
    operationId: 'listAccounts',
    summary: "The agency's loyalty accounts",
    description: "Its own accounts first, then its clients', by program, client or search: the lot form's account picker.",
    query: accountListQuerySchema,
    response: json('The accounts, in `data`'),
  }),
};

export const accountsRoutes = new Hono<AppEnv>().get('/', docs.list, async (c) => {
  const query = parseOrThrow(accountListQuerySchema, c.req.query());
  const data = await listAccounts(c.var.db, {
    agencyId: c.var.session.agencyId,
    program: query.program,
    clientId: query.client_id,
    search: query.search,
    limit: query.limit,
  });
  return c.json({ data });
});

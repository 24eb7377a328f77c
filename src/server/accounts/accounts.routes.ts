import { Hono } from 'hono';
import { accountListQuerySchema } from '../../domain/accounts/account.schema';
import type { AppEnv } from '../http/context';
import { parseOrThrow } from '../http/validate';
import { listAccounts } from './accounts.queries';

export const accountsRoutes = new Hono<AppEnv>().get('/', async (c) => {
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

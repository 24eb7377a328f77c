import { Hono } from 'hono';
import {
  accountBeneficiariesSchema,
  accountListQuerySchema,
  accountListSchema,
  accountLotsSchema,
  type AccountList,
} from '../../domain/accounts/account.schema';
import type { AppEnv } from '../http/context';
import { apiDoc, json, uuidIdParams } from '../http/openapi';
import { parseOrThrow, uuidParam } from '../http/validate';
import { accountNotFound } from './accounts.errors';
import { listAccounts } from './accounts.queries';
import { getAccountBeneficiaries, getAccountLots } from './accounts.service';

const accountId = (c: Parameters<typeof uuidParam>[0]) => uuidParam(c, 'id', () => accountNotFound());

const docs = {
  list: apiDoc({
    tag: 'accounts',
    operationId: 'listAccounts',
    summary: "The agency's loyalty accounts",
    description:
      "Its own accounts first, then its clients', by program, client or search: the lot form's account picker.",
    query: accountListQuerySchema,
    response: json('The accounts, in `data`', accountListSchema),
  }),
  lots: apiDoc({
    tag: 'accounts',
    operationId: 'listAccountLots',
    summary: "The account's available lots with miles left, cheapest first, with the program's CPM cap",
    params: uuidIdParams,
    response: json('The lots', accountLotsSchema),
  }),
  beneficiaries: apiDoc({
    tag: 'accounts',
    operationId: 'listAccountBeneficiaries',
    summary: "The account's past passengers and holder CPF, for the beneficiary limit",
    description: 'Passengers of its non-cancelled emissions.',
    params: uuidIdParams,
    response: json('The beneficiaries', accountBeneficiariesSchema),
  }),
};

export const accountsRoutes = new Hono<AppEnv>()
  .get('/', docs.list, async (c) => {
    const query = parseOrThrow(accountListQuerySchema, c.req.query());
    const data = await listAccounts(c.var.db, {
      agencyId: c.var.session.agencyId,
      program: query.program,
      clientId: query.client_id,
      search: query.search,
      limit: query.limit,
    });
    return c.json({ data } satisfies AccountList);
  })
  // The emission wizard's reads of one account.
  .get('/:id/lots', docs.lots, async (c) => {
    const id = accountId(c);
    return c.json(await getAccountLots(c.var.db, { agencyId: c.var.session.agencyId, id, today: c.var.today }));
  })
  .get('/:id/beneficiaries', docs.beneficiaries, async (c) => {
    const id = accountId(c);
    return c.json(
      await getAccountBeneficiaries(c.var.db, { agencyId: c.var.session.agencyId, id, today: c.var.today }),
    );
  });

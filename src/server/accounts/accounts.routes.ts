import { Hono } from 'hono';
import { accountHistoryQuerySchema, accountHistorySchema } from '../../domain/accounts/account-history.schema';
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
import { getAccountBeneficiaries, getAccountHistory, getAccountLots } from './accounts.service';

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
  history: apiDoc({
    tag: 'accounts',
    operationId: 'getAccountHistory',
    summary: "Every movement of the account's miles, newest first, with its balance beside their recount",
    description:
      'Purchases, transfers in (base and bonus) and out, emissions and their cancellations, expiries, and the credits still to come (`to_come`, in no balance). `recount_miles` (Σ of the movements but those to come) equals `balance_miles` (the miles in its lots not expired).',
    params: uuidIdParams,
    query: accountHistoryQuerySchema,
    response: json('A page of movements and the balances', accountHistorySchema),
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
  .get('/:id/history', docs.history, async (c) => {
    const id = accountId(c);
    const query = parseOrThrow(accountHistoryQuerySchema, c.req.query());
    return c.json(
      await getAccountHistory(c.var.db, { agencyId: c.var.session.agencyId, id, today: c.var.today, ...query }),
    );
  })
  .get('/:id/beneficiaries', docs.beneficiaries, async (c) => {
    const id = accountId(c);
    return c.json(
      await getAccountBeneficiaries(c.var.db, { agencyId: c.var.session.agencyId, id, today: c.var.today }),
    );
  });

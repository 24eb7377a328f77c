import { hashKey, QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { todayIso } from '@domain/format';
import { getClubsQueryOptions } from '@/features/clubs/api/get-clubs';
import { getSalesQueryOptions } from '@/features/sales/api/get-sales';
import { getSuppliersQueryOptions } from '@/features/suppliers/api/get-suppliers';
import { getCreditsQueryOptions } from '@/features/transfers/api/get-credits';
import { getTransfersQueryOptions } from '@/features/transfers/api/get-transfers';
import { accountKeys, authKeys, clientKeys, emissionKeys, lotKeys } from '@/lib/query-keys';
import accountLoader from '../loaders/account';
import clientLoader from '../loaders/client';
import clientsLoader from '../loaders/clients';
import emissionLoader from '../loaders/emission';
import emissionsLoader from '../loaders/emissions';
import lotLoader from '../loaders/lot';
import lotsLoader from '../loaders/lots';

const ID = '00000000-0000-4000-8000-000000000001';
const SESSION = { user: { id: 'u' }, agency: { id: 'a' } };

async function run(loader: LoaderFunction, url: string, params: Record<string, string> = {}) {
  await loader({
    request: new Request(`http://localhost${url}`),
    params,
    context: undefined,
  } as Parameters<LoaderFunction>[0]);
  // The session is read first, then the page's queries start.
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/** Each page's loader over one query client, by page. */
const createLoaders = (queryClient: QueryClient) => ({
  clients: clientsLoader(queryClient),
  client: clientLoader(queryClient),
  lots: lotsLoader(queryClient),
  lot: lotLoader(queryClient),
  account: accountLoader(queryClient),
  emissions: emissionsLoader(queryClient),
  emission: emissionLoader(queryClient),
});

describe('page loaders', () => {
  let queryClient: QueryClient;
  beforeEach(() => {
    queryClient = new QueryClient();
    // The answers never come: the test looks at which queries started.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
  });
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  const started = () =>
    queryClient
      .getQueryCache()
      .findAll({ predicate: (query) => query.queryHash !== hashKey(authKeys.me()) })
      .map((query) => query.queryKey);

  it("start a list page's query under the key the page reads, with the address's state and defaults", async () => {
    queryClient.setQueryData(authKeys.me(), SESSION);
    const loaders = createLoaders(queryClient);
    await run(loaders.lots, '/lotes?page=2&program=AZUL&sort=bogus');
    expect(started()).toContainEqual(
      lotKeys.list({ page: 2, sort: 'expiry_date', order: 'asc', program: 'AZUL', status: null, search: '' }),
    );
    await run(loaders.clients, '/clientes?status=blocked');
    expect(started()).toContainEqual(
      clientKeys.list({ page: 1, sort: 'name', order: 'asc', status: 'blocked', search: '' }),
    );
    await run(loaders.emissions, '/emissoes?de=2026-02-01&ate=2026-01-01&q=abc');
    expect(started()).toContainEqual(
      emissionKeys.list({ page: 1, status: null, program: null, date_from: null, date_to: null, search: 'abc' }),
    );
  });

  it("start /lotes' sections as the sections ask for them", async () => {
    queryClient.setQueryData(authKeys.me(), SESSION);
    const loaders = createLoaders(queryClient);
    await run(loaders.lots, '/lotes');
    const today = todayIso();
    // The keys of the sections' own first queries (their page 1, the suppliers' default period).
    for (const { queryKey: key } of [
      getCreditsQueryOptions({ status: 'pending', page: 1 }),
      getClubsQueryOptions(1),
      getTransfersQueryOptions(1),
      getSalesQueryOptions(1),
      getSuppliersQueryOptions({ from: `${today.slice(0, 4)}-01-01`, to: today }),
    ]) {
      expect(started().map((startedKey) => hashKey(startedKey))).toContain(hashKey(key));
    }
  });

  it("start a record page's query and the first page of its history", async () => {
    queryClient.setQueryData(authKeys.me(), SESSION);
    const loaders = createLoaders(queryClient);
    await run(loaders.client, `/clientes/${ID}`, { id: ID });
    expect(started()).toEqual([clientKeys.detail(ID), clientKeys.emissions(ID, 1)]);
  });

  it("start an account's page of history at the address's page", async () => {
    queryClient.setQueryData(authKeys.me(), SESSION);
    const loaders = createLoaders(queryClient);
    await run(loaders.account, `/contas/${ID}?page=3`, { id: ID });
    expect(started()).toEqual([accountKeys.history(ID, 3)]);
  });

  it('start nothing without a session', async () => {
    queryClient.setQueryData(authKeys.me(), null);
    const loaders = createLoaders(queryClient);
    await run(loaders.lots, '/lotes');
    await run(loaders.emission, `/emissoes/${ID}`, { id: ID });
    expect(started()).toEqual([]);
  });
});

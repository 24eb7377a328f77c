import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  accountKeys,
  agencyKeys,
  alertKeys,
  clientKeys,
  dashboardKeys,
  emissionKeys,
  financeKeys,
  importKeys,
  lotKeys,
} from '@/lib/query-keys';
import { invalidateImportedQueries } from '../api/invalidate';

const ID = '00000000-0000-4000-8000-000000000001';

const KEYS = {
  history: importKeys.list(),
  presets: importKeys.presets('clients'),
  job: importKeys.job(ID),
  clients: clientKeys.list({ page: 1 }),
  client: clientKeys.detail(ID),
  lots: lotKeys.list({ page: 1 }),
  emissions: emissionKeys.list({ page: 1 }),
  accounts: accountKeys.list({ client_id: ID }),
  finance: financeKeys.summary({}),
  alerts: alertKeys.inbox(),
  dashboard: dashboardKeys.all,
  agency: agencyKeys.settings(),
};

function staleAfter(run: (queryClient: QueryClient) => Promise<unknown>) {
  const queryClient = new QueryClient();
  for (const key of Object.values(KEYS)) queryClient.setQueryData(key, 1);
  return run(queryClient).then(() =>
    Object.entries(KEYS)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name),
  );
}

describe('after an import', () => {
  it('refreshes the history and every list its records show in, not the presets or the job polled', async () => {
    expect(await staleAfter(invalidateImportedQueries)).toEqual([
      'history',
      'clients',
      'client',
      'lots',
      'emissions',
      'accounts',
      'finance',
      'alerts',
      'dashboard',
    ]);
  });
});

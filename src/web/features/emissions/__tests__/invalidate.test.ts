import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { accountKeys, agencyKeys, alertKeys, clientKeys, dashboardKeys, emissionKeys, lotKeys } from '@/lib/query-keys';
import { invalidateEmissionQueries } from '../api/invalidate';

const ID = '00000000-0000-4000-8000-000000000001';

describe('invalidateEmissionQueries', () => {
  it("refreshes the emissions, the clients' figures, the lots' remaining miles, the accounts' lots, dashboard and alerts", async () => {
    const queryClient = new QueryClient();
    const keys = {
      emissionList: emissionKeys.list({ page: 1 }),
      emission: emissionKeys.detail(ID),
      clientList: clientKeys.list({ page: 1 }),
      client: clientKeys.detail(ID),
      clientEmissions: clientKeys.emissions(ID, 1),
      lotList: lotKeys.list({ page: 1 }),
      lot: lotKeys.detail(ID),
      lotAllocations: lotKeys.allocations(ID, 1),
      accountLots: accountKeys.lots(ID),
      clientAccounts: accountKeys.list({ client_id: ID }),
      dashboard: dashboardKeys.all,
      alerts: alertKeys.all,
      agency: agencyKeys.settings(),
    };
    for (const key of Object.values(keys)) queryClient.setQueryData(key, 1);
    await invalidateEmissionQueries(queryClient);
    const stale = Object.entries(keys).filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated);
    expect(stale.map(([name]) => name)).toEqual(Object.keys(keys).filter((name) => name !== 'agency'));
  });
});

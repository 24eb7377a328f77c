import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { accountKeys, agencyKeys, authKeys, clientKeys, emissionKeys, lotKeys } from '../query-keys';

const ID = '00000000-0000-4000-8000-000000000001';

/** Which of `keys` an invalidation of `prefix` marks stale. */
function invalidated(prefix: readonly unknown[], keys: Record<string, readonly unknown[]>): string[] {
  const queryClient = new QueryClient();
  for (const key of Object.values(keys)) queryClient.setQueryData(key, 1);
  void queryClient.invalidateQueries({ queryKey: prefix });
  return Object.entries(keys)
    .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
    .map(([name]) => name);
}

describe('query keys', () => {
  it('nest every client query under clientKeys.all, and a client page under its detail', () => {
    const keys = {
      list: clientKeys.list({ page: 1, search: '' }),
      detail: clientKeys.detail(ID),
      emissions: clientKeys.emissions(ID, 2),
      quickSearch: clientKeys.quickSearch('ana'),
      lot: lotKeys.detail(ID),
    };
    expect(invalidated(clientKeys.all, keys)).toEqual(['list', 'detail', 'emissions', 'quickSearch']);
    expect(invalidated(clientKeys.detail(ID), keys)).toEqual(['detail', 'emissions']);
    expect(invalidated(clientKeys.lists(), keys)).toEqual(['list']);
  });

  it("keep a lot's allocations under the lot, and every account read under accountKeys.all", () => {
    expect(
      invalidated(lotKeys.detail(ID), {
        lot: lotKeys.detail(ID),
        allocations: lotKeys.allocations(ID, 1),
        list: lotKeys.list({}),
      }),
    ).toEqual(['lot', 'allocations']);
    const accounts = {
      byProgram: accountKeys.list({ program: 'LATAM' }),
      byClient: accountKeys.list({ client_id: ID }),
      lots: accountKeys.lots(ID),
      beneficiaries: accountKeys.beneficiaries(ID),
      history: accountKeys.history(ID, 2),
    };
    expect(invalidated(accountKeys.all, accounts)).toEqual(Object.keys(accounts));
  });

  it('do not let the agency record or the session cover their siblings', () => {
    expect(invalidated(agencyKeys.detail(), { detail: agencyKeys.detail(), settings: agencyKeys.settings() })).toEqual([
      'detail',
    ]);
    expect(invalidated(authKeys.sessions(), { me: authKeys.me(), sessions: authKeys.sessions() })).toEqual([
      'sessions',
    ]);
    expect(
      invalidated(emissionKeys.lists(), { list: emissionKeys.list({ page: 1 }), detail: emissionKeys.detail(ID) }),
    ).toEqual(['list']);
  });
});

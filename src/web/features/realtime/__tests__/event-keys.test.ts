import { describe, expect, it } from 'vitest';
import { clientKeys, dashboardKeys, emissionKeys, importKeys, lotKeys } from '@/lib/query-keys';
import { staleKeysFor } from '../event-keys';

describe('staleKeysFor', () => {
  it('refreshes what an event type names, each key once', () => {
    expect(staleKeysFor(['client.created', 'client.updated'])).toEqual([clientKeys.all, dashboardKeys.all]);
    expect(staleKeysFor(['unknown.thing'])).toEqual([]);
  });

  it("refreshes the import history and the imported records on 'import.completed' (issue #17)", () => {
    const keys = staleKeysFor(['import.completed']);
    for (const key of [importKeys.all, clientKeys.all, lotKeys.all, emissionKeys.all, dashboardKeys.all]) {
      expect(keys).toContainEqual(key);
    }
  });
});

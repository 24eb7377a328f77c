import { describe, expect, it } from 'vitest';
import {
  accountKeys,
  clientKeys,
  creditKeys,
  dashboardKeys,
  emissionKeys,
  financeKeys,
  importKeys,
  lotKeys,
  receivableKeys,
  saleKeys,
  supplierKeys,
  transferKeys,
} from '@/lib/query-keys';
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

  it("refreshes a flow's list and the lots, accounts and money it moves (issue #23)", () => {
    const sale = staleKeysFor(['sale.created']);
    for (const key of [saleKeys.all, receivableKeys.all, lotKeys.all, accountKeys.all, financeKeys.all]) {
      expect(sale).toContainEqual(key);
    }
    const transfer = staleKeysFor(['transfer.created']);
    for (const key of [transferKeys.all, creditKeys.all, lotKeys.all, accountKeys.all]) {
      expect(transfer).toContainEqual(key);
    }
    expect(staleKeysFor(['supplier.updated'])).toEqual([supplierKeys.all, lotKeys.all]);
  });
});

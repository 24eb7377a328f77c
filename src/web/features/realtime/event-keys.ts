import type { QueryKey } from '@tanstack/react-query';
import {
  accountKeys,
  agencyKeys,
  alertKeys,
  cardKeys,
  clientKeys,
  clubKeys,
  conversionKeys,
  creditKeys,
  dashboardKeys,
  emissionKeys,
  financeKeys,
  importKeys,
  lotKeys,
  payableKeys,
  quoteKeys,
  receivableKeys,
  rulesKeys,
  saleKeys,
  supplierKeys,
  transferKeys,
} from '@/lib/query-keys';

/**
 * What each kind of event makes stale (by the part of its type before the dot): the lists and
 * pages that show it and the figures it moves. An emission moves its client's totals, its lots'
 * balances, the money views and the alerts; a lot, its account's balance.
 */
const STALE_BY_ENTITY: Record<string, readonly QueryKey[]> = {
  client: [clientKeys.all, dashboardKeys.all],
  lot: [lotKeys.all, accountKeys.all, financeKeys.all, alertKeys.all, dashboardKeys.all],
  emission: [
    emissionKeys.all,
    clientKeys.all,
    lotKeys.all,
    accountKeys.all,
    financeKeys.all,
    alertKeys.all,
    dashboardKeys.all,
  ],
  posting: [financeKeys.all, emissionKeys.details(), dashboardKeys.all],
  quote: [quoteKeys.all],
  rule: [rulesKeys.all, alertKeys.all],
  settings: [agencyKeys.all, conversionKeys.all, alertKeys.all],
  alert: [alertKeys.all, dashboardKeys.all],
  notification: [alertKeys.inbox()],
  // Where miles come from and go (issue #23): each flow's own list, the lots and accounts it
  // writes or draws from, and the money views its postings move.
  transfer: [transferKeys.all, creditKeys.all, lotKeys.all, accountKeys.all, financeKeys.all, dashboardKeys.all],
  credit: [creditKeys.all, transferKeys.all, clubKeys.all, lotKeys.all, accountKeys.all, dashboardKeys.all],
  club: [clubKeys.all, creditKeys.all, lotKeys.all, accountKeys.all, financeKeys.all, dashboardKeys.all],
  card: [cardKeys.all, payableKeys.all, lotKeys.all, financeKeys.all, dashboardKeys.all],
  sale: [saleKeys.all, receivableKeys.all, lotKeys.all, accountKeys.all, financeKeys.all, dashboardKeys.all],
  supplier: [supplierKeys.all, lotKeys.all],
  // A finished import (issue #17) wrote clients, lots or emissions: everything they move, and the history.
  import: [
    importKeys.all,
    clientKeys.all,
    lotKeys.all,
    emissionKeys.all,
    accountKeys.all,
    financeKeys.all,
    alertKeys.all,
    dashboardKeys.all,
  ],
};

/** The query keys the events of these types make stale, each once. */
export function staleKeysFor(types: Iterable<string>): QueryKey[] {
  const seen = new Set<string>();
  const keys: QueryKey[] = [];
  for (const type of types) {
    for (const key of STALE_BY_ENTITY[type.split('.')[0] ?? ''] ?? []) {
      const id = JSON.stringify(key);
      if (seen.has(id)) continue;
      seen.add(id);
      keys.push(key);
    }
  }
  return keys;
}

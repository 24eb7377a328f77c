import type { QueryClient } from '@tanstack/react-query';
import type { DeleteCache } from '@/hooks/use-delete-mutation';
import { accountKeys, alertKeys, dashboardKeys, financeKeys, lotKeys } from '@/lib/query-keys';

/** After any lot mutation: the lists, every lot page, the accounts' balances and histories, and the figures built on lots (spec part 1 §7; its purchase posting and performance on /financeiro). */
export function invalidateLotQueries(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [lotKeys.all, accountKeys.all, dashboardKeys.all, alertKeys.all, financeKeys.all].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

/** What a lot's delete drops from the cache and refreshes. */
export const LOT_DELETES: DeleteCache = { detailKey: lotKeys.detail, invalidate: invalidateLotQueries };

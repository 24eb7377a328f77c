import type { QueryClient } from '@tanstack/react-query';
import type { DeleteCache } from '@/hooks/use-delete-mutation';
import { alertKeys, dashboardKeys, lotKeys } from '@/lib/query-keys';

/** After any lot mutation: the lists, every lot page, and the figures built on lots (spec part 1 §7). */
export function invalidateLotQueries(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [lotKeys.all, dashboardKeys.all, alertKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

/** What a lot's delete drops from the cache and refreshes. */
export const LOT_DELETES: DeleteCache = { detailKey: lotKeys.detail, invalidate: invalidateLotQueries };

import type { QueryClient } from '@tanstack/react-query';
import type { DeleteCache } from '@/hooks/use-delete-mutation';
import { accountKeys, clientKeys, dashboardKeys } from '@/lib/query-keys';

/**
 * After any client mutation: the lists, pages and wizard picker; the loyalty accounts
 * saved with the client (the lot form's and the wizard's account pickers read them); the
 * dashboard's client counts.
 */
export function invalidateClientQueries(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [clientKeys.all, accountKeys.all, dashboardKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

/** What a client's delete drops from the cache and refreshes. */
export const CLIENT_DELETES: DeleteCache = { detailKey: clientKeys.detail, invalidate: invalidateClientQueries };

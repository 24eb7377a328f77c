import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';

/** Drops the cached pages of deleted records, rather than refetching them: asking again would only answer 404. */
function forgetDeleted(queryClient: QueryClient, detailKey: (id: string) => QueryKey, ids: Iterable<string>) {
  for (const id of ids) queryClient.removeQueries({ queryKey: detailKey(id) });
}

/** The ids a bulk delete did delete: the asked ones but those the server kept (named in `kept`). */
function deletedIds(ids: readonly string[], result: { kept: readonly { id: string }[] }): string[] {
  const kept = new Set(result.kept.map((k) => k.id));
  return ids.filter((id) => !kept.has(id));
}

/** How a feature's deletes touch the cache: its records' page keys, and what to refresh after any change. */
export interface DeleteCache {
  detailKey: (id: string) => QueryKey;
  invalidate: (queryClient: QueryClient) => Promise<unknown>;
}

/** A record's delete: its page leaves the cache, and the feature's queries are refreshed. */
export function useDeleteMutation(remove: (id: string) => Promise<void>, cache: DeleteCache) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: remove,
    onSuccess: (_, id) => {
      forgetDeleted(queryClient, cache.detailKey, [id]);
      return cache.invalidate(queryClient);
    },
  });
}

/** A bulk delete: the pages of the records it deleted leave the cache, those the server kept stay. */
export function useBulkDeleteMutation<R extends { kept: readonly { id: string }[] }>(
  remove: (ids: string[]) => Promise<R>,
  cache: DeleteCache,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: remove,
    onSuccess: (result, ids) => {
      forgetDeleted(queryClient, cache.detailKey, deletedIds(ids, result));
      return cache.invalidate(queryClient);
    },
  });
}

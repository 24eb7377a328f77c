import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** Drops the cached pages of deleted records, rather than refetching them: asking again would only answer 404. */
export function forgetDeleted(queryClient: QueryClient, detailKey: (id: string) => QueryKey, ids: Iterable<string>) {
  for (const id of ids) queryClient.removeQueries({ queryKey: detailKey(id) });
}

/** The ids a bulk delete did delete: the asked ones but those the server kept (named in `kept`). */
export function deletedIds(ids: readonly string[], result: { kept: readonly { id: string }[] }): string[] {
  const kept = new Set(result.kept.map((k) => k.id));
  return ids.filter((id) => !kept.has(id));
}

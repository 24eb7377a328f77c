import type { QueryClient } from '@tanstack/react-query';
import { alertKeys } from '@/lib/query-keys';

/** After a read or unread: the alert lists with their tabs' counts, and the bell. */
export function invalidateAlertQueries(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: alertKeys.all });
}

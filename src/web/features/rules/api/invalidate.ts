import type { QueryClient } from '@tanstack/react-query';
import type { DeleteCache } from '@/hooks/use-delete-mutation';
import { accountKeys, alertKeys, emissionKeys, rulesKeys } from '@/lib/query-keys';

/**
 * After any rule change: the rules, and what reads them — the wizard's lots of an account (CPM cap,
 * minimum margin), the emissions' SLA target, the alerts.
 */
export function invalidateRuleQueries(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [rulesKeys.all, accountKeys.all, emissionKeys.all, alertKeys.all].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

/** What a rule's delete drops from the cache and refreshes. */
export const RULE_DELETES: DeleteCache = { detailKey: rulesKeys.detail, invalidate: invalidateRuleQueries };

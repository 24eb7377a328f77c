import { accountHistoryQuerySchema } from '@domain/accounts/account-history.schema';
import { parseSearchParams, writeSearchParams } from '@/lib/search-params';

/** What /contas/:id keeps in its address: the history's page, so reload, links and Back show the same movements. */
export interface AccountHistoryUrlState {
  page: number;
}

/** Reads the page with the API's accountHistoryQuerySchema; anything it refuses is the first page. */
export function readAccountHistoryParams(params: URLSearchParams): AccountHistoryUrlState {
  return parseSearchParams(accountHistoryQuerySchema.shape, params, { page: 'page' });
}

/** Writes the page into the address, leaving the first page out (/contas/:id rather than ?page=1). */
export function writeAccountHistoryParams(
  params: URLSearchParams,
  patch: Partial<AccountHistoryUrlState>,
): URLSearchParams {
  const { page } = { ...readAccountHistoryParams(params), ...patch };
  return writeSearchParams(params, { page: page === 1 ? null : String(page) });
}

import { DEFAULT_SORT_ORDER, LOTS_DEFAULT_SORT } from '@domain/list-defaults';
import type { LotListQuery, LotStatus } from '@domain/lots/lot.schema';
import type { ProgramKey } from '@domain/programs';

/** What /lotes keeps in its address, so reload, links and Back show the same list. */
export type LotListUrlState = Pick<LotListQuery, 'page' | 'sort' | 'order'> & {
  program: ProgramKey | null;
  status: LotStatus | null;
  /** The search as sent (trimmed, after the debounce). */
  search: string;
};

/**
 * Spec part 1 §2 and §9: the nearest expiry first. Written out, without zod (a page that shows
 * only the list's figures does not load it); list-params.test.ts checks it is what the schema reads from /lotes.
 */
export const DEFAULT_LOT_LIST_STATE: LotListUrlState = {
  page: 1,
  sort: LOTS_DEFAULT_SORT,
  order: DEFAULT_SORT_ORDER,
  program: null,
  status: null,
  search: '',
};

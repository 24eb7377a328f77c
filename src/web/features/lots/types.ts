import type { LotSort, LotSortOrder, LotStatus } from '@domain/lots/lot.schema';
import type { ProgramKey } from '@domain/programs';

// What the API answers is declared once, by the domain's response schemas (STYLE.md habit 10).
export type {
  BulkLotDeleteResult,
  Lot,
  LotAllocation,
  LotAllocationList,
  LotDetail,
  LotList,
  LotTotals,
} from '@domain/lots/lot.schema';
export type { AccountOption } from '@domain/accounts/account.schema';

export interface LotListFilters {
  search: string;
  program: ProgramKey | null;
  status: LotStatus | null;
  sort: LotSort;
  order: LotSortOrder;
}

export interface LotListParams extends LotListFilters {
  page: number;
}

import type { LotSort, LotSortOrder, LotStatus } from '@domain/lots/lot.schema';
import type { ProgramKey } from '@domain/programs';
import type { Paginated } from '@/types/api';

/** A miles lot as the API returns it (GET /api/v1/lots). */
export interface Lot {
  id: string;
  account_id: string;
  program: ProgramKey | string;
  account_number: string | null;
  account_nickname: string | null;
  client_id: string | null;
  client_name: string | null;
  original_quantity: number;
  remaining_quantity: number;
  used_quantity: number;
  /** R$ per mile, numeric text with 4 places: "0.0155". */
  cost_per_mile: string;
  /** R$ per thousand miles (the "milheiro"), numeric text with 4 places: "15.5000". */
  cost_per_thousand: string;
  total_cost_cents: number;
  remaining_value_cents: number;
  /** yyyy-MM-dd */
  purchase_date: string;
  /** yyyy-MM-dd, or null for miles that do not expire. */
  expiry_date: string | null;
  supplier: string | null;
  notes: string | null;
  status: LotStatus | string;
  created_at: string;
  updated_at: string;
}

/** The four cards of /lotes, over every lot matching the filters (not only the page). */
export interface LotTotals {
  total_miles: number;
  total_value_cents: number;
  /** Weighted by remaining miles, numeric text ("0.0155"); null when there is nothing to average. */
  avg_cost_per_mile: string | null;
  /** Lots expiring within the agency's alert window. */
  expiring_lots: number;
}

export interface LotList extends Paginated<Lot> {
  totals: LotTotals;
}

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

/** One emission fed by the lot (GET /api/v1/lots/:id/allocations). */
export interface LotAllocation {
  id: string;
  emission_id: string;
  emission_pnr: string | null;
  emission_route: string | null;
  emission_status: string;
  client_name: string | null;
  miles: number;
  /** R$ per thousand miles, numeric text. */
  cost_per_thousand: string;
  cost_cents: number;
  created_at: string;
}

export interface LotDetail {
  lot: Lot;
}

export interface BulkDeleteLotsResult {
  deleted: number;
  kept: { id: string; reason: string }[];
  not_found: number;
}

/** A loyalty account offered by the lot form (GET /api/v1/accounts). */
export interface LoyaltyAccountOption {
  id: string;
  program: ProgramKey | string;
  account_number: string;
  nickname: string | null;
  /** Null: the agency's own account. */
  client_id: string | null;
  client_name: string | null;
}

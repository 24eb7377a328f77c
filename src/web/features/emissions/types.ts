import type { EmissionStatus } from '@domain/emissions/emission.schema';

// What the API answers is declared once, by the domain's response schemas (STYLE.md habit 10).
export type {
  Emission,
  EmissionAllocation,
  EmissionDetail,
  EmissionList,
  EmissionSla,
  EmissionSummary,
  EmissionTimelineEntry,
  EmissionTimelineKind,
} from '@domain/emissions/emission.schema';
export type { ClientOption } from '@domain/clients/client.schema';
export type { AccountBeneficiaries, AccountLot, AccountLots, AccountOption } from '@domain/accounts/account.schema';

export interface EmissionListFilters {
  status: EmissionStatus | null;
  program: string | null;
  date_from: string | null;
  date_to: string | null;
  search: string;
}

export interface EmissionListParams extends EmissionListFilters {
  page: number;
}

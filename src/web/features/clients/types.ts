import type { ClientSort, ClientStatus, SortOrder } from '@domain/clients/client.schema';

// What the API answers is declared once, by the domain's response schemas (STYLE.md habit 10).
export type {
  BulkDeleteResult,
  Client,
  ClientDetail,
  ClientList,
  ClientStats,
  ClientsSummary,
  LoyaltyAccount,
} from '@domain/clients/client.schema';
export type { ClientEmission, ClientEmissionList } from '@domain/emissions/emission.schema';

export interface ClientListFilters {
  search: string;
  status: ClientStatus | null;
  sort: ClientSort;
  order: SortOrder;
}

export interface ClientListParams extends ClientListFilters {
  page: number;
}

import type { ClientSort, ClientStatus, SortOrder } from '@domain/clients/client.schema';
import type { ProgramKey } from '@domain/programs';
import type { Paginated } from '@/types/api';

/** A client as the API returns it (GET /api/v1/clients). */
export interface Client {
  id: string;
  name: string;
  email: string | null;
  /** Digits only. */
  phone: string | null;
  /** CPF (11 digits) or CNPJ (14 digits). */
  document: string | null;
  /** yyyy-MM-dd */
  birth_date: string | null;
  status: ClientStatus;
  tags: string[];
  notes: string | null;
  emissions_count: number;
  active_emissions_count: number;
  total_spent_cents: number;
  last_emission_at: string | null;
  created_at: string;
  updated_at: string;
  loyalty_accounts: LoyaltyAccount[];
}

export interface LoyaltyAccount {
  id: string;
  program: ProgramKey | string;
  account_number: string;
  nickname: string | null;
}

/** The whole agency's figures for the four cards of /clientes. */
export interface ClientsSummary {
  total_clients: number;
  active_clients: number;
  total_emissions: number;
  total_revenue_cents: number;
}

export interface ClientList extends Paginated<Client> {
  summary: ClientsSummary;
}

export interface ClientListFilters {
  search: string;
  status: ClientStatus | null;
  sort: ClientSort;
  order: SortOrder;
}

export interface ClientListParams extends ClientListFilters {
  page: number;
}

export interface ClientStats {
  total_emissions: number;
  active_emissions: number;
  total_spent_cents: number;
  total_revenue_cents: number;
  total_profit_cents: number;
  avg_ticket_cents: number;
  last_emission_date: string | null;
}

export interface ClientDetail {
  client: Client;
  stats: ClientStats;
}

export type EmissionStatus = 'pending' | 'processing' | 'issued' | 'failed' | 'cancelled';

export interface ClientEmission {
  id: string;
  pnr: string | null;
  route: string | null;
  program: string;
  miles_used: number;
  revenue_cents: number;
  margin_cents: number;
  status: EmissionStatus | string;
  created_at: string;
}

export interface BulkDeleteResult {
  deleted: number;
  kept: { id: string; name: string; reason: string }[];
  not_found: number;
}

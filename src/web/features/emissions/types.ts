import type { EmissionStatus } from '@domain/emissions/emission.schema';
import type { Cents } from '@domain/money';

/** One emission as GET /api/v1/emissions lists it. */
export interface Emission {
  id: string;
  pnr: string | null;
  route: string;
  departure_date: string | null;
  client_id: string;
  client_name: string;
  account_id: string;
  program: string;
  account_number: string | null;
  miles_used: number;
  fees_cents: Cents;
  revenue_cents: Cents;
  rav_cents: Cents;
  miles_cost_cents: Cents;
  margin_cents: Cents;
  margin_percent: number;
  status: EmissionStatus;
  created_at: string;
  submitted_at: string | null;
  issued_at: string | null;
  failed_at: string | null;
  cancelled_at: string | null;
}

export interface EmissionSummary {
  total: number;
  issued: number;
  /** Pending and processing. */
  pending: number;
  revenue_issued_cents: Cents;
}

export interface EmissionList {
  data: Emission[];
  total: number;
  page: number;
  limit: number;
  total_pages: number;
  summary: EmissionSummary;
}

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

export interface EmissionPassenger {
  id: string;
  name: string;
  cpf: string;
}

export interface EmissionAllocation {
  lot_id: string;
  miles: number;
  cost_per_thousand: string;
  cost_cents: Cents;
  lot_supplier: string | null;
  lot_expiry_date: string | null;
}

export type EmissionTimelineKind = 'created' | 'submitted' | 'issued' | 'failed' | 'cancelled';

export interface EmissionTimelineEntry {
  kind: EmissionTimelineKind;
  at: string;
}

export interface EmissionSla {
  count: number;
  average_hours: number | null;
  p95_hours: number | null;
  target_hours: number;
}

export interface EmissionDetail {
  emission: Emission & { client_email: string | null };
  passengers: EmissionPassenger[];
  allocations: EmissionAllocation[];
  timeline: EmissionTimelineEntry[];
  sla: EmissionSla;
}

/** GET /api/v1/clients/quick-search. */
export interface ClientOption {
  id: string;
  name: string;
  document: string | null;
  email: string | null;
}

/** GET /api/v1/accounts?client_id=. */
export interface AccountOption {
  id: string;
  program: string;
  account_number: string;
  nickname: string | null;
  client_id: string | null;
  client_name: string | null;
}

/** GET /api/v1/accounts/:id/lots: the account's candidate lots. */
export interface AccountLot {
  id: string;
  remaining_quantity: number;
  cost_per_thousand: string;
  expiry_date: string | null;
  purchase_date: string;
  supplier: string | null;
  status: string;
}

export interface AccountLots {
  data: AccountLot[];
  cpm_cap: string | null;
  today: string;
}

/** GET /api/v1/accounts/:id/beneficiaries. */
export interface AccountBeneficiaries {
  program: string;
  holder_cpf: string | null;
  past_passengers: { cpf: string; date: string }[];
  today: string;
}

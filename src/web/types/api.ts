/* Shapes of the API's answers shared across features (DESIGN.md §3). */
import type { UserPublic } from '@domain/auth/auth.schema';

export type User = UserPublic;

export interface Agency {
  id: string;
  legal_name: string;
  trade_name: string;
  /** 14 digits. */
  cnpj: string;
  registration_status: string | null;
  /** yyyy-MM-dd */
  opened_on: string | null;
  address: string | null;
  main_activity_code: string | null;
  share_capital_cents: number | null;
  email: string | null;
  /** Digits only. */
  phone: string | null;
  updated_at: string;
}

/** What /auth/me, /auth/sign-in and /auth/sign-up answer. */
export interface Session {
  user: User;
  agency: Agency;
}

export interface Paginated<T> {
  data: T[];
  total: number;
  /** A broad search counts up to a cap: `total` is then a floor ("mais de 1.000"). */
  total_capped?: boolean;
  page: number;
  limit: number;
  total_pages: number;
}

import { excelAmount, excelDate, excelDocument, excelInteger, excelList, excelPhone } from '../csv-excel';
import { formatCpfOrCnpj, formatPhone } from '../documents';
import { formatDate } from '../format';
import { centsToInput, divRoundHalfAwayFromZero, type Cents } from '../money';
import type { ClientStats, ClientStatus } from './client.schema';

/** Spec part 1 §2 "Clientes" status badges. */
export const CLIENT_STATUS_LABELS: Record<ClientStatus, string> = {
  active: 'Ativo',
  inactive: 'Inativo',
  blocked: 'Bloqueado',
};

export function clientStatusLabel(status: string): string {
  return CLIENT_STATUS_LABELS[status as ClientStatus] ?? status;
}

// Particles that stay lower-case in Brazilian names and never make an initial ("Maria da Silva" → MS).
const NAME_PARTICLES = new Set(['da', 'das', 'de', 'des', 'do', 'dos', 'e', 'di', 'du', 'del', 'van', 'von']);

/** Avatar text: up to 2 initials, first and last significant word (spec part 1 §9). */
export function clientInitials(name: string | null | undefined): string {
  const words = (name ?? '')
    .trim()
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+/u, ''))
    .filter(Boolean);
  const significant = words.filter((w) => !NAME_PARTICLES.has(w.toLowerCase()));
  const pick = significant.length > 0 ? significant : words;
  if (pick.length === 0) return '';
  const first = pick[0]!;
  const last = pick.length > 1 ? pick[pick.length - 1]! : '';
  const initial = (w: string) => (Array.from(w)[0] ?? '').toLocaleUpperCase('pt-BR');
  return last ? initial(first) + initial(last) : initial(first);
}

/** Sums over one client's emissions, as SQL returns them (DESIGN.md: active = pending, processing, issued). */
export interface ClientEmissionSums {
  /** Live emissions that are not cancelled. */
  total_emissions: number;
  active_emissions: number;
  /** Revenue of active emissions, centavos. */
  active_revenue_cents: Cents;
  /** Margin of active emissions, centavos. */
  active_margin_cents: Cents;
  /** Revenue posted against active emissions (issue #15), centavos. */
  received_cents: Cents;
  /** What active emissions still owe, each never below zero (decision 0019), centavos. */
  receivable_cents: Cents;
  last_emission_at: string | null;
}

/**
 * Client stats of spec part 1 §3. "Total Gasto" is the revenue of active emissions (DESIGN.md §2),
 * so spent and revenue are the same figure; the average ticket divides it by the active count.
 */
export function computeClientStats(s: ClientEmissionSums): ClientStats {
  const avg =
    s.active_emissions > 0
      ? Number(divRoundHalfAwayFromZero(BigInt(s.active_revenue_cents), BigInt(s.active_emissions)))
      : 0;
  return {
    total_emissions: s.total_emissions,
    active_emissions: s.active_emissions,
    total_spent_cents: s.active_revenue_cents,
    total_revenue_cents: s.active_revenue_cents,
    total_profit_cents: s.active_margin_cents,
    avg_ticket_cents: avg,
    received_cents: s.received_cents,
    receivable_cents: s.receivable_cents,
    last_emission_date: s.last_emission_at,
  };
}

/** Spec part 1 §7 "Export": headers in this order. */
export const CLIENT_EXPORT_HEADERS = [
  'ID',
  'Nome',
  'Email',
  'Telefone',
  'CPF',
  'Data de Nascimento',
  'Status',
  'Total de Emissões',
  'Total Gasto',
  'Data de Criação',
  'Observações',
] as const;

export interface ClientExportSource {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  document: string | null;
  birth_date: string | null;
  status: string;
  emissions_count: number;
  total_spent_cents: Cents;
  created_at: string;
  notes: string | null;
}

/** One CSV row: dates dd/MM/yyyy, CPF and phone formatted, status in Portuguese, "1234,56". */
export function clientExportRow(c: ClientExportSource): string[] {
  return [
    c.id,
    c.name,
    c.email ?? '',
    c.phone ? formatPhone(c.phone) : '',
    c.document ? formatCpfOrCnpj(c.document) : '',
    formatDate(c.birth_date),
    clientStatusLabel(c.status),
    String(c.emissions_count),
    centsToInput(c.total_spent_cents),
    formatDate(c.created_at),
    c.notes ?? '',
  ];
}

/**
 * The pt-BR Excel form (formato=excel): the spec's columns with "Etiquetas" after "Status", so that
 * the file imports back through /importador with every field a client import takes (each
 * importable header is one the importer's auto-mapping recognises).
 */
export const CLIENT_EXCEL_EXPORT_HEADERS = [
  'ID',
  'Nome',
  'Email',
  'Telefone',
  'CPF',
  'Data de Nascimento',
  'Status',
  'Etiquetas',
  'Total de Emissões',
  'Total Gasto',
  'Data de Criação',
  'Observações',
] as const;

/** One row of the Excel form: CPF and phone masked (Excel keeps them as text), tags "vip, corporativo". */
export function clientExcelExportRow(c: ClientExportSource & { tags: readonly string[] | null }): string[] {
  return [
    c.id,
    c.name,
    c.email ?? '',
    excelPhone(c.phone),
    excelDocument(c.document),
    excelDate(c.birth_date),
    clientStatusLabel(c.status),
    excelList(c.tags),
    excelInteger(c.emissions_count),
    excelAmount(c.total_spent_cents),
    excelDate(c.created_at),
    c.notes ?? '',
  ];
}

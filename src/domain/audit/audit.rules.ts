import { CLIENT_STATUS_LABELS } from '../clients/client.rules';
import { formatCpfOrCnpj, formatPhone } from '../documents';
import { EMISSION_STATUS_LABELS } from '../emissions/emission.schema';
import { ENTRY_CATEGORY_LABELS, ENTRY_KIND_LABELS, PAYMENT_METHOD_LABELS } from '../finance/entry.schema';
import { formatCents, formatDate, formatNumber } from '../format';
import { LOT_STATUS_LABELS } from '../lots/lot.schema';
import { programName } from '../programs';
import { QUOTE_STATUS_LABELS } from '../quotes/quote.schema';
import { AUDIT_AREA_LABELS, AUDIT_SYSTEM_USER, auditAreaOf, type AuditChanges, type AuditEntry } from './audit.schema';

/**
 * The fields among `fields` whose values differ between `before` and `after`, as
 * `{ field: [before, after] }`; null when none did (an update that changed nothing). Values are
 * compared as JSON (arrays and objects by content); undefined reads as null.
 */
export function diffFields<T extends object>(
  before: Partial<T> | null | undefined,
  after: Partial<T> | null | undefined,
  fields: readonly (keyof T & string)[],
): AuditChanges | null {
  const changes: AuditChanges = {};
  for (const field of fields) {
    const a = normalise(before?.[field]);
    const b = normalise(after?.[field]);
    if (JSON.stringify(a) !== JSON.stringify(b)) changes[field] = [a, b];
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

/** Numeric text ("17.5000") and numbers compare by value; bigint as number; undefined as null. */
function normalise(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return value.toISOString();
  return value;
}

// ---------------------------------------------------------------------------------------------
// How a change reads (the web's Alterações column and the CSV's)

export const AUDIT_FIELD_LABELS: Record<string, string> = {
  name: 'Nome',
  email: 'E-mail',
  phone: 'Telefone',
  document: 'CPF/CNPJ',
  birth_date: 'Nascimento',
  status: 'Status',
  tags: 'Etiquetas',
  notes: 'Observações',
  loyalty_accounts: 'Contas de fidelidade',
  program: 'Programa',
  account_number: 'Conta',
  original_quantity: 'Milhas',
  remaining_quantity: 'Saldo',
  total_cost_cents: 'Custo total',
  cost_per_thousand: 'Custo do milheiro',
  purchase_date: 'Compra',
  expiry_date: 'Validade',
  supplier: 'Fornecedor',
  kind: 'Tipo',
  category: 'Categoria',
  amount_cents: 'Valor',
  description: 'Descrição',
  payment_method: 'Forma de pagamento',
  installments: 'Parcelas',
  entry_date: 'Data',
  min_margin_cents: 'Margem mín.',
  min_margin_percent: 'Margem mín. (%)',
  default_rav_cents: 'RAV padrão',
  cpm_cap: 'CPM máx.',
  sla_target_hours: 'SLA (h)',
  legal_name: 'Razão social',
  trade_name: 'Nome fantasia',
  cnpj: 'CNPJ',
  registration_status: 'Situação cadastral',
  opened_on: 'Abertura',
  address: 'Endereço',
  main_activity_code: 'CNAE',
  share_capital_cents: 'Capital social',
  url: 'URL',
  event_types: 'Eventos',
  enabled: 'Ativo',
  role: 'Papel',
  expiry_alert_days: 'Alerta de validade (dias)',
  default_markup_percent: 'Markup padrão (%)',
  currency: 'Moeda',
  lot_allocation_policy: 'Política de alocação',
  require_mfa: 'Exigir 2FA',
  card_interest_percent: 'Juros do cartão (%)',
  buyer_name: 'Comprador',
  miles: 'Milhas',
  price_cents: 'Valor da venda',
  cost_cents: 'Custo das milhas',
  received_on: 'Recebido em',
  pix_key: 'Chave PIX',
  contact: 'Contato',
};

export const auditFieldLabel = (field: string) => AUDIT_FIELD_LABELS[field] ?? field;

const STATUS_LABELS: Partial<Record<string, Record<string, string>>> = {
  clients: CLIENT_STATUS_LABELS,
  lots: LOT_STATUS_LABELS,
  emissions: EMISSION_STATUS_LABELS,
  quotes: QUOTE_STATUS_LABELS,
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const EMPTY = '—';

/** One value of a change as people read it: R$ for centavos, dd/mm/aaaa for days, labels for statuses. */
export function formatAuditValue(kind: string, field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (Array.isArray(value))
    return value.length === 0 ? EMPTY : value.map((v) => formatAuditValue(kind, field, v)).join(', ');
  if (field.endsWith('_cents') && (typeof value === 'number' || typeof value === 'string')) {
    const n = Number(value);
    return Number.isFinite(n) ? formatCents(field === 'amount_cents' ? Math.abs(n) : n) : String(value);
  }
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value !== 'string' && typeof value !== 'bigint') return JSON.stringify(value);
  const text = String(value);
  if (ISO_DAY.test(text)) return formatDate(text);
  if (field === 'status') return STATUS_LABELS[auditAreaOf(kind) ?? '']?.[text] ?? text;
  if (field === 'document' || field === 'cnpj') return /^\d{11}$|^\d{14}$/.test(text) ? formatCpfOrCnpj(text) : text;
  if (field === 'phone') return formatPhone(text);
  if (field === 'program') return programName(text);
  if (field === 'category') return ENTRY_CATEGORY_LABELS[text as keyof typeof ENTRY_CATEGORY_LABELS] ?? text;
  if (field === 'kind') return ENTRY_KIND_LABELS[text as keyof typeof ENTRY_KIND_LABELS] ?? text;
  if (field === 'payment_method') return PAYMENT_METHOD_LABELS[text as keyof typeof PAYMENT_METHOD_LABELS] ?? text;
  return text;
}

export interface AuditChangeLine {
  field: string;
  label: string;
  before: string;
  after: string;
}

/** A line's changes, field by field, in the order they were recorded. */
export function auditChangeLines(kind: string, changes: AuditChanges | null | undefined): AuditChangeLine[] {
  if (!changes) return [];
  return Object.entries(changes).map(([field, pair]) => ({
    field,
    label: auditFieldLabel(field),
    before: formatAuditValue(kind, field, Array.isArray(pair) ? pair[0] : null),
    after: formatAuditValue(kind, field, Array.isArray(pair) ? pair[1] : null),
  }));
}

/** "Nome: José → José da Silva; E-mail: — → jose@x.com" */
export function auditChangesText(kind: string, changes: AuditChanges | null | undefined): string {
  return auditChangeLines(kind, changes)
    .map((c) => `${c.label}: ${c.before} → ${c.after}`)
    .join('; ');
}

// ---------------------------------------------------------------------------------------------
// Export (pt-BR Excel form, csv-excel.ts)

export const AUDIT_EXPORT_HEADERS = ['Data/hora', 'Usuário', 'Área', 'Descrição', 'Alterações', 'Endereço IP'] as const;

/** A line of the CSV; `when` is "dd/mm/aaaa hh:mm" in the agency's time zone, as the server formats it. */
export function auditExportRow(
  entry: Pick<AuditEntry, 'kind' | 'user_name' | 'description' | 'changes' | 'ip'> & {
    when: string;
  },
): string[] {
  const area = auditAreaOf(entry.kind);
  return [
    entry.when,
    entry.user_name || AUDIT_SYSTEM_USER,
    area ? AUDIT_AREA_LABELS[area] : '',
    entry.description,
    auditChangesText(entry.kind, entry.changes),
    entry.ip ?? '',
  ];
}

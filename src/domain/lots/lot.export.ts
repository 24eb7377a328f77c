import { formatDate } from '../format';
import { centsToInput, type Cents } from '../money';
import { programName } from '../programs';
import { costPerMileFromPerThousand } from './lot.rules';
import { lotStatusLabel } from './lot.schema';

/** GET /api/v1/lots/export: headers in this order (spec part 1 §7 "Export with the current filters"). */
export const LOT_EXPORT_HEADERS = [
  'ID',
  'Programa',
  'Conta',
  'Cliente',
  'Quantidade Original',
  'Quantidade Restante',
  'Custo por Milha',
  'Custo Total',
  'Data de Compra',
  'Data de Vencimento',
  'Fornecedor',
  'Observações',
  'Status',
] as const;

export interface LotExportSource {
  id: string;
  program: string;
  account_number: string;
  /** Null: the agency's own account. */
  client_name: string | null;
  original_quantity: number;
  remaining_quantity: number;
  /** numeric text, e.g. "15.5000". */
  cost_per_thousand: string;
  total_cost_cents: Cents;
  purchase_date: string;
  expiry_date: string | null;
  supplier: string | null;
  notes: string | null;
  status: string;
}

/**
 * One CSV row as a Brazilian spreadsheet reads it: program by name, quantities as plain integers,
 * cost per mile "0,0155", total "1550,00", dates dd/MM/yyyy, status in Portuguese.
 */
export function lotExportRow(l: LotExportSource): string[] {
  return [
    l.id,
    programName(l.program),
    l.account_number,
    l.client_name ?? '',
    String(l.original_quantity),
    String(l.remaining_quantity),
    costPerMileFromPerThousand(l.cost_per_thousand).replace('.', ','),
    centsToInput(l.total_cost_cents),
    formatDate(l.purchase_date),
    formatDate(l.expiry_date),
    l.supplier ?? '',
    l.notes ?? '',
    lotStatusLabel(l.status),
  ];
}

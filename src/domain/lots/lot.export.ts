import { excelAmount, excelDate, excelDecimal, excelDocument, excelInteger } from '../csv-excel';
import { formatDate } from '../format';
import { centsToInput, type Cents } from '../money';
import { programName } from '../programs';
import { COST_SCALE, costPerMileFromPerThousand } from './lot.rules';
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

/**
 * The pt-BR Excel form (formato=excel). It imports back through /importador, so each importable
 * header is one the auto-mapping gives the right field: the holder's CPF (a client's account is
 * found or opened for the client with that CPF; empty: the agency's own), the miles still
 * available as the lot's quantity ("Milhas Disponíveis", what an import means by it) and the cost
 * per thousand as the cost. The cost per thousand is what the lot stores exactly; the total, being
 * rounded to centavos, would give it back only approximately, so its header ("Investimento") is one
 * the importer leaves unmapped, as are "Quantidade Original", "Cliente" and "Status".
 */
export const LOT_EXCEL_EXPORT_HEADERS = [
  'ID',
  'Programa',
  'Conta',
  'CPF do Titular',
  'Cliente',
  'Quantidade Original',
  'Milhas Disponíveis',
  'Custo por Milheiro',
  'Investimento',
  'Data de Compra',
  'Data de Vencimento',
  'Fornecedor',
  'Observações',
  'Status',
] as const;

/** One row of the Excel form: miles "10000", cost per thousand "17,5000", total "175,00", dates dd/mm/aaaa. */
export function lotExcelExportRow(l: LotExportSource & { client_document: string | null }): string[] {
  return [
    l.id,
    programName(l.program),
    l.account_number,
    excelDocument(l.client_document),
    l.client_name ?? '',
    excelInteger(l.original_quantity),
    excelInteger(l.remaining_quantity),
    excelDecimal(l.cost_per_thousand, COST_SCALE),
    excelAmount(l.total_cost_cents),
    excelDate(l.purchase_date),
    excelDate(l.expiry_date),
    l.supplier ?? '',
    l.notes ?? '',
    lotStatusLabel(l.status),
  ];
}

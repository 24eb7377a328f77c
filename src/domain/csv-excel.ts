import type { CsvOptions } from './csv';
import { formatCpfOrCnpj, formatPhone } from './documents';
import { formatDate } from './format';
import { centsToInput, type Cents } from './money';

// The pt-BR Excel form of the exports (issue #17): what Excel in Portuguese opens straight into
// columns, numbers and dates (its list separator is ";", its decimal mark ","), and what the
// importer (/importador) reads back unchanged. Cells stay quoted and formula-neutralised (csv.ts).

export const EXPORT_FORMATS = ['csv', 'excel'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Both forms: UTF-8 with BOM (Excel reads accents only then) and CRLF line ends. */
export function exportCsvOptions(format: ExportFormat): CsvOptions {
  return format === 'excel' ? { bom: true, delimiter: ';' } : { bom: true };
}

/** Centavos as "1234,56": no thousands separator, decimal comma; empty when absent. */
export function excelAmount(cents: Cents | null | undefined): string {
  return cents === null || cents === undefined ? '' : centsToInput(cents);
}

/** Miles and counts as plain integers, no thousands separator: "10000". */
export function excelInteger(n: number | null | undefined): string {
  if (n === null || n === undefined) return '';
  if (!Number.isSafeInteger(n)) throw new TypeError(`Inteiro inválido: ${String(n)}`);
  return String(n);
}

/**
 * Numeric text as PostgreSQL writes it ("17.5", "17.5000") with exactly `places` decimals and a
 * comma: "17,5000". Digits past `places` are cut, never rounded: the columns hold at most that many.
 */
export function excelDecimal(numeric: string | null | undefined, places: number): string {
  if (numeric === null || numeric === undefined || numeric === '') return '';
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(numeric.trim());
  if (!m) throw new TypeError(`Número decimal inválido: ${numeric}`);
  const fraction = (m[3] ?? '').slice(0, places).padEnd(places, '0');
  return `${m[1]}${m[2]}${places > 0 ? `,${fraction}` : ''}`;
}

/** A day or timestamp as dd/mm/aaaa; empty when absent. */
export function excelDate(value: string | Date | null | undefined): string {
  return formatDate(value);
}

export function excelBoolean(value: boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  return value ? 'Sim' : 'Não';
}

/**
 * CPF/CNPJ masked ("012.345.678-90"): Excel keeps it as text, where bare digits would become a
 * number and lose a leading zero; the importer takes either.
 */
export function excelDocument(document: string | null | undefined): string {
  return document ? formatCpfOrCnpj(document) : '';
}

/** "(11) 98765-4321", as the client form writes it (digits alone would also become a number). */
export function excelPhone(phone: string | null | undefined): string {
  return phone ? formatPhone(phone) : '';
}

/** Several values in one cell ("vip, corporativo"), as the importer splits them. */
export function excelList(values: readonly string[] | null | undefined): string {
  return (values ?? []).join(', ');
}

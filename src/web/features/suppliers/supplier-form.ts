import type { Resolver } from 'react-hook-form';
import { CNPJ_LENGTH, formatCpfOrCnpj, onlyDigits } from '@domain/documents';
import { isValidIsoDate } from '@domain/format';
import { SUPPLIER_MESSAGES, supplierInputSchema } from '@domain/suppliers/supplier.schema';
import { formatCostPerThousand } from '@/lib/cost-format';
import { maskDocument } from '@/features/clients/client-form';
import type { Supplier, SupplierInput } from './types';
import { schemaResolver } from '@/lib/schema-resolver';

/** The supplier form as typed: every field a string. */
export interface SupplierFormState {
  name: string;
  document: string;
  pix_key: string;
  contact: string;
  notes: string;
}

export const SUPPLIER_FORM_FIELDS = ['name', 'document', 'pix_key', 'contact', 'notes'] as const;

/** The form's starting values: the supplier's (its CPF/CNPJ masked), or blank for a new one. */
export function toSupplierFormState(supplier: Supplier | null): SupplierFormState {
  return {
    name: supplier?.name ?? '',
    document: supplier?.document ? maskDocument(supplier.document) : '',
    pix_key: supplier?.pix_key ?? '',
    contact: supplier?.contact ?? '',
    notes: supplier?.notes ?? '',
  };
}

export function supplierFormResolver(): Resolver<SupplierFormState, unknown, SupplierInput> {
  // The form's values are a narrower shape of the schema's input (strings as typed).
  return schemaResolver<SupplierFormState, SupplierInput>(supplierInputSchema);
}

/** "CPF 123.456.789-09" / "CNPJ 12.345.678/0001-95"; null without a document. */
export function supplierDocumentText(document: string | null): string | null {
  if (!document) return null;
  return `${onlyDigits(document).length === CNPJ_LENGTH ? 'CNPJ' : 'CPF'} ${formatCpfOrCnpj(document)}`;
}

/** "R$ 15,51" from the API's 4-place text ("15.5050"); '—' without any miles bought. */
export function averageCostText(perThousand: string | null): string {
  return formatCostPerThousand(perThousand);
}

/** January 1st of `today`'s year: the period's default start. */
export function yearStart(today: string): string {
  return `${today.slice(0, 4)}-01-01`;
}

export interface SupplierPeriodChoice {
  /** What GET /suppliers is asked for; null while the boxes hold no usable period (the last one stays). */
  query: { from: string; to: string } | null;
  problem: string | null;
}

/** The De/Até boxes as typed (yyyy-MM-dd once complete, the partial text otherwise) → the period asked for. */
export function supplierPeriod(typed: { from: string; to: string }): SupplierPeriodChoice {
  const { from, to } = typed;
  if (!isValidIsoDate(from) || !isValidIsoDate(to)) {
    // Still typing, or emptied: no message until both are complete.
    return { query: null, problem: null };
  }
  if (from > to) return { query: null, problem: SUPPLIER_MESSAGES.periodOrder };
  return { query: { from, to }, problem: null };
}

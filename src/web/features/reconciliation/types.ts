// What the API answers is declared once, by the domain's response schemas (STYLE.md habit 10).
export type {
  BulkPostMissingResult,
  Reconciled,
  Reconciliation,
  ReconciliationAlert,
  ReconciliationRow,
} from '@domain/finance/reconciliation.schema';
export type { Entry, EntryInput } from '@domain/finance/entry.schema';
export type { ReconciliationListUrlState } from './list-state';

/** The filters of /conciliador, as the list, the counts and the export read them. */
export interface ReconciliationFilters {
  start: string | null;
  end: string | null;
  status: string | null;
}

export interface ReconciliationListParams extends ReconciliationFilters {
  only_discrepancies: boolean;
  page: number;
}

import type { EmissionStatus } from '@domain/emissions/emission.schema';

/** What /conciliador keeps in its address, so reload, links and Back show the same page. */
export interface ReconciliationListUrlState {
  page: number;
  /** Inclusive yyyy-MM-dd of the emission's creation. */
  start: string | null;
  end: string | null;
  status: EmissionStatus | null;
  /** Only the emissions with an alert. */
  only_discrepancies: boolean;
}

/**
 * Every emission, newest first. Written out, without zod; list-params.test.ts checks it is what
 * the schema reads from /conciliador.
 */
export const DEFAULT_RECONCILIATION_LIST_STATE: ReconciliationListUrlState = {
  page: 1,
  start: null,
  end: null,
  status: null,
  only_discrepancies: false,
};

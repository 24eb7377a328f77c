import type { AlertKind } from '@domain/alerts/alert.schema';
import type { ProgramKey } from '@domain/programs';

export type AlertStatus = 'open' | 'resolved';

/** What /alertas keeps in its address, so reload, links and Back show the same tab and filters. */
export interface AlertListUrlState {
  page: number;
  /** The tab. */
  kind: AlertKind;
  status: AlertStatus;
  program: ProgramKey | null;
  account_id: string | null;
  /** Inclusive yyyy-MM-dd of the day the alert is about (a lot's expiry, an emission's submission). */
  date_from: string | null;
  date_to: string | null;
}

/** The first tab's open alerts. Written out, without zod; list-params.test.ts checks it is what the schema reads. */
export const DEFAULT_ALERT_LIST_STATE: AlertListUrlState = {
  page: 1,
  kind: 'lot_expiring',
  status: 'open',
  program: null,
  account_id: null,
  date_from: null,
  date_to: null,
};

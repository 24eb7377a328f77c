import type { EmissionStatus } from '@domain/emissions/emission.schema';
import type { ProgramKey } from '@domain/programs';

/** What /emissoes keeps in its address, so reload, links and Back show the same list. */
export interface EmissionListUrlState {
  page: number;
  status: EmissionStatus | null;
  program: ProgramKey | null;
  /** Inclusive yyyy-MM-dd of created_at. */
  date_from: string | null;
  date_to: string | null;
  search: string;
}

/**
 * Every emission, newest first. Written out, without zod (a page that shows only the list's
 * figures does not load it); list-params.test.ts checks it is what the schema reads from /emissoes.
 */
export const DEFAULT_EMISSION_LIST_STATE: EmissionListUrlState = {
  page: 1,
  status: null,
  program: null,
  date_from: null,
  date_to: null,
  search: '',
};

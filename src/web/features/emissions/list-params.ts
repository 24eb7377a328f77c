import { EMISSION_STATUSES, type EmissionStatus } from '@domain/emissions/emission.schema';
import { isValidIsoDate } from '@domain/format';
import { isProgramKey, type ProgramKey } from '@domain/programs';

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

export const EMISSION_SEARCH_MAX_LENGTH = 200;

const isStatus = (v: string | null): v is EmissionStatus => (EMISSION_STATUSES as readonly (string | null)[]).includes(v);
const isoOrNull = (v: string | null) => (v !== null && isValidIsoDate(v) ? v : null);

export function readEmissionListParams(params: URLSearchParams): EmissionListUrlState {
  const rawPage = params.get('page');
  const page = rawPage !== null && /^\d{1,7}$/.test(rawPage) ? Number(rawPage) : 1;
  const status = params.get('status');
  const program = params.get('program');
  return {
    page: page >= 1 ? page : 1,
    status: isStatus(status) ? status : null,
    program: program !== null && isProgramKey(program) ? program : null,
    date_from: isoOrNull(params.get('de')),
    date_to: isoOrNull(params.get('ate')),
    search: (params.get('q') ?? '').trim().slice(0, EMISSION_SEARCH_MAX_LENGTH),
  };
}

/** Writes `patch` over the list state, leaving other parameters alone and defaults out of the address. */
export function writeEmissionListParams(params: URLSearchParams, patch: Partial<EmissionListUrlState>): URLSearchParams {
  const next = new URLSearchParams(params);
  const state = { ...readEmissionListParams(params), ...patch };
  const set = (key: string, value: string | null) => {
    if (value === null || value === '') next.delete(key);
    else next.set(key, value);
  };
  set('q', state.search.trim() || null);
  set('status', state.status);
  set('program', state.program);
  set('de', state.date_from);
  set('ate', state.date_to);
  set('page', state.page === 1 ? null : String(state.page));
  return next;
}

export function hasEmissionFilters(state: Omit<EmissionListUrlState, 'page'>): boolean {
  return state.status !== null || state.program !== null || state.date_from !== null || state.date_to !== null || state.search.trim() !== '';
}

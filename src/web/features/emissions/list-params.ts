import { EMISSION_STATUSES } from '@domain/list-defaults';
import { PROGRAM_KEYS } from '@domain/programs';
import { addressChoice, addressDate, addressPage, addressSearch } from '@/lib/list-address';
import { writeSearchParams } from '@/lib/search-params';
import { DEFAULT_EMISSION_LIST_STATE, type EmissionListUrlState } from './list-state';

export { DEFAULT_EMISSION_LIST_STATE, type EmissionListUrlState };

/**
 * Reads the list state as the API's emissionListQuerySchema would, field by field
 * (lib/list-address.ts, without zod): anything it refuses falls back to the default, and an
 * inverted period is kept for the page to point out.
 */
export function readEmissionListParams(params: URLSearchParams): EmissionListUrlState {
  return {
    page: addressPage(params.get('page')),
    status: addressChoice(EMISSION_STATUSES, params.get('status')),
    program: addressChoice(PROGRAM_KEYS, params.get('program')),
    date_from: addressDate(params.get('de')),
    date_to: addressDate(params.get('ate')),
    search: addressSearch(params.get('q')),
  };
}

/** Writes `patch` over the list state, leaving other parameters alone and defaults out of the address. */
export function writeEmissionListParams(
  params: URLSearchParams,
  patch: Partial<EmissionListUrlState>,
): URLSearchParams {
  const state = { ...readEmissionListParams(params), ...patch };
  return writeSearchParams(params, {
    q: state.search.trim(),
    status: state.status,
    program: state.program,
    de: state.date_from,
    ate: state.date_to,
    page: state.page === 1 ? null : String(state.page),
  });
}

export function hasEmissionFilters(state: Omit<EmissionListUrlState, 'page'>): boolean {
  return (
    state.status !== null ||
    state.program !== null ||
    state.date_from !== null ||
    state.date_to !== null ||
    state.search.trim() !== ''
  );
}

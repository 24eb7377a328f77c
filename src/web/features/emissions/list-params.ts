import { emissionListQuerySchema } from '@domain/emissions/emission.schema';
import { parseSearchParams, writeSearchParams } from '@/lib/search-params';
import { DEFAULT_EMISSION_LIST_STATE, type EmissionListUrlState } from './list-state';

export { DEFAULT_EMISSION_LIST_STATE, type EmissionListUrlState };

/**
 * Reads the list state with the API's emissionListQuerySchema, field by field: anything it
 * refuses falls back to the default, and an inverted period is kept for the page to point out.
 */
export function readEmissionListParams(params: URLSearchParams): EmissionListUrlState {
  const { page, status, program, date_from, date_to, search } = parseSearchParams(
    emissionListQuerySchema.shape,
    params,
    {
      page: 'page',
      status: 'status',
      program: 'program',
      date_from: 'de',
      date_to: 'ate',
      search: 'q',
    },
  );
  return {
    page,
    status: status ?? null,
    program: program ?? null,
    date_from: date_from ?? null,
    date_to: date_to ?? null,
    search,
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

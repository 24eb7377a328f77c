import { alertListQuerySchema } from '@domain/alerts/alert.schema';
import { parseSearchParams, writeSearchParams } from '@/lib/search-params';
import { DEFAULT_ALERT_LIST_STATE, type AlertListUrlState } from './list-state';

export { DEFAULT_ALERT_LIST_STATE, type AlertListUrlState };

/**
 * Reads the list state with the API's alertListQuerySchema, field by field: anything it refuses
 * falls back to the default (the first tab, open alerts), and an inverted period is kept for the
 * page to point out.
 */
export function readAlertListParams(params: URLSearchParams): AlertListUrlState {
  const { page, kind, status, program, account_id, date_from, date_to } = parseSearchParams(
    alertListQuerySchema.shape,
    params,
    {
      page: 'page',
      kind: 'tipo',
      status: 'situacao',
      program: 'program',
      account_id: 'conta',
      date_from: 'de',
      date_to: 'ate',
    },
  );
  return {
    page,
    kind: kind ?? DEFAULT_ALERT_LIST_STATE.kind,
    status,
    program: program ?? null,
    account_id: account_id ?? null,
    date_from: date_from ?? null,
    date_to: date_to ?? null,
  };
}

/** Writes `patch` over the list state, leaving other parameters alone and defaults out of the address. */
export function writeAlertListParams(params: URLSearchParams, patch: Partial<AlertListUrlState>): URLSearchParams {
  const state = { ...readAlertListParams(params), ...patch };
  return writeSearchParams(params, {
    tipo: state.kind === DEFAULT_ALERT_LIST_STATE.kind ? null : state.kind,
    situacao: state.status === DEFAULT_ALERT_LIST_STATE.status ? null : state.status,
    program: state.program,
    conta: state.account_id,
    de: state.date_from,
    ate: state.date_to,
    page: state.page === 1 ? null : String(state.page),
  });
}

/** Whether 'Limpar Filtros' has anything to clear (the tab and open/resolved are not filters). */
export function hasAlertFilters(state: Pick<AlertListUrlState, 'program' | 'account_id' | 'date_from' | 'date_to'>) {
  return state.program !== null || state.account_id !== null || state.date_from !== null || state.date_to !== null;
}

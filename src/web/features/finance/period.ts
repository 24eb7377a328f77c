import { monthEnd, monthStart } from '@domain/finance/periods';
import { SUMMARY_MAX_DAYS } from '@domain/finance/summary.schema';
import {
  addMonthsIso,
  daysBetweenIso,
  formatDate,
  isValidIsoDate,
  monthName,
  monthYearLabel,
  shortMonthYear,
} from '@domain/format';

export { monthEnd, monthStart };

/*
 * The period of /financeiro, kept in the address as ?de=&ate= (inclusive days, as /emissoes):
 * none means the current month. The month control writes whole months; the De/Até boxes any days.
 */

export interface FinancePeriodUrlState {
  from: string | null;
  to: string | null;
}

export function readFinancePeriod(params: URLSearchParams): FinancePeriodUrlState {
  const day = (name: string) => {
    const value = params.get(name)?.trim() ?? '';
    return isValidIsoDate(value) ? value : null;
  };
  return { from: day('de'), to: day('ate') };
}

export function writeFinancePeriod(params: URLSearchParams, patch: Partial<FinancePeriodUrlState>): URLSearchParams {
  const state = { ...readFinancePeriod(params), ...patch };
  const next = new URLSearchParams(params);
  for (const [key, value] of [
    ['de', state.from],
    ['ate', state.to],
  ] as const) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

/** Why the period in the address cannot be asked (the API would refuse it), or null. */
export function periodProblem({ from, to }: FinancePeriodUrlState): string | null {
  if (!from || !to) return null;
  if (from > to) return 'Período inválido: a data inicial é posterior à final.';
  if ((daysBetweenIso(from, to) ?? 0) >= SUMMARY_MAX_DAYS) return `Escolha um período de até ${SUMMARY_MAX_DAYS} dias.`;
  return null;
}

/** The whole month `months` after the one of `day` (before it when negative). */
export function shiftMonth(day: string, months: number): { from: string; to: string } {
  const from = addMonthsIso(monthStart(day), months)!;
  return { from, to: monthEnd(from) };
}

export const isWholeMonth = (p: { from: string; to: string }) =>
  p.from === monthStart(p.from) && p.to === monthEnd(p.from);

/** "novembro de 2026" for a yyyy-MM or yyyy-MM-dd. */
export const monthLabel = monthYearLabel;

/** "nov/26", the chart's axis. */
export const shortMonthLabel = shortMonthYear;

/** How a period reads in a sentence: "novembro de 2026", "set. a nov. de 2026" or "01/11/2026 a 15/11/2026". */
export function periodLabel(p: { from: string; to: string }): string {
  if (isWholeMonth(p)) return monthLabel(p.from);
  if (p.from === monthStart(p.from) && p.to === monthEnd(p.to)) return `${monthLabel(p.from)} a ${monthLabel(p.to)}`;
  if (p.from === p.to) return formatDate(p.from);
  return `${formatDate(p.from)} a ${formatDate(p.to)}`;
}

/** The comparison's name in a card, from the previous period: "vs outubro" for one whole month, else "vs período anterior". */
export function previousLabel(previous: { from: string; to: string }): string {
  return isWholeMonth(previous) ? `vs ${monthName(previous.from)}` : 'vs período anterior';
}

import {
  addDaysIso,
  addMonthsIso,
  daysBetweenIso,
  formatDate,
  isValidIsoDate,
  monthYearLabel,
  shortMonthYear,
} from '@domain/format';
import { monthEnd, monthStart, type Period } from '@domain/finance/periods';
import { MAX_PERIOD_DAYS } from './constants';

export type { Period };

/*
 * The dashboard's period, kept in the address: ?periodo=30-dias|trimestre|ano for a preset counted
 * from today, ?de=&ate= (inclusive days, as /financeiro and /emissoes) for any other, nothing for
 * the current month. A preset stays a preset in a saved link: "últimos 30 dias" tomorrow is
 * tomorrow's 30 days.
 */

export const DASHBOARD_PERIOD_KINDS = ['mes', '30-dias', 'trimestre', 'ano', 'personalizado'] as const;
export type DashboardPeriodKind = (typeof DASHBOARD_PERIOD_KINDS)[number];

export const DASHBOARD_PERIOD_LABELS: Record<DashboardPeriodKind, string> = {
  mes: 'Este mês',
  '30-dias': 'Últimos 30 dias',
  trimestre: 'Este trimestre',
  ano: 'Este ano',
  personalizado: 'Personalizado',
};

/** "Últimos 30 dias": today and the 29 days before it. */
export const LAST_DAYS = 30;

export interface DashboardPeriodUrlState {
  kind: DashboardPeriodKind;
  /** The De/Até boxes (personalizado only), null while empty. */
  from: string | null;
  to: string | null;
}

const isPreset = (value: string | null): value is '30-dias' | 'trimestre' | 'ano' =>
  value === '30-dias' || value === 'trimestre' || value === 'ano';

export function readDashboardPeriod(params: URLSearchParams): DashboardPeriodUrlState {
  const day = (name: string) => {
    const value = params.get(name)?.trim() ?? '';
    return isValidIsoDate(value) ? value : null;
  };
  const from = day('de');
  const to = day('ate');
  if (from !== null || to !== null) return { kind: 'personalizado', from, to };
  const kind = params.get('periodo');
  return { kind: isPreset(kind) ? kind : 'mes', from: null, to: null };
}

/** Writes the period over `params`, leaving every other parameter alone and the default out. */
export function writeDashboardPeriod(
  params: URLSearchParams,
  patch: Partial<DashboardPeriodUrlState>,
): URLSearchParams {
  const state = { ...readDashboardPeriod(params), ...patch };
  const next = new URLSearchParams(params);
  for (const key of ['periodo', 'de', 'ate']) next.delete(key);
  if (state.kind === 'personalizado') {
    if (state.from) next.set('de', state.from);
    if (state.to) next.set('ate', state.to);
  } else if (state.kind !== 'mes') {
    next.set('periodo', state.kind);
  }
  return next;
}

function quarterOf(day: string): Period {
  const month = Number(day.slice(5, 7));
  const first = `${day.slice(0, 4)}-${String(month - ((month - 1) % 3)).padStart(2, '0')}-01`;
  return { from: first, to: monthEnd(addMonthsIso(first, 2)!) };
}

/** The days of a preset on `today` ("mes": the current month, which the API also takes by default). */
export function presetPeriod(kind: Exclude<DashboardPeriodKind, 'personalizado'>, today: string): Period {
  switch (kind) {
    case 'mes':
      return { from: monthStart(today), to: monthEnd(today) };
    case '30-dias':
      return { from: addDaysIso(today, -(LAST_DAYS - 1))!, to: today };
    case 'trimestre':
      return quarterOf(today);
    case 'ano':
      return { from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31` };
  }
}

/** Why the typed period cannot be asked (the API would refuse it), or null. */
export function periodProblem({ from, to }: { from: string | null; to: string | null }): string | null {
  if (!from || !to) return null;
  if (from > to) return 'Período inválido: a data inicial é posterior à final.';
  if ((daysBetweenIso(from, to) ?? 0) >= MAX_PERIOD_DAYS) return `Escolha um período de até ${MAX_PERIOD_DAYS} dias.`;
  return null;
}

/**
 * What to ask the API for the address's period: both days, or neither for the current month;
 * null while a custom period is half typed or refused (the page keeps the last one asked).
 */
export function requestedPeriod(
  state: DashboardPeriodUrlState,
  today: string,
): { from: string | null; to: string | null } | null {
  if (state.kind === 'mes') return { from: null, to: null };
  if (state.kind !== 'personalizado') return presetPeriod(state.kind, today);
  if (state.from === null || state.to === null || periodProblem(state) !== null) return null;
  return { from: state.from, to: state.to };
}

export const isWholeMonth = (p: Period) => p.from === monthStart(p.from) && p.to === monthEnd(p.from);

/** Whole calendar months from `from`'s to `to`'s, or 0 when the period does not start and end on a month's edges. */
function wholeMonths(p: Period): number {
  if (p.from !== monthStart(p.from) || p.to !== monthEnd(p.to)) return 0;
  const months = (Number(p.to.slice(0, 4)) - Number(p.from.slice(0, 4))) * 12;
  return months + Number(p.to.slice(5, 7)) - Number(p.from.slice(5, 7)) + 1;
}

/**
 * What a trend compares with, from the API's previous period: "vs. mês anterior", "vs. trimestre
 * anterior", "vs. ano anterior", else "vs. período anterior". A month, quarter or year still under
 * way is counted up to `countedThrough` against as many days of the one before: "vs. mesmo período
 * do mês anterior".
 */
export function comparisonLabel(previous: Period, period?: Period, countedThrough?: string): string {
  if (period && countedThrough && countedThrough < period.to) {
    const months = wholeMonths(period);
    const startMonth = Number(period.from.slice(5, 7));
    if (months === 1) return 'vs. mesmo período do mês anterior';
    if (months === 3 && (startMonth - 1) % 3 === 0) return 'vs. mesmo período do trimestre anterior';
    if (months === 12 && startMonth === 1) return 'vs. mesmo período do ano anterior';
    return 'vs. período anterior';
  }
  const months = wholeMonths(previous);
  const startMonth = Number(previous.from.slice(5, 7));
  if (months === 1) return 'vs. mês anterior';
  if (months === 3 && (startMonth - 1) % 3 === 0) return 'vs. trimestre anterior';
  if (months === 12 && startMonth === 1) return 'vs. ano anterior';
  return 'vs. período anterior';
}

/** "novembro de 2026" for a yyyy-MM or yyyy-MM-dd. */
export const monthLabel = monthYearLabel;

/** "nov/26", the chart's axis. */
export const shortMonthLabel = shortMonthYear;

/**
 * How a period reads: "novembro de 2026", "1º trimestre de 2026", "2026", or "01/11/2026 a
 * 15/11/2026"; counted only up to `countedThrough` (under way), "novembro de 2026 até 27/11/2026".
 */
export function periodLabel(p: Period, countedThrough?: string): string {
  if (countedThrough && countedThrough < p.to && countedThrough >= p.from) {
    return `${periodLabel(p)} até ${formatDate(countedThrough)}`;
  }
  const months = wholeMonths(p);
  const startMonth = Number(p.from.slice(5, 7));
  if (months === 1) return monthLabel(p.from);
  if (months === 3 && (startMonth - 1) % 3 === 0)
    return `${(startMonth - 1) / 3 + 1}º trimestre de ${p.from.slice(0, 4)}`;
  if (months === 12 && startMonth === 1) return p.from.slice(0, 4);
  if (p.from === p.to) return formatDate(p.from);
  return `${formatDate(p.from)} a ${formatDate(p.to)}`;
}

/** The previous period in the period line: "comparado a outubro de 2026", "comparado ao período de 15/12/2025 a 28/02/2026". */
export function comparedLabel(previous: Period): string {
  const label = periodLabel(previous);
  return wholeMonths(previous) > 0 || previous.from === previous.to
    ? `comparado a ${label}`
    : `comparado ao período de ${label}`;
}

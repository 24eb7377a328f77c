import { addDaysIso, addMonthsIso, daysBetweenIso } from '../format';

// The periods a summary compares (the finance summary, decision 0019, and the dashboard, 0023):
// shared by the server that counts them and the page that names them before the figures arrive.

export interface Period {
  from: string;
  to: string;
}

/** The first day of `day`'s month, yyyy-MM-dd. */
export const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
/** The last day of `day`'s month, yyyy-MM-dd. */
export const monthEnd = (day: string) => addDaysIso(addMonthsIso(monthStart(day), 1)!, -1)!;

/**
 * The period asked, or the current month; and the one to compare it with: the previous calendar
 * month(s) when the period is whole months (November → October), else as many days just before.
 */
export function summaryPeriods(
  query: { from?: string | null; to?: string | null },
  today: string,
): { period: Period; previous: Period } {
  const from = query.from ?? monthStart(today);
  const to = query.to ?? (query.from ? query.from : monthEnd(today));
  const previousTo = addDaysIso(from, -1)!;
  if (from === monthStart(from) && to === monthEnd(to)) {
    const months =
      (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7)) + 1;
    return { period: { from, to }, previous: { from: addMonthsIso(from, -months)!, to: previousTo } };
  }
  const days = daysBetweenIso(from, to)! + 1;
  return { period: { from, to }, previous: { from: addDaysIso(previousTo, -(days - 1))!, to: previousTo } };
}

/**
 * The flows count up to today when the period ends later (the current month so far); the period
 * they compare with is then cut alike — as many days from its start (1–27 November against 1–27
 * October), never past its own end — so a trend early in the month is not a fall.
 */
export function countedPeriods(period: Period, previous: Period, today: string): { through: string; previous: Period } {
  if (period.to <= today || period.from > today) return { through: period.to, previous };
  const cut = addDaysIso(previous.from, daysBetweenIso(period.from, today)!)!;
  return { through: today, previous: { from: previous.from, to: cut < previous.to ? cut : previous.to } };
}

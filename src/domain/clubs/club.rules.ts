// Club subscriptions (issue #23, docs/decisions/0029-transfers-and-credits.md, "Clubs"): each
// month a subscription bills its price on its billing day and credits its miles as a lot. This is
// the calendar: which months a subscription owes by a given day and on which day each is billed.
// The clubs.monthly job computes the same in SQL; the tests hold the two equal.

import { daysInMonth } from '../format';

export interface ClubCalendar {
  /** 1–31: a day past the month's end bills on its last day. */
  billing_day: number;
  start_date: string;
  /** The last day the subscription runs (its end or cancellation); null while it runs. */
  end_date: string | null;
}

export interface ClubCharge {
  /** The month billed, as its first day (yyyy-MM-01). */
  month: string;
  /** The day it is billed and its miles credited. */
  date: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The billing day of `month` (yyyy-MM or yyyy-MM-dd): day 31 in April is 30/04, in February 28 or 29. */
export function clubBillingDate(month: string, billingDay: number): string {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return `${year}-${pad(m)}-${pad(Math.min(billingDay, daysInMonth(year, m)))}`;
}

function nextMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${year + 1}-01-01` : `${year}-${pad(m + 1)}-01`;
}

/** Whether the subscription is billed on `date`: on or after its start, on or before its end. */
function runsOn(club: ClubCalendar, date: string): boolean {
  return date >= club.start_date && (club.end_date === null || date <= club.end_date);
}

/**
 * Every charge the subscription owes by `today`, oldest first: one per month whose billing day
 * falls within the subscription and has come. A start after the month's billing day begins with
 * the next month's.
 */
export function clubChargesDue(club: ClubCalendar, today: string): ClubCharge[] {
  const charges: ClubCharge[] = [];
  const last = club.end_date !== null && club.end_date < today ? club.end_date : today;
  for (let month = `${club.start_date.slice(0, 7)}-01`; month <= last; month = nextMonth(month)) {
    const date = clubBillingDate(month, club.billing_day);
    if (date <= today && runsOn(club, date)) charges.push({ month, date });
  }
  return charges;
}

/** The next billing day after `today` (null once the subscription has ended by then). */
export function nextClubCharge(club: ClubCalendar, today: string): string | null {
  let month = `${(today < club.start_date ? club.start_date : today).slice(0, 7)}-01`;
  for (let i = 0; i < 2; i++, month = nextMonth(month)) {
    const date = clubBillingDate(month, club.billing_day);
    if (date > today && runsOn(club, date)) return date;
  }
  return null;
}

export type ClubStatus = 'active' | 'scheduled' | 'ended';

/** Active while it runs today; scheduled before its start; ended after its last day. */
export function clubStatus(club: ClubCalendar, today: string): ClubStatus {
  if (club.end_date !== null && club.end_date < today) return 'ended';
  return club.start_date > today ? 'scheduled' : 'active';
}

/**
 * How a subscription is named in sentences: its plan, which people usually name "Clube …" already
 * ("Clube Smiles 10.000"), and otherwise "Clube " before it ("Clube Diamante").
 */
export function clubTitle(planName: string): string {
  const plan = planName.trim();
  return /^clube\b/i.test(plan) ? plan : `Clube ${plan}`;
}

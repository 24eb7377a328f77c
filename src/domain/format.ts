// pt-BR display formats for amounts, percents, numbers and dates, and the conversions between
// dd/MM/yyyy (what people read and type) and yyyy-MM-dd (what the API carries).
// Display helpers never throw: a value that cannot be shown gives "".

import type { Cents } from './money';

const LOCALE = 'pt-BR';

const formatters = new Map<string, Intl.NumberFormat>();

function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let f = formatters.get(key);
  if (!f) {
    // signDisplay 'negative' keeps -0 (and amounts that round to zero) from showing "-".
    f = new Intl.NumberFormat(LOCALE, { signDisplay: 'negative', ...options });
    formatters.set(key, f);
  }
  return f;
}

function brlFormat(decimals: number): Intl.NumberFormat {
  return numberFormat({
    style: 'currency',
    currency: 'BRL',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
}

/** Reais as "R$ 1.234,50" (with U+00A0 after "R$"); 4 decimals for cost per mile. */
export function formatBRL(amount: number, decimals: 0 | 2 | 4 = 2): string {
  if (!Number.isFinite(amount)) return '';
  return brlFormat(decimals).format(amount);
}

/**
 * Integer centavos formatted exactly, at any size: the reais are formatted as a BigInt and the
 * centavos are placed into the locale's own currency pattern, so no float division happens.
 */
export function formatCents(cents: Cents | bigint, decimals: 0 | 2 = 2): string {
  let value: bigint;
  if (typeof cents === 'bigint') {
    value = cents;
  } else {
    if (!Number.isFinite(cents)) return '';
    value = BigInt(Math.sign(cents) * Math.round(Math.abs(cents)));
  }
  let negative = value < 0n;
  const abs = negative ? -value : value;
  const reais = decimals === 0 ? (abs + 50n) / 100n : abs / 100n;
  const fraction = decimals === 0 ? '' : (abs % 100n).toString().padStart(2, '0');
  if (reais === 0n && (decimals === 0 || abs === 0n)) negative = false;

  const integer = numberFormat({ maximumFractionDigits: 0 }).format(reais);
  return brlFormat(decimals)
    .formatToParts(negative ? -1 : 1)
    .map((part) => {
      if (part.type === 'integer') return integer;
      if (part.type === 'fraction') return fraction;
      return part.value;
    })
    .join('');
}

/** `value` is already a percentage: 12.345 → "12,3%". */
export function formatPercent(value: number, decimals = 1): string {
  if (!Number.isFinite(value)) return '';
  const body = numberFormat({
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);
  return `${body}%`;
}

export function formatNumber(n: number | bigint): string {
  if (typeof n === 'number' && !Number.isFinite(n)) return '';
  return numberFormat({}).format(n);
}

/** "845 bytes", "12,4 KB", "3,2 MB" (1 KB = 1024 bytes, as file managers count). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${formatNumber(bytes)} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = value < 10 ? 1 : 0;
  return `${value.toLocaleString('pt-BR', { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${units[unit]}`;
}

// ---------------------------------------------------------------------------------------------
// Dates

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad2 = (n: number): string => String(n).padStart(2, '0');

function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isRealDate(y: number, m: number, d: number): boolean {
  return Number.isInteger(y) && y >= 1 && m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

interface DateParts {
  y: number;
  m: number;
  d: number;
}

function isoDateParts(s: string): DateParts | null {
  const match = ISO_DATE.exec(s);
  if (!match) return null;
  const y = Number(match[1]);
  const m = Number(match[2]);
  const d = Number(match[3]);
  return isRealDate(y, m, d) ? { y, m, d } : null;
}

/** A real calendar date written yyyy-MM-dd ("2026-02-31" is not). */
export function isValidIsoDate(s: string): boolean {
  return isoDateParts(s) !== null;
}

/** A plain yyyy-MM-dd as local midnight; null when it is not a real date. */
export function parseIsoDate(s: string): Date | null {
  const p = isoDateParts(s);
  if (!p) return null;
  const date = new Date(p.y, p.m - 1, p.d);
  date.setFullYear(p.y);
  return date;
}

// Accepts ISO timestamps and PostgreSQL's text form ("2026-03-05 14:07:00.123+00"), which
// not every browser's Date parser takes as is.
function toDate(value: string | Date): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const s = value.trim();
  if (s === '') return null;
  if (ISO_DATE.test(s)) return parseIsoDate(s);
  if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(s)) return null;
  const normalised = s.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00');
  const date = new Date(normalised);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Local calendar date of a Date as yyyy-MM-dd. */
export function isoDate(d: Date): string {
  return `${String(d.getFullYear()).padStart(4, '0')}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`;
}

export function todayIso(): string {
  return isoDate(new Date());
}

/**
 * "05/03/2026". A plain yyyy-MM-dd is reformatted as written (no timezone shift); timestamps
 * and Dates show their local calendar date. Empty or invalid input gives "".
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') {
    const p = isoDateParts(value.trim());
    if (p) return `${pad2(p.d)}/${pad2(p.m)}/${String(p.y).padStart(4, '0')}`;
  }
  const date = toDate(value);
  if (!date) return '';
  return `${pad2(date.getDate())}/${pad2(date.getMonth() + 1)}/${String(date.getFullYear()).padStart(4, '0')}`;
}

/** "05/03/2026 14:07" in local time; "" when empty or invalid. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (value === null || value === undefined) return '';
  const date = toDate(value);
  if (!date) return '';
  return `${formatDate(date)} ${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
}

/**
 * "05/03/2026" → "2026-03-05". Day and month may have one digit; "." or "-" may stand in for
 * "/". Impossible dates ("31/02/2026") give null.
 */
export function parseDateBR(s: string): string | null {
  const match = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$/.exec(s.trim());
  if (!match) return null;
  const d = Number(match[1]);
  const m = Number(match[3]);
  const y = Number(match[4]);
  if (!isRealDate(y, m, d)) return null;
  return `${match[4]}-${pad2(m)}-${pad2(d)}`;
}

function utcDay(p: DateParts): number {
  const t = new Date(Date.UTC(2000, p.m - 1, p.d));
  t.setUTCFullYear(p.y);
  return Math.round(t.getTime() / 86_400_000);
}

/**
 * Whole calendar days from `fromIso` to `toIso` (negative when `toIso` is earlier), free of
 * DST effects. Null when either is not a real yyyy-MM-dd date.
 */
export function daysBetweenIso(fromIso: string, toIso: string): number | null {
  const a = isoDateParts(fromIso);
  const b = isoDateParts(toIso);
  if (!a || !b) return null;
  return utcDay(b) - utcDay(a);
}

function fromUtcDay(day: number): string {
  const t = new Date(day * 86_400_000);
  return `${String(t.getUTCFullYear()).padStart(4, '0')}-${pad2(t.getUTCMonth() + 1)}-${pad2(t.getUTCDate())}`;
}

/** yyyy-MM-dd plus `days` calendar days; null when `iso` is not a real date. */
export function addDaysIso(iso: string, days: number): string | null {
  const p = isoDateParts(iso);
  if (!p || !Number.isInteger(days)) return null;
  return fromUtcDay(utcDay(p) + days);
}

/**
 * yyyy-MM-dd plus `months`, clamped to the end of a shorter month (31/01 + 1 → 28/02 or 29/02),
 * e.g. a lot's expiry from its purchase date and the program's validity in months.
 */
export function addMonthsIso(iso: string, months: number): string | null {
  const p = isoDateParts(iso);
  if (!p || !Number.isInteger(months)) return null;
  const total = p.y * 12 + (p.m - 1) + months;
  const y = Math.floor(total / 12);
  const m = (total % 12) + 1;
  if (y < 1 || y > 9999) return null;
  const d = Math.min(p.d, daysInMonth(y, m));
  return `${String(y).padStart(4, '0')}-${pad2(m)}-${pad2(d)}`;
}

/** Progressive dd/mm/aaaa mask as the user types (digits only, at most 8). */
export function maskDateBR(typed: string): string {
  const d = typed.replace(/\D/g, '').slice(0, 8);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
}

/**
 * A date field's value for forms: '' when empty, yyyy-MM-dd when the typed dd/MM/yyyy is a real
 * date, otherwise the typed text itself, so the schema's date rule refuses it with its message.
 */
export function dateFieldValue(typed: string): string {
  if (typed.trim() === '') return '';
  return parseDateBR(typed) ?? typed;
}

/** The months in Portuguese, January first. */
export const MONTH_NAMES = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
] as const;

/** "novembro" for a yyyy-MM or yyyy-MM-dd. */
export const monthName = (day: string): string => MONTH_NAMES[Number(day.slice(5, 7)) - 1] ?? '';

/** "novembro de 2026" for a yyyy-MM or yyyy-MM-dd. */
export const monthYearLabel = (day: string): string => `${monthName(day)} de ${day.slice(0, 4)}`;

/** "nov/26", a chart's axis. */
export const shortMonthYear = (day: string): string => `${monthName(day).slice(0, 3)}/${day.slice(2, 4)}`;

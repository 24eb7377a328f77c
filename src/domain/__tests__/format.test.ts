import { afterAll, describe, it, expect } from 'vitest';
import {
  addDaysIso,
  addMonthsIso,
  daysBetweenIso,
  formatBRL,
  formatCents,
  formatDate,
  formatDateTime,
  formatNumber,
  formatPercent,
  isoDate,
  isValidIsoDate,
  parseDateBR,
  parseIsoDate,
  todayIso,
} from '../format';
import { dateFieldValue, maskDateBR } from '../format';

// A timezone west of UTC makes a naive `new Date("2026-03-05")` land on the 4th, which is the
// bug the plain-date tests below guard against. Node applies a TZ change at run time in a
// forked worker (vitest's default pool); where it cannot (worker threads), the cases that
// need São Paulo time are skipped rather than failed.
const originalTz = process.env.TZ;
process.env.TZ = 'America/Sao_Paulo';
afterAll(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});
const inSaoPaulo = new Date('2026-03-05T12:00:00Z').getTimezoneOffset() === 180;

const NBSP = '\u00a0';

describe('formatBRL', () => {
  it.each<[number, 0 | 2 | 4 | undefined, string]>([
    [1234.5, undefined, `R$${NBSP}1.234,50`],
    [1234.5, 2, `R$${NBSP}1.234,50`],
    [0, 2, `R$${NBSP}0,00`],
    [-0, 2, `R$${NBSP}0,00`],
    [-1, 2, `-R$${NBSP}1,00`],
    [1234567.891, 2, `R$${NBSP}1.234.567,89`],
    [1.005, 2, `R$${NBSP}1,01`],
    [1234.5, 0, `R$${NBSP}1.235`],
    [2.5, 0, `R$${NBSP}3`],
    [-2.5, 0, `-R$${NBSP}3`],
    [999.4, 0, `R$${NBSP}999`],
    [0.0155, 4, `R$${NBSP}0,0155`],
    [0.01555, 4, `R$${NBSP}0,0156`],
    [15, 4, `R$${NBSP}15,0000`],
  ])('formatBRL(%d, %s) → %j', (amount, decimals, expected) => {
    expect(formatBRL(amount, decimals)).toBe(expected);
  });

  it('puts exactly one no-break space after R$', () => {
    const s = formatBRL(10);
    expect(s.charCodeAt(2)).toBe(0xa0);
    expect(s).not.toContain(' ');
  });

  it.each([[Number.NaN], [Number.POSITIVE_INFINITY]])('%d → ""', (amount) => {
    expect(formatBRL(amount)).toBe('');
  });
});

describe('formatCents', () => {
  it.each<[number | bigint, 0 | 2 | undefined, string]>([
    [123456, undefined, `R$${NBSP}1.234,56`],
    [123456789012, 2, `R$${NBSP}1.234.567.890,12`],
    [9007199254740991, 2, `R$${NBSP}90.071.992.547.409,91`],
    [123456789012345678901234567890n, 2, `R$${NBSP}1.234.567.890.123.456.789.012.345.678,90`],
    [0, 2, `R$${NBSP}0,00`],
    [5, 2, `R$${NBSP}0,05`],
    [99, 2, `R$${NBSP}0,99`],
    [100, 2, `R$${NBSP}1,00`],
    [-100, 2, `-R$${NBSP}1,00`],
    [-5, 2, `-R$${NBSP}0,05`],
    [-123456789012n, 2, `-R$${NBSP}1.234.567.890,12`],
    [123456, 0, `R$${NBSP}1.235`],
    [123449, 0, `R$${NBSP}1.234`],
    [150, 0, `R$${NBSP}2`],
    [-150, 0, `-R$${NBSP}2`],
    [-49, 0, `R$${NBSP}0`], // rounds to zero: no minus sign
    [0n, 0, `R$${NBSP}0`],
  ])('formatCents(%s, %s) → %j', (cents, decimals, expected) => {
    expect(formatCents(cents, decimals)).toBe(expected);
  });

  it('agrees with formatBRL wherever floats are exact', () => {
    for (const cents of [0, 1, 10, 99, 100, 12345, -12345, 100000000]) {
      expect(formatCents(cents)).toBe(formatBRL(cents / 100));
    }
  });

  it('gives "" for non-finite input', () => {
    expect(formatCents(Number.NaN)).toBe('');
  });
});

describe('formatPercent', () => {
  it.each<[number, number | undefined, string]>([
    [12.345, undefined, '12,3%'],
    [12.35, 1, '12,4%'],
    [0, 1, '0,0%'],
    [-0.04, 1, '0,0%'],
    [-5.25, 1, '-5,3%'],
    [100, 0, '100%'],
    [12.345, 2, '12,35%'],
    [1234.5, 1, '1.234,5%'],
  ])('formatPercent(%d, %s) → %j', (value, decimals, expected) => {
    expect(formatPercent(value, decimals)).toBe(expected);
  });

  it('gives "" for NaN', () => {
    expect(formatPercent(Number.NaN)).toBe('');
  });
});

describe('formatNumber', () => {
  it.each<[number | bigint, string]>([
    [1234567, '1.234.567'],
    [1234, '1.234'],
    [999, '999'],
    [0, '0'],
    [-25000, '-25.000'],
    [1234.5, '1.234,5'],
    [12345678901234567890n, '12.345.678.901.234.567.890'],
  ])('%s → %j', (n, expected) => {
    expect(formatNumber(n)).toBe(expected);
  });
});

describe('formatDate', () => {
  it.each<[string | Date | null | undefined, string]>([
    ['2026-03-05', '05/03/2026'], // no shift to the 4th
    ['2026-01-01', '01/01/2026'],
    ['2024-02-29', '29/02/2024'],
    [' 2026-12-31 ', '31/12/2026'],
    [new Date(2026, 2, 5), '05/03/2026'],
    [new Date(2026, 2, 5, 23, 59), '05/03/2026'],
    ['2026-02-31', ''],
    ['2025-02-29', ''],
    ['2026-13-01', ''],
    ['05/03/2026', ''],
    ['not a date', ''],
    ['', ''],
    [null, ''],
    [undefined, ''],
    [new Date(Number.NaN), ''],
  ])('%j → %j', (value, expected) => {
    expect(formatDate(value)).toBe(expected);
  });

  it.runIf(inSaoPaulo).each([
    ['2026-03-05T14:07:00Z', '05/03/2026'],
    ['2026-03-05T02:00:00Z', '04/03/2026'], // 23:00 of the 4th in São Paulo
    ['2026-03-05T02:00:00.123456+00:00', '04/03/2026'],
    ['2026-03-05 02:00:00+00', '04/03/2026'], // PostgreSQL text form
    ['2026-03-05T10:00:00-03:00', '05/03/2026'],
  ])('timestamp %j shows its local date %j', (value, expected) => {
    expect(formatDate(value)).toBe(expected);
  });
});

describe('formatDateTime', () => {
  it.each<[string | Date, string]>([
    [new Date(2026, 2, 5, 14, 7), '05/03/2026 14:07'],
    [new Date(2026, 11, 31, 0, 0, 59), '31/12/2026 00:00'],
    ['2026-03-05', '05/03/2026 00:00'],
    ['garbage', ''],
    ['', ''],
    [new Date(Number.NaN), ''],
  ])('%j → %j', (value, expected) => {
    expect(formatDateTime(value)).toBe(expected);
  });

  it.runIf(inSaoPaulo).each([
    ['2026-03-05T17:07:00Z', '05/03/2026 14:07'],
    ['2026-03-05 17:07:30.5+00', '05/03/2026 14:07'],
    ['2026-01-01T02:30:00Z', '31/12/2025 23:30'],
  ])('timestamp %j → local %j', (value, expected) => {
    expect(formatDateTime(value)).toBe(expected);
  });
});

describe('parseDateBR', () => {
  it.each<[string, string | null]>([
    ['05/03/2026', '2026-03-05'],
    ['5/3/2026', '2026-03-05'],
    [' 31/12/2026 ', '2026-12-31'],
    ['29/02/2024', '2024-02-29'],
    ['29/02/2000', '2000-02-29'],
    ['05.03.2026', '2026-03-05'],
    ['05-03-2026', '2026-03-05'],
    ['31/02/2026', null],
    ['29/02/2025', null],
    ['29/02/1900', null],
    ['31/04/2026', null],
    ['00/03/2026', null],
    ['05/13/2026', null],
    ['05/00/2026', null],
    ['05/03/26', null],
    ['05/03-2026', null],
    ['2026-03-05', null],
    ['', null],
    ['abc', null],
  ])('%j → %j', (input, expected) => {
    expect(parseDateBR(input)).toBe(expected);
  });

  it('round-trips with formatDate', () => {
    for (const iso of ['2026-03-05', '1999-12-31', '2024-02-29']) {
      expect(parseDateBR(formatDate(iso))).toBe(iso);
    }
  });
});

describe('isoDate / todayIso / parseIsoDate / isValidIsoDate', () => {
  it.each<[Date, string]>([
    [new Date(2026, 2, 5), '2026-03-05'],
    [new Date(2026, 2, 5, 23, 59, 59), '2026-03-05'],
    [new Date(2026, 11, 31, 0, 0), '2026-12-31'],
  ])('isoDate(%s) → %j', (date, expected) => {
    expect(isoDate(date)).toBe(expected);
  });

  it('todayIso is the local calendar date', () => {
    const before = isoDate(new Date());
    const today = todayIso();
    const after = isoDate(new Date());
    expect([before, after]).toContain(today);
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it.each<[string, boolean]>([
    ['2026-03-05', true],
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-3-5', false],
    ['2026-03-05T00:00:00Z', false],
  ])('isValidIsoDate(%j) → %s', (s, expected) => {
    expect(isValidIsoDate(s)).toBe(expected);
  });

  it('parseIsoDate gives local midnight, or null', () => {
    const d = parseIsoDate('2026-03-05');
    expect(d && [d.getFullYear(), d.getMonth(), d.getDate(), d.getHours()]).toEqual([2026, 2, 5, 0]);
    expect(parseIsoDate('2026-02-30')).toBeNull();
  });
});

describe('calendar arithmetic on yyyy-MM-dd', () => {
  it.each<[string, string, number | null]>([
    ['2026-03-05', '2026-03-05', 0],
    ['2026-03-05', '2026-04-04', 30],
    ['2026-04-04', '2026-03-05', -30],
    ['2026-02-28', '2026-03-01', 1],
    ['2024-02-28', '2024-03-01', 2],
    ['2025-10-01', '2025-11-30', 60], // across a DST change elsewhere
    ['2025-12-31', '2026-12-31', 365],
    ['2026-02-31', '2026-03-01', null],
  ])('daysBetweenIso(%j, %j) → %s', (from, to, expected) => {
    expect(daysBetweenIso(from, to)).toBe(expected);
  });

  it.each<[string, number, string | null]>([
    ['2026-03-05', 30, '2026-04-04'],
    ['2026-03-05', -5, '2026-02-28'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2026-12-31', 1, '2027-01-01'],
    ['bad', 1, null],
  ])('addDaysIso(%j, %d) → %j', (iso, days, expected) => {
    expect(addDaysIso(iso, days)).toBe(expected);
  });

  it.each<[string, number, string | null]>([
    ['2026-03-05', 12, '2027-03-05'],
    ['2026-03-05', 36, '2029-03-05'],
    ['2026-01-31', 1, '2026-02-28'],
    ['2024-01-31', 1, '2024-02-29'],
    ['2024-02-29', 12, '2025-02-28'],
    ['2026-03-31', -1, '2026-02-28'],
    ['2026-01-15', -1, '2025-12-15'],
    ['2026-02-30', 1, null],
  ])('addMonthsIso(%j, %d) → %j', (iso, months, expected) => {
    expect(addMonthsIso(iso, months)).toBe(expected);
  });
});

describe('maskDateBR and dateFieldValue', () => {
  it.each([
    ['', ''],
    ['1', '1'],
    ['15', '15'],
    ['150', '15/0'],
    ['1503', '15/03'],
    ['15032', '15/03/2'],
    ['15032024', '15/03/2024'],
    ['150320249', '15/03/2024'],
    ['15/03/2024', '15/03/2024'],
    ['ab15-03', '15/03'],
  ])('maskDateBR(%j) = %j', (typed, masked) => expect(maskDateBR(typed)).toBe(masked));

  it.each([
    ['', ''],
    ['  ', ''],
    ['15/03/2024', '2024-03-15'],
    ['31/02/2024', '31/02/2024'],
    ['15/03', '15/03'],
  ])('dateFieldValue(%j) = %j', (typed, value) => expect(dateFieldValue(typed)).toBe(value));
});

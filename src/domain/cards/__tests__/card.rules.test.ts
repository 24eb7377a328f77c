import { describe, expect, it } from 'vitest';
import { cardDueDates, payableStatus, splitInstalments } from '../card.rules';

describe('cardDueDates', () => {
  const card = { closing_day: 5, due_day: 15 };

  it('puts a purchase up to the closing day on this month’s bill, after it on the next', () => {
    expect(cardDueDates(card, '2026-03-05', 1)).toEqual(['2026-03-15']);
    expect(cardDueDates(card, '2026-03-06', 1)).toEqual(['2026-04-15']);
    expect(cardDueDates(card, '2026-03-01', 3)).toEqual(['2026-03-15', '2026-04-15', '2026-05-15']);
  });

  it('dues next month when the due day comes before the closing day', () => {
    const late = { closing_day: 25, due_day: 5 };
    expect(cardDueDates(late, '2026-03-20', 2)).toEqual(['2026-04-05', '2026-05-05']);
    expect(cardDueDates(late, '2026-03-26', 1)).toEqual(['2026-05-05']);
  });

  it('uses the last day of shorter months, February included, across the turn of the year', () => {
    const endOfMonth = { closing_day: 31, due_day: 30 };
    // Closing on 28/02 (2026 is not a leap year): a purchase on 28/02 is on February's bill, due 30/03.
    expect(cardDueDates(endOfMonth, '2026-02-28', 1)).toEqual(['2026-03-30']);
    expect(cardDueDates({ closing_day: 30, due_day: 31 }, '2028-02-29', 2)).toEqual(['2028-02-29', '2028-03-31']);
    expect(cardDueDates({ closing_day: 30, due_day: 31 }, '2026-02-28', 1)).toEqual(['2026-02-28']);
    expect(cardDueDates(card, '2026-12-10', 3)).toEqual(['2027-01-15', '2027-02-15', '2027-03-15']);
    expect(cardDueDates({ closing_day: 28, due_day: 10 }, '2026-12-29', 2)).toEqual(['2027-02-10', '2027-03-10']);
  });

  it('gives 24 bills for 24 instalments, one per month', () => {
    const dates = cardDueDates(card, '2026-01-01', 24);
    expect(dates).toHaveLength(24);
    expect(dates.at(-1)).toBe('2027-12-15');
  });
});

describe('splitInstalments', () => {
  it('adds up to the total to the centavo, the first instalment taking what is left over', () => {
    expect(splitInstalments(100_000, 3)).toEqual([33_334, 33_333, 33_333]);
    expect(splitInstalments(175_000, 10)).toEqual(Array(10).fill(17_500));
    expect(splitInstalments(1, 2)).toEqual([1, 0]);
    for (const [total, n] of [
      [123_457, 7],
      [999_999, 24],
      [50, 24],
      [1_234_567_89, 13],
    ] as const) {
      const parts = splitInstalments(total, n);
      expect(parts).toHaveLength(n);
      expect(parts.reduce((s, p) => s + p, 0)).toBe(total);
      expect(Math.max(...parts) - Math.min(...parts)).toBeLessThan(n);
    }
  });
});

describe('payableStatus', () => {
  it('is paid once paid, overdue once its day has passed, pending until then', () => {
    expect(payableStatus({ due_date: '2026-03-15', paid_on: null }, '2026-03-15')).toBe('pending');
    expect(payableStatus({ due_date: '2026-03-15', paid_on: null }, '2026-03-16')).toBe('overdue');
    expect(payableStatus({ due_date: '2026-03-15', paid_on: '2026-03-20' }, '2026-03-30')).toBe('paid');
  });
});

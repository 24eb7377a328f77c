import { describe, expect, it } from 'vitest';
import {
  cardOptionText,
  cardTotalCents,
  DEFAULT_CARD_INTEREST_PERCENT,
  MAX_CARD_INSTALMENTS,
  paymentOptions,
  splitInstalments,
} from '../payment';

describe('splitInstalments', () => {
  it.each([
    // total, n → instalments (the remainder on the first)
    [100_000, 1, [100_000]],
    [100_000, 4, [25_000, 25_000, 25_000, 25_000]],
    [212_000, 3, [70_668, 70_666, 70_666]],
    [100, 3, [34, 33, 33]],
    [11, 12, [11, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]],
    [0, 5, [0, 0, 0, 0, 0]],
    [240_529, 12, [20_045, 20_044, 20_044, 20_044, 20_044, 20_044, 20_044, 20_044, 20_044, 20_044, 20_044, 20_044]],
  ])('%i in %i', (total, n, expected) => {
    const parts = splitInstalments(total, n);
    expect(parts).toEqual(expected);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
  });

  it('always adds up, the first never smaller, the rest equal', () => {
    for (let total = 0; total < 5_000; total += 7) {
      for (let n = 1; n <= MAX_CARD_INSTALMENTS; n++) {
        const parts = splitInstalments(total, n);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        expect(new Set(parts.slice(1)).size).toBeLessThanOrEqual(1);
        expect(parts[0]! - (parts[1] ?? parts[0]!)).toBeLessThan(n);
        expect(parts[0]!).toBeGreaterThanOrEqual(parts[1] ?? 0);
      }
    }
  });

  it.each([
    [-1, 2],
    [1.5, 2],
    [100, 0],
    [100, 1.5],
  ])('refuses %s in %s', (total, n) => {
    expect(() => splitInstalments(total, n)).toThrow(RangeError);
  });
});

describe('cardTotalCents', () => {
  it.each([
    [212_000, 0, 212_000],
    [212_000, 5.02, 222_642],
    [212_000, '13,40', 240_408],
    // 0,5 centavo rounds away from zero
    [50, 1, 51],
    [49, 1, 49],
    [1, 50, 2],
    [999_999, 13.4, 1_133_999],
  ])('%i with %s %%', (price, percent, total) => {
    expect(cardTotalCents(price, percent)).toBe(total);
  });

  it('refuses a negative percent', () => {
    expect(() => cardTotalCents(100, -1)).toThrow(RangeError);
  });
});

describe('paymentOptions', () => {
  it('PIX at the price and the card from 1× to 12× with the table', () => {
    const options = paymentOptions(212_000, DEFAULT_CARD_INTEREST_PERCENT);
    expect(options.pix).toEqual({ total_cents: 212_000 });
    expect(options.card).toHaveLength(12);
    expect(options.card[0]).toEqual({
      instalments: 1,
      interest_percent: 0,
      total_cents: 212_000,
      first_instalment_cents: 212_000,
      instalment_cents: 212_000,
    });
    expect(options.card[2]).toEqual({
      instalments: 3,
      interest_percent: 0,
      total_cents: 212_000,
      first_instalment_cents: 70_668,
      instalment_cents: 70_666,
    });
    expect(options.card[11]).toEqual({
      instalments: 12,
      interest_percent: 13.4,
      total_cents: 240_408,
      first_instalment_cents: 20_034,
      instalment_cents: 20_034,
    });
    for (const o of options.card) {
      expect(o.first_instalment_cents + o.instalment_cents * (o.instalments - 1)).toBe(o.total_cents);
    }
  });

  it('offers as many instalments as the table has, up to 12', () => {
    expect(paymentOptions(1_000, [0, 2]).card.map((o) => o.instalments)).toEqual([1, 2]);
    expect(
      paymentOptions(
        1_000,
        Array.from({ length: 15 }, () => 0),
      ).card,
    ).toHaveLength(12);
  });
});

describe('cardOptionText', () => {
  const options = paymentOptions(212_000, DEFAULT_CARD_INTEREST_PERCENT).card;
  it.each([
    [0, '1× de R$\u00a02.120,00 sem juros'],
    [1, '2× de R$\u00a01.060,00 sem juros'],
    [2, '3× (1ª de R$\u00a0706,68 e 2× de R$\u00a0706,66) sem juros'],
    [11, '12× de R$\u00a0200,34 (total R$\u00a02.404,08)'],
  ])('option %i', (i, text) => {
    expect(cardOptionText(options[i]!)).toBe(text);
  });
});

import { describe, expect, it } from 'vitest';
import { formatPercent } from '../../format';
import {
  costPerMileFromPerThousand,
  costPerThousandFromPerMile,
  daysToExpiry,
  expiryDisplay,
  isExpiringSoon,
  isLotExpired,
  lotStatusAfterAllocation,
  lotStatusAfterRelease,
  lotTotalCostCents,
  milesCostCents,
  numericToScaled,
  remainingPercent,
  scaledToNumeric,
  shouldMarkExpired,
  utilisationPercent,
} from '../lot.rules';

const TODAY = '2026-03-15';

describe('numericToScaled / scaledToNumeric', () => {
  it.each<[string, bigint]>([
    ['15.5000', 155_000n],
    ['15.5', 155_000n],
    ['15', 150_000n],
    ['15.', 150_000n],
    ['0.0155', 155n],
    ['0.00005', 1n], // half away from zero
    ['0.00004', 0n],
    ['-0.00005', -1n],
    ['+2.25', 22_500n],
    [' 1.0000 ', 10_000n],
    ['9999999999.9999', 99_999_999_999_999n],
  ])('%s → %s', (text, scaled) => {
    expect(numericToScaled(text)).toBe(scaled);
  });

  it.each(['', 'abc', '1,5', '1.2.3', '.5', '1e3', 'NaN'])('throws a TypeError on %j', (text) => {
    expect(() => numericToScaled(text)).toThrow(TypeError);
  });

  it.each<[bigint, number, string]>([
    [155n, 4, '0.0155'],
    [155_000n, 4, '15.5000'],
    [0n, 4, '0.0000'],
    [-155n, 4, '-0.0155'],
    [1234n, 2, '12.34'],
    [7n, 0, '7'],
  ])('%s at %s places → %s', (scaled, scale, text) => {
    expect(scaledToNumeric(scaled, scale)).toBe(text);
  });
});

describe('cost per mile ↔ cost per thousand', () => {
  it.each([
    ['0.0155', '15.5000'],
    ['0.0001', '0.1000'],
    ['1.2345', '1234.5000'],
    ['1000.0000', '1000000.0000'],
    ['0', '0.0000'],
  ])('per mile %s → per thousand %s', (perMile, perThousand) => {
    expect(costPerThousandFromPerMile(perMile)).toBe(perThousand);
  });

  it.each([
    ['15.5000', '0.0155'],
    ['15.5123', '0.0155'],
    ['15.55', '0.0156'], // 0,01555 → half away from zero
    ['15.5499', '0.0155'],
    ['0.05', '0.0001'],
    ['0.0499', '0.0000'],
    ['1000000', '1000.0000'],
  ])('per thousand %s → per mile %s', (perThousand, perMile) => {
    expect(costPerMileFromPerThousand(perThousand)).toBe(perMile);
  });

  it('round-trips every 4-place cost per mile', () => {
    for (const perMile of ['0.0001', '0.0155', '0.0299', '0.1000', '1.0000', '12.3456']) {
      expect(costPerMileFromPerThousand(costPerThousandFromPerMile(perMile))).toBe(perMile);
    }
  });
});

describe('lotTotalCostCents', () => {
  it.each<[number, string, number]>([
    [10_000, '0.0155', 15_500],
    [1, '0.0155', 2], // 1,55 centavo
    [1, '0.0145', 1], // 1,45 centavo
    [3, '0.0050', 2], // 1,5 centavo, half away from zero
    [100_000, '0.0199', 199_000],
    [0, '0.0200', 0],
    [1_000_000_000, '1000.0000', 100_000_000_000_000],
  ])('%s miles at R$ %s → %s centavos', (quantity, costPerMile, cents) => {
    expect(lotTotalCostCents(quantity, costPerMile)).toBe(cents);
  });

  it.each([1.5, -1, Number.NaN])('refuses quantity %s', (quantity) => {
    expect(() => lotTotalCostCents(quantity, '0.0155')).toThrow(TypeError);
  });
});

describe('milesCostCents', () => {
  it.each<[number, string, number]>([
    [1000, '15.5000', 1550],
    [1, '15.5000', 2], // 1,55 centavo
    [333, '15.0000', 500], // 499,5 centavos
    [334, '15.0000', 501],
    [1, '5.0000', 1], // exactly half a centavo
    [1, '4.9999', 0],
    [0, '15.0000', 0],
    [12_345, '0.0000', 0],
  ])('%s miles at CPM %s → %s centavos', (miles, cpm, cents) => {
    expect(milesCostCents(miles, cpm)).toBe(cents);
  });

  it('agrees with lotTotalCostCents through the CPM conversion', () => {
    for (const [q, perMile] of [
      [1, '0.0155'],
      [333, '0.0150'],
      [10_001, '0.0277'],
      [987_654, '0.0189'],
    ] as const) {
      expect(milesCostCents(q, costPerThousandFromPerMile(perMile))).toBe(lotTotalCostCents(q, perMile));
    }
  });
});

describe('daysToExpiry', () => {
  it.each<[string | null, number | null]>([
    ['2026-03-15', 0],
    ['2026-03-16', 1],
    ['2026-03-14', -1],
    ['2026-04-14', 30],
    ['2027-03-15', 365],
    ['2026-11-01', 231],
    [null, null],
    ['2026-02-30', null],
  ])('%s → %s', (expiry, days) => {
    expect(daysToExpiry(expiry, TODAY)).toBe(days);
  });
});

describe('expiryDisplay (spec part 1 §2 "Expiry display")', () => {
  it.each<[string | null, number | undefined, ReturnType<typeof expiryDisplay>]>([
    [null, undefined, { tone: 'none', days: null, text: 'Sem vencimento', show_warning_icon: false }],
    ['2026-03-14', undefined, { tone: 'expired', days: -1, text: 'Expirado há 1 dia', show_warning_icon: false }],
    ['2026-03-13', undefined, { tone: 'expired', days: -2, text: 'Expirado há 2 dias', show_warning_icon: false }],
    [
      '2022-12-01',
      undefined,
      { tone: 'expired', days: -1200, text: 'Expirado há 1.200 dias', show_warning_icon: false },
    ],
    ['2026-03-15', undefined, { tone: 'warning', days: 0, text: '0 dias restantes', show_warning_icon: true }],
    ['2026-03-16', undefined, { tone: 'warning', days: 1, text: '1 dia restante', show_warning_icon: true }],
    ['2026-04-14', undefined, { tone: 'warning', days: 30, text: '30 dias restantes', show_warning_icon: true }],
    ['2026-04-15', undefined, { tone: 'good', days: 31, text: '31 dias', show_warning_icon: false }],
    ['2029-03-14', undefined, { tone: 'good', days: 1095, text: '1.095 dias', show_warning_icon: false }],
    // the agency's own window
    ['2026-04-29', 60, { tone: 'warning', days: 45, text: '45 dias restantes', show_warning_icon: true }],
    ['2026-03-22', 5, { tone: 'good', days: 7, text: '7 dias', show_warning_icon: false }],
    ['2026-03-16', 0, { tone: 'good', days: 1, text: '1 dia', show_warning_icon: false }],
    ['2026-02-30', undefined, { tone: 'none', days: null, text: '', show_warning_icon: false }],
  ])('%s (window %s)', (expiry, window, expected) => {
    expect(expiryDisplay(expiry, TODAY, window)).toEqual(expected);
  });
});

describe('isLotExpired and isExpiringSoon', () => {
  it.each<[string | null, boolean, boolean]>([
    [null, false, false],
    ['2026-03-14', true, false],
    ['2026-03-15', false, true],
    ['2026-04-14', false, true],
    ['2026-04-15', false, false],
  ])('%s → expired %s, expiring %s', (expiry, expired, expiring) => {
    expect(isLotExpired(expiry, TODAY)).toBe(expired);
    expect(isExpiringSoon(expiry, TODAY)).toBe(expiring);
  });

  it('uses the given window', () => {
    expect(isExpiringSoon('2026-05-01', TODAY, 60)).toBe(true);
    expect(isExpiringSoon('2026-05-01', TODAY, 30)).toBe(false);
  });
});

describe('utilisation', () => {
  it.each<[number, number, string, string]>([
    [1000, 250, '75,0%', '25,0%'],
    [1000, 1000, '0,0%', '100,0%'],
    [1000, 0, '100,0%', '0,0%'],
    [3, 1, '66,7%', '33,3%'],
    [3, 2, '33,3%', '66,7%'],
    [0, 0, '0,0%', '0,0%'],
    [100, 150, '0,0%', '100,0%'], // never outside 0–100 even on bad data
    [100, -5, '100,0%', '0,0%'],
  ])('original %s, remaining %s → used %s, remaining %s', (original, remaining, used, left) => {
    expect(formatPercent(utilisationPercent(original, remaining))).toBe(used);
    expect(formatPercent(remainingPercent(original, remaining))).toBe(left);
  });
});

describe('lot status transitions (spec part 1 §4)', () => {
  it.each<[number, string]>([
    [0, 'used'],
    [1, 'available'],
    [50_000, 'available'],
  ])('after allocation, %s left → %s', (remaining, status) => {
    expect(lotStatusAfterAllocation(remaining)).toBe(status);
  });

  it.each([-1, 1.5, Number.NaN])('refuses remaining %s after allocation', (remaining) => {
    expect(() => lotStatusAfterAllocation(remaining)).toThrow(RangeError);
  });

  it.each<[string, string | null, string]>([
    ['used', null, 'available'],
    ['available', '2026-12-31', 'available'],
    ['used', TODAY, 'available'],
    ['used', '2026-03-14', 'expired'],
    ['expired', '2026-12-31', 'expired'],
    ['reserved', null, 'reserved'],
    ['reserved', '2026-03-01', 'expired'],
  ])('after release, %s lot expiring %s → %s', (status, expiry_date, next) => {
    expect(lotStatusAfterRelease({ status, expiry_date }, TODAY)).toBe(next);
  });

  it.each<[string, string | null, boolean]>([
    ['available', '2026-03-14', true],
    ['available', TODAY, false],
    ['available', null, false],
    ['used', '2026-03-14', false],
    ['reserved', '2026-03-14', false],
    ['expired', '2026-03-14', false],
  ])('"Marcar Expirados": %s lot expiring %s → %s', (status, expiry_date, mark) => {
    expect(shouldMarkExpired({ status, expiry_date }, TODAY)).toBe(mark);
  });
});

import { describe, expect, it } from 'vitest';
import { isMarginCritical } from '../alert.rules';

describe('isMarginCritical', () => {
  it.each([
    // margin, revenue, rule, critical
    [999, 10_000, null, true], // 9,99 % < 10 %
    [1_000, 10_000, null, false], // exactly 10 %: not below
    [-1, 0, null, true], // a loss without revenue
    [0, 0, null, false],
    [5_999, 10_000, { min_margin_cents: 6_000, min_margin_percent: '10' }, true], // below R$ 60
    [6_000, 50_000, { min_margin_cents: 6_000, min_margin_percent: '12.5' }, true], // 12 % < 12,5 %
    [6_250, 50_000, { min_margin_cents: 6_000, min_margin_percent: '12.5' }, false], // exactly 12,5 %
    [6_249, 50_000, { min_margin_cents: 0, min_margin_percent: '12.50' }, true],
    [1, 10_000_000_000, { min_margin_cents: 0, min_margin_percent: '0' }, false],
  ] as const)('margin %i of %i under %j → %s', (margin, revenue, rule, critical) => {
    expect(isMarginCritical({ margin_cents: margin, revenue_cents: revenue }, rule)).toBe(critical);
  });
});

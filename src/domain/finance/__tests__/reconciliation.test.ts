import { describe, expect, it } from 'vitest';
import { complianceRate, expectedPostings, missingAmounts, postedAmounts } from '../reconciliation.schema';

const emission = {
  status: 'issued',
  revenue_cents: 100_000,
  fees_cents: 12_000,
  miles_cost_cents: 20_000,
  rav_cents: 3_000,
};

describe('reconciliation figures', () => {
  it('expects an emission its own figures, and nothing of a cancelled or failed one', () => {
    expect(expectedPostings(emission)).toEqual({ revenue: 100_000, fees: 12_000, miles_cost: 20_000, rav: 3_000 });
    for (const status of ['cancelled', 'failed']) {
      expect(expectedPostings({ ...emission, status })).toEqual({ revenue: 0, fees: 0, miles_cost: 0, rav: 0 });
    }
  });

  it('sums postings per category as positive amounts, leaving out the others', () => {
    const posted = postedAmounts([
      { category: 'revenue', amount_cents: 60_000 },
      { category: 'revenue', amount_cents: 40_000 },
      { category: 'fees', amount_cents: -12_000 },
      { category: 'other', amount_cents: -999 },
      { category: 'lot_purchase', amount_cents: -500_000 },
    ]);
    expect(posted).toEqual({ revenue: 100_000, fees: 12_000, miles_cost: 0, rav: 0 });
    expect(missingAmounts(expectedPostings(emission), posted)).toEqual({
      revenue: 0,
      fees: 0,
      miles_cost: 20_000,
      rav: 3_000,
    });
  });

  it('never owes less than nothing when more was posted', () => {
    expect(
      missingAmounts(expectedPostings(emission), { revenue: 200_000, fees: 24_000, miles_cost: 20_000, rav: 3_000 }),
    ).toEqual({ revenue: 0, fees: 0, miles_cost: 0, rav: 0 });
  });

  it('rates compliance as the spec says, to one decimal', () => {
    expect(complianceRate(0, 0)).toBe(100);
    expect(complianceRate(3, 1)).toBe(66.7);
    expect(complianceRate(5, 3)).toBe(40);
  });
});

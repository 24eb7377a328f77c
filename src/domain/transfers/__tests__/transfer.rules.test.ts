import { describe, expect, it } from 'vitest';
import { milesCostCents } from '../../lots/lot.rules';
import {
  cancelledCostDestination,
  costPerThousandOf,
  costPerThousandWithAddedCost,
  splitTransferCost,
  transferQuantities,
} from '../transfer.rules';

describe('transferQuantities', () => {
  it('converts points at the ratio and adds the bonus on the base, whole miles rounded down', () => {
    expect(transferQuantities(100_000, '1.0000', 100)).toEqual({ base_miles: 100_000, bonus_miles: 100_000 });
    expect(transferQuantities(40_000, '0.5000', 80)).toEqual({ base_miles: 20_000, bonus_miles: 16_000 });
    expect(transferQuantities(33_333, '1.0000', 33)).toEqual({ base_miles: 33_333, bonus_miles: 10_999 });
    expect(transferQuantities(3, '0.5000', 0)).toEqual({ base_miles: 1, bonus_miles: 0 });
    expect(transferQuantities(1, '0.5000', 300)).toEqual({ base_miles: 0, bonus_miles: 0 });
    expect(transferQuantities(10_000, '2.5000', 300)).toEqual({ base_miles: 25_000, bonus_miles: 75_000 });
  });
});

describe('splitTransferCost (decision 0029)', () => {
  it('gives base and bonus one cost per thousand, and the two add up to the total to the centavo', () => {
    expect(splitTransferCost(350_000, { base_miles: 100_000, bonus_miles: 100_000 })).toEqual({
      base_cost_cents: 175_000,
      bonus_cost_cents: 175_000,
    });
    expect(splitTransferCost(150_000, { base_miles: 20_000, bonus_miles: 16_000 })).toEqual({
      base_cost_cents: 83_333,
      bonus_cost_cents: 66_667,
    });
    expect(splitTransferCost(1, { base_miles: 1, bonus_miles: 1 })).toEqual({
      base_cost_cents: 1,
      bonus_cost_cents: 0,
    });
    expect(splitTransferCost(99_999, { base_miles: 50_000, bonus_miles: 0 })).toEqual({
      base_cost_cents: 99_999,
      bonus_cost_cents: 0,
    });
    for (const [total, base, bonus] of [
      [123_457, 33_333, 10_999],
      [7, 3, 5],
      [1_000_001, 999_999, 1],
    ] as const) {
      const split = splitTransferCost(total, { base_miles: base, bonus_miles: bonus });
      expect(split.base_cost_cents + split.bonus_cost_cents).toBe(total);
      expect(split.base_cost_cents).toBeGreaterThanOrEqual(0);
      expect(split.bonus_cost_cents).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('costPerThousandOf', () => {
  it('is the cost over the miles credited, at 4 places', () => {
    expect(costPerThousandOf(175_000, 100_000)).toBe('17.5000');
    expect(costPerThousandOf(175_000, 70_000)).toBe('25.0000');
    expect(costPerThousandOf(100, 3)).toBe('333.3333');
    expect(costPerThousandOf(0, 10)).toBe('0.0000');
  });
});

describe('a bonus credited on time, late, partly or never', () => {
  const total = 350_000;
  const split = splitTransferCost(total, { base_miles: 100_000, bonus_miles: 100_000 });

  it('on time or late: both credits keep their share; the account averages half the points’ cost', () => {
    const base = costPerThousandOf(split.base_cost_cents, 100_000);
    const bonus = costPerThousandOf(split.bonus_cost_cents, 100_000);
    expect([base, bonus]).toEqual(['17.5000', '17.5000']);
    expect(milesCostCents(100_000, base) + milesCostCents(100_000, bonus)).toBe(total);
  });

  it('partly: the credit keeps its whole cost over the miles that came', () => {
    expect(costPerThousandOf(split.bonus_cost_cents, 70_000)).toBe('25.0000');
    expect(milesCostCents(70_000, '25.0000') + split.base_cost_cents).toBe(total);
  });

  it('never: the cost goes to the other credit to come, else the miles left of it, else it is a loss', () => {
    expect(cancelledCostDestination([{ id: 'b', status: 'pending', lot_id: null, lot_remaining: null }])).toEqual({
      to: 'credit',
      credit_id: 'b',
    });
    expect(cancelledCostDestination([{ id: 'b', status: 'credited', lot_id: 'l', lot_remaining: 60_000 }])).toEqual({
      to: 'lot',
      lot_id: 'l',
    });
    expect(cancelledCostDestination([{ id: 'b', status: 'credited', lot_id: 'l', lot_remaining: 0 }])).toEqual({
      to: 'loss',
    });
    expect(cancelledCostDestination([{ id: 'b', status: 'cancelled', lot_id: null, lot_remaining: null }])).toEqual({
      to: 'loss',
    });
    expect(cancelledCostDestination([])).toEqual({ to: 'loss' });
    // 60,000 miles left at R$ 17,50 (R$ 1.050) take the bonus's R$ 1.750: R$ 2.800 over them.
    const cpm = costPerThousandWithAddedCost(60_000, '17.5000', split.bonus_cost_cents);
    expect(cpm).toBe('46.6667');
    expect(Math.abs(milesCostCents(60_000, cpm) - 280_000)).toBeLessThanOrEqual(1);
  });
});

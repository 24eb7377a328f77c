import { describe, expect, it } from 'vitest';
import {
  isEligibleLot,
  manualLotOptions,
  NO_LOTS_MESSAGE,
  planAllocation,
  rankLots,
  SHORTAGE_MESSAGE_LOG,
  SHORTAGE_MESSAGE_PT,
  suggestLots,
  type AllocationPolicy,
  type CandidateLot,
} from '../allocation';
import { mulberry32 } from '../../random';
import { ALLOCATION_GOLDEN, GOLDEN_TODAY, lot } from './allocation.golden';

const TODAY = '2026-03-15';

describe('planAllocation golden data', () => {
  it.each(ALLOCATION_GOLDEN)('$name', ({ candidates, miles, policy, expected }) => {
    const before = structuredClone(candidates);
    expect(planAllocation(candidates, miles, { policy, today: GOLDEN_TODAY })).toEqual(expected);
    expect(candidates).toEqual(before); // the planner never mutates its input
  });

  it('every golden case explains itself', () => {
    for (const c of ALLOCATION_GOLDEN) expect(c.why.length).toBeGreaterThan(20);
  });
});

describe('planAllocation arguments', () => {
  const lots = [lot('a', 100, '15.0000', null)];

  it('defaults to the cheapest policy', () => {
    const candidates = [lot('cheap-late', 100, '10.0000', null), lot('dear-soon', 100, '20.0000', '2026-03-20')];
    const plan = planAllocation(candidates, 50, { today: TODAY });
    expect(plan.ok && plan.allocations.map((a) => a.lot_id)).toEqual(['cheap-late']);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1])(
    'refuses %s miles with a TypeError',
    (miles) => {
      expect(() => planAllocation(lots, miles, { today: TODAY })).toThrow(TypeError);
    },
  );

  it.each([
    ['a bad today', lots, { today: '15/03/2026' }],
    ['an unknown policy', lots, { today: TODAY, policy: 'random' as AllocationPolicy }],
    ['a fractional quantity', [lot('a', 1.5, '15.0000', null)], { today: TODAY }],
    ['a cost that is not numeric text', [lot('a', 100, '15,00', null)], { today: TODAY }],
    ['a repeated lot', [lot('a', 100, '15.0000', null), lot('a', 100, '15.0000', null)], { today: TODAY }],
  ])('throws a TypeError on %s', (_what, candidates, options) => {
    expect(() => planAllocation(candidates, 10, options)).toThrow(TypeError);
  });
});

describe('shortage messages', () => {
  it.each([
    [1500, 'Milhas insuficientes: faltam 1.500 milhas.'],
    [2, 'Milhas insuficientes: faltam 2 milhas.'],
    [1, 'Milhas insuficientes: falta 1 milha.'],
    [1_234_567, 'Milhas insuficientes: faltam 1.234.567 milhas.'],
  ])('PT %s', (missing, text) => {
    expect(SHORTAGE_MESSAGE_PT(missing)).toBe(text);
  });

  it('keeps the spec English text for logs', () => {
    expect(SHORTAGE_MESSAGE_LOG(1500)).toBe('Insufficient miles available. Missing: 1500 miles');
  });

  it('no-lots message of the wizard', () => {
    expect(NO_LOTS_MESSAGE(12_000)).toBe('Não há lotes suficientes disponíveis para atender 12.000 milhas.');
  });
});

describe('isEligibleLot', () => {
  it.each<[string, CandidateLot, boolean]>([
    ['available with miles, no expiry', lot('x', 1, '1', null), true],
    ['expiring today', lot('x', 1, '1', TODAY), true],
    ['expired yesterday', lot('x', 1, '1', '2026-03-14'), false],
    ['empty', lot('x', 0, '1', null), false],
    ['negative balance', lot('x', -5, '1', null), false],
    ['reserved', lot('x', 1, '1', null, 'reserved'), false],
    ['used', lot('x', 1, '1', null, 'used'), false],
    ['expired status', lot('x', 1, '1', '2027-01-01', 'expired'), false],
  ])('%s → %s', (_what, candidate, eligible) => {
    expect(isEligibleLot(candidate, TODAY)).toBe(eligible);
  });
});

describe('suggestLots (spec part 2 §9)', () => {
  type Row = CandidateLot & { account: string };
  const row = (id: string, remaining: number, cpm: string, expiry: string | null, status = 'available'): Row => ({
    ...lot(id, remaining, cpm, expiry, status),
    account: 'LATAM 123',
  });

  it('picks the cheapest single lot that covers the need, even over a cheaper combination', () => {
    const candidates = [
      row('cheap-small', 500, '10.0000', null),
      row('dear-big', 2000, '20.0000', null),
      row('dearer-big', 5000, '25.0000', null),
    ];
    const s = suggestLots(candidates, 1000, TODAY);
    expect(s).toEqual({
      kind: 'single',
      lot: candidates[1],
      allocation: { lot_id: 'dear-big', miles: 1000, cost_per_thousand: '20.0000', cost_cents: 2000 },
    });
    // The richer row comes back as given.
    expect(s.kind === 'single' && s.lot.account).toBe('LATAM 123');
  });

  it('among single lots at the same CPM prefers the earliest expiry', () => {
    const candidates = [row('later', 5000, '15.0000', '2026-12-01'), row('sooner', 5000, '15.0000', '2026-05-01')];
    const s = suggestLots(candidates, 1000, TODAY);
    expect(s.kind === 'single' && s.lot.id).toBe('sooner');
  });

  it('combines any number of lots, cheapest first, when no single lot covers', () => {
    const candidates = [
      row('a', 400, '12.0000', null),
      row('b', 400, '14.0000', null),
      row('c', 400, '16.0000', null),
      row('expired', 5000, '1.0000', '2026-03-01'),
    ];
    expect(suggestLots(candidates, 1000, TODAY)).toEqual({
      kind: 'multiple',
      allocations: [
        { lot_id: 'a', miles: 400, cost_per_thousand: '12.0000', cost_cents: 480 },
        { lot_id: 'b', miles: 400, cost_per_thousand: '14.0000', cost_cents: 560 },
        { lot_id: 'c', miles: 200, cost_per_thousand: '16.0000', cost_cents: 320 },
      ],
      // (400 × 12 + 400 × 14 + 200 × 16) ÷ 1000 = 13,60
      weighted_cost_per_thousand: '13.6000',
      total_cost_cents: 1360,
    });
  });

  it('says none with the spec message when the eligible lots fall short', () => {
    const candidates = [row('a', 400, '12.0000', null), row('reserved', 5000, '12.0000', null, 'reserved')];
    expect(suggestLots(candidates, 12_000, TODAY)).toEqual({
      kind: 'none',
      message: 'Não há lotes suficientes disponíveis para atender 12.000 milhas.',
      shortage: { requested: 12_000, available: 400, missing: 11_600 },
    });
  });

  it('refuses a non-positive request like the planner', () => {
    expect(() => suggestLots([], 0, TODAY)).toThrow(TypeError);
    expect(() => manualLotOptions([], -1, TODAY)).toThrow(TypeError);
  });
});

describe('manualLotOptions', () => {
  it('lists eligible lots that cover the need alone, cheapest first', () => {
    const candidates = [
      lot('big-dear', 5000, '20.0000', null),
      lot('small-cheap', 500, '10.0000', null),
      lot('big-cheap', 1000, '15.0000', '2026-09-01'),
      lot('big-expired', 9000, '5.0000', '2026-03-14'),
      lot('big-used', 9000, '5.0000', null, 'used'),
      lot('exact-today', 1000, '15.0000', TODAY),
    ];
    expect(manualLotOptions(candidates, 1000, TODAY).map((l) => l.id)).toEqual([
      'exact-today',
      'big-cheap',
      'big-dear',
    ]);
  });

  it('is empty when no lot covers alone', () => {
    expect(manualLotOptions([lot('a', 10, '1', null)], 11, TODAY)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Property tests: random candidate sets from a seeded generator, so a failure replays exactly.

const SEED = 20260315;
const RUNS = 500;

interface Scenario {
  candidates: CandidateLot[];
  miles: number;
}

function generateScenarios(): Scenario[] {
  const random = mulberry32(SEED);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
  // Few distinct values, so ties on CPM, expiry and quantity are common.
  const cpms = ['0.0000', '12.5', '14.9999', '15.0000', '15.0001', '18.2500', '22.0000', '35.1234'];
  const expiries = [
    null,
    null,
    '2026-03-13',
    '2026-03-14',
    TODAY,
    '2026-03-16',
    '2026-04-30',
    '2026-04-30',
    '2027-01-01',
  ];
  const statuses = ['available', 'available', 'available', 'available', 'reserved', 'used', 'expired'];
  const quantities = () => pick([0, 1, 1, 7, 100, 333, 1000, 1000, 2500, int(1, 60_000)]);

  const scenarios: Scenario[] = [];
  for (let run = 0; run < RUNS; run++) {
    const count = int(0, 14);
    const candidates: CandidateLot[] = [];
    for (let i = 0; i < count; i++) {
      candidates.push({
        id: `lot-${String(int(0, 9999)).padStart(4, '0')}-${i}`,
        remaining_quantity: quantities(),
        cost_per_thousand: pick(cpms),
        expiry_date: pick(expiries),
        status: pick(statuses),
      });
    }
    const eligibleTotal = candidates
      .filter((c) => isEligibleLot(c, TODAY))
      .reduce((s, c) => s + c.remaining_quantity, 0);
    const miles =
      pick([1, eligibleTotal, eligibleTotal + 1, int(1, Math.max(1, eligibleTotal)), int(1, eligibleTotal * 2 + 10)]) ||
      1;
    scenarios.push({ candidates, miles });
  }
  return scenarios;
}

const scenarios = generateScenarios();

// An independent statement of eligibility and of the two orders, as sort keys.
const eligibleByHand = (c: CandidateLot) =>
  c.status === 'available' && c.remaining_quantity > 0 && (c.expiry_date === null || c.expiry_date >= TODAY);
const cpmKey = (c: CandidateLot) => Math.round(Number(c.cost_per_thousand) * 10_000); // every generated CPM has ≤ 4 places
const expiryKey = (c: CandidateLot) => c.expiry_date ?? '9999-99-99';
const sortKey: Record<AllocationPolicy, (c: CandidateLot) => (string | number)[]> = {
  cheapest: (c) => [cpmKey(c), expiryKey(c), -c.remaining_quantity, c.id],
  expiring_first: (c) => [expiryKey(c), cpmKey(c), c.id],
};
function compareKeys(a: (string | number)[], b: (string | number)[]): number {
  for (let i = 0; i < a.length; i++) {
    if (a[i]! < b[i]!) return -1;
    if (a[i]! > b[i]!) return 1;
  }
  return 0;
}
/** Round half up of n ÷ d for n ≥ 0, a second way of writing the rounding. */
const roundDiv = (n: bigint, d: bigint) => (2n * n + d) / (2n * d);
const exactCost = (miles: number, cpm: string) => BigInt(miles) * BigInt(Math.round(Number(cpm) * 10_000));

describe.each<AllocationPolicy>(['cheapest', 'expiring_first'])(
  `planAllocation properties (${RUNS} seeded runs, seed ${SEED}), %s`,
  (policy) => {
    const results = scenarios.map((s) => ({
      ...s,
      plan: planAllocation(s.candidates, s.miles, { policy, today: TODAY }),
    }));

    it('generates both outcomes', () => {
      expect(results.filter((r) => r.plan.ok).length).toBeGreaterThan(100);
      expect(results.filter((r) => !r.plan.ok).length).toBeGreaterThan(50);
    });

    it('never allocates more than a lot has, never uses a lot twice or an ineligible one', () => {
      for (const { candidates, plan } of results) {
        if (!plan.ok) continue;
        const used = new Set<string>();
        for (const a of plan.allocations) {
          const source = candidates.find((c) => c.id === a.lot_id);
          expect(source).toBeDefined();
          expect(eligibleByHand(source!)).toBe(true);
          expect(a.miles).toBeGreaterThan(0);
          expect(Number.isSafeInteger(a.miles)).toBe(true);
          expect(a.miles).toBeLessThanOrEqual(source!.remaining_quantity);
          expect(used.has(a.lot_id)).toBe(false);
          used.add(a.lot_id);
        }
      }
    });

    it('allocates exactly the request, or nothing with missing = requested − eligible total', () => {
      for (const { candidates, miles, plan } of results) {
        const eligibleTotal = candidates.filter(eligibleByHand).reduce((s, c) => s + c.remaining_quantity, 0);
        if (plan.ok) {
          expect(plan.allocations.reduce((s, a) => s + a.miles, 0)).toBe(miles);
          expect(plan.total_miles).toBe(miles);
          expect(eligibleTotal).toBeGreaterThanOrEqual(miles);
        } else {
          expect(plan).toEqual({
            ok: false,
            shortage: { requested: miles, available: eligibleTotal, missing: miles - eligibleTotal },
          });
          expect(plan.shortage.missing).toBeGreaterThan(0);
        }
      }
    });

    it('follows the policy order: a prefix of the ranked lots, all but the last emptied', () => {
      for (const { candidates, plan } of results) {
        const ranked = candidates
          .filter(eligibleByHand)
          .sort((a, b) => compareKeys(sortKey[policy](a), sortKey[policy](b)));
        expect(rankLots(candidates, TODAY, policy).map((c) => c.id)).toEqual(ranked.map((c) => c.id));
        if (!plan.ok) continue;
        expect(plan.allocations.map((a) => a.lot_id)).toEqual(
          ranked.slice(0, plan.allocations.length).map((c) => c.id),
        );
        plan.allocations.slice(0, -1).forEach((a, i) => expect(a.miles).toBe(ranked[i]!.remaining_quantity));
      }
    });

    it('costs each part exactly and totals the parts', () => {
      for (const { plan } of results) {
        if (!plan.ok) continue;
        for (const a of plan.allocations) {
          expect(a.cost_per_thousand).toMatch(/^\d+\.\d{4}$/);
          expect(BigInt(a.cost_cents)).toBe(roundDiv(exactCost(a.miles, a.cost_per_thousand), 100_000n));
        }
        expect(plan.total_cost_cents).toBe(plan.allocations.reduce((s, a) => s + a.cost_cents, 0));
        const weighted = roundDiv(
          plan.allocations.reduce((s, a) => s + exactCost(a.miles, a.cost_per_thousand), 0n),
          BigInt(plan.total_miles),
        );
        expect(Math.round(Number(plan.weighted_cost_per_thousand) * 10_000)).toBe(Number(weighted));
      }
    });
  },
);

describe(`cheapest is never dearer than expiring_first (${RUNS} seeded runs)`, () => {
  it('on the exact cost before rounding', () => {
    for (const { candidates, miles } of scenarios) {
      const cheap = planAllocation(candidates, miles, { policy: 'cheapest', today: TODAY });
      const expiring = planAllocation(candidates, miles, { policy: 'expiring_first', today: TODAY });
      expect(cheap.ok).toBe(expiring.ok);
      if (!cheap.ok || !expiring.ok) continue;
      const exact = (p: typeof cheap) =>
        p.allocations.reduce((s, a) => s + exactCost(a.miles, a.cost_per_thousand), 0n);
      expect(exact(cheap) <= exact(expiring)).toBe(true);
    }
  });
});

describe(`suggestLots properties (${RUNS} seeded runs)`, () => {
  it('single when one lot covers (the first such in cheapest order), multiple otherwise, none on shortage', () => {
    for (const { candidates, miles } of scenarios) {
      const s = suggestLots(candidates, miles, TODAY);
      const ranked = rankLots(candidates, TODAY, 'cheapest');
      const covering = ranked.filter((c) => c.remaining_quantity >= miles);
      const plan = planAllocation(candidates, miles, { policy: 'cheapest', today: TODAY });
      expect(manualLotOptions(candidates, miles, TODAY)).toEqual(covering);
      if (covering.length > 0) {
        expect(s.kind).toBe('single');
        if (s.kind === 'single') {
          expect(s.lot).toBe(covering[0]);
          expect(s.allocation.miles).toBe(miles);
        }
      } else if (plan.ok) {
        expect(s).toEqual({
          kind: 'multiple',
          allocations: plan.allocations,
          weighted_cost_per_thousand: plan.weighted_cost_per_thousand,
          total_cost_cents: plan.total_cost_cents,
        });
        expect(plan.allocations.length).toBeGreaterThan(1);
      } else {
        expect(s.kind).toBe('none');
      }
    }
  });
});

// Golden data for planAllocation (STYLE.md habit 5). Every expected plan below was worked out by
// hand from the rules in allocation.ts, not produced by running the code; the arithmetic is in
// each "why" so a reviewer can check it. Today is 2026-03-15 in every case.
//
// cost_cents = miles × CPM ÷ 1000 in centavos, rounded half away from zero per allocation;
// total_cost_cents is the sum of those parts.

import type { AllocationPlan, AllocationPolicy, CandidateLot } from '../allocation';

export const GOLDEN_TODAY = '2026-03-15';

export interface AllocationGoldenCase {
  name: string;
  why: string;
  policy: AllocationPolicy;
  miles: number;
  candidates: CandidateLot[];
  expected: AllocationPlan;
}

/** A candidate lot, as the cases (and the other allocation tests) write them. */
export const lot = (
  id: string,
  remaining_quantity: number,
  cost_per_thousand: string,
  expiry_date: string | null,
  status = 'available',
): CandidateLot => ({ id, remaining_quantity, cost_per_thousand, expiry_date, status });

export const ALLOCATION_GOLDEN: AllocationGoldenCase[] = [
  {
    name: 'exact fit with one lot',
    why: 'One lot holds exactly the request: 10 000 × R$ 15,50 ÷ 1000 = R$ 155,00.',
    policy: 'cheapest',
    miles: 10_000,
    candidates: [lot('one', 10_000, '15.5000', '2026-12-31')],
    expected: {
      ok: true,
      allocations: [{ lot_id: 'one', miles: 10_000, cost_per_thousand: '15.5000', cost_cents: 15_500 }],
      total_miles: 10_000,
      total_cost_cents: 15_500,
      weighted_cost_per_thousand: '15.5000',
    },
  },
  {
    name: 'exact fit across several lots',
    why:
      'Cheapest first, each lot emptied before the next: 3000 @ 14 = 42,00; 5000 @ 15 = 75,00; ' +
      '2000 @ 16 = 32,00. Weighted CPM (42 000 + 75 000 + 32 000) ÷ 10 000 = 14,90.',
    policy: 'cheapest',
    miles: 10_000,
    candidates: [
      lot('c16', 2000, '16.0000', '2026-06-30'),
      lot('a14', 3000, '14.0000', '2026-12-31'),
      lot('b15', 5000, '15.0000', null),
    ],
    expected: {
      ok: true,
      allocations: [
        { lot_id: 'a14', miles: 3000, cost_per_thousand: '14.0000', cost_cents: 4200 },
        { lot_id: 'b15', miles: 5000, cost_per_thousand: '15.0000', cost_cents: 7500 },
        { lot_id: 'c16', miles: 2000, cost_per_thousand: '16.0000', cost_cents: 3200 },
      ],
      total_miles: 10_000,
      total_cost_cents: 14_900,
      weighted_cost_per_thousand: '14.9000',
    },
  },
  {
    name: 'many small lots',
    why:
      'Any number of lots may feed one emission (not only one or two). Twelve identical lots of 100 ' +
      'miles at R$ 20, given out of order: the id decides, so small-01…small-10 are emptied and ' +
      'small-11 gives 50. Each 100 × 20 ÷ 1000 = R$ 2,00; 50 → R$ 1,00; total R$ 21,00.',
    policy: 'cheapest',
    miles: 1050,
    candidates: ['07', '12', '03', '10', '01', '09', '05', '11', '02', '08', '04', '06'].map((n) =>
      lot(`small-${n}`, 100, '20.0000', '2026-08-31'),
    ),
    expected: {
      ok: true,
      allocations: [
        ...['01', '02', '03', '04', '05', '06', '07', '08', '09', '10'].map((n) => ({
          lot_id: `small-${n}`,
          miles: 100,
          cost_per_thousand: '20.0000',
          cost_cents: 200,
        })),
        { lot_id: 'small-11', miles: 50, cost_per_thousand: '20.0000', cost_cents: 100 },
      ],
      total_miles: 1050,
      total_cost_cents: 2100,
      weighted_cost_per_thousand: '20.0000',
    },
  },
  {
    name: 'ties on CPM broken by expiry, then quantity, then id',
    why:
      'tie-f is cheapest by 0,0001 so comes first despite no expiry. Among the R$ 15 lots: tie-b ' +
      'expires first (31/05); tie-c and tie-d (30/06, 3000) beat tie-a (30/06, 1000) on miles and ' +
      'tie-c beats tie-d on id; tie-e (no expiry) would be last. Costs: 10 × 14,9999 ÷ 1000 = ' +
      '0,149999 → 15 centavos; 1000 → 1500; 3000 → 4500 twice; 490 → 735. Weighted: ' +
      '(10 × 14,9999 + 7490 × 15) ÷ 7500 = 14,99999987 → 15,0000.',
    policy: 'cheapest',
    miles: 7500,
    candidates: [
      lot('tie-a', 1000, '15.0000', '2026-06-30'),
      lot('tie-b', 1000, '15.0000', '2026-05-31'),
      lot('tie-c', 3000, '15.0000', '2026-06-30'),
      lot('tie-d', 3000, '15.0000', '2026-06-30'),
      lot('tie-e', 9000, '15.0000', null),
      lot('tie-f', 10, '14.9999', null),
    ],
    expected: {
      ok: true,
      allocations: [
        { lot_id: 'tie-f', miles: 10, cost_per_thousand: '14.9999', cost_cents: 15 },
        { lot_id: 'tie-b', miles: 1000, cost_per_thousand: '15.0000', cost_cents: 1500 },
        { lot_id: 'tie-c', miles: 3000, cost_per_thousand: '15.0000', cost_cents: 4500 },
        { lot_id: 'tie-d', miles: 3000, cost_per_thousand: '15.0000', cost_cents: 4500 },
        { lot_id: 'tie-a', miles: 490, cost_per_thousand: '15.0000', cost_cents: 735 },
      ],
      total_miles: 7500,
      total_cost_cents: 11_250,
      weighted_cost_per_thousand: '15.0000',
    },
  },
  {
    name: 'expired, empty and non-available lots are skipped',
    why:
      'The cheap lots are all ineligible: expired by date yesterday (still marked available), ' +
      'empty, reserved, marked expired, marked used (with miles left, so the status alone ' +
      'excludes it). Only ok-18 and ok-19 feed: 3000 @ 18 = 54,00; 1000 @ 19 = 19,00. Weighted ' +
      '(54 000 + 19 000) ÷ 4000 = 18,25.',
    policy: 'cheapest',
    miles: 4000,
    candidates: [
      lot('expired-by-date', 5000, '10.0000', '2026-03-14'),
      lot('empty', 0, '11.0000', '2026-12-31'),
      lot('reserved', 5000, '12.0000', '2026-12-31', 'reserved'),
      lot('marked-expired', 5000, '12.5000', null, 'expired'),
      lot('marked-used', 500, '13.0000', null, 'used'),
      lot('ok-19', 3000, '19.0000', null),
      lot('ok-18', 3000, '18.0000', '2026-09-30'),
    ],
    expected: {
      ok: true,
      allocations: [
        { lot_id: 'ok-18', miles: 3000, cost_per_thousand: '18.0000', cost_cents: 5400 },
        { lot_id: 'ok-19', miles: 1000, cost_per_thousand: '19.0000', cost_cents: 1900 },
      ],
      total_miles: 4000,
      total_cost_cents: 7300,
      weighted_cost_per_thousand: '18.2500',
    },
  },
  {
    name: 'a lot expiring today is still usable',
    why:
      'A lot expires at the end of its expiry day, the same rule as "Marcar Expirados" ' +
      '(expiry_date < today). today-16 gives all 2000 (R$ 32,00), later-17 gives 500 (R$ 8,50). ' +
      'Weighted (32 000 + 8500) ÷ 2500 = 16,20.',
    policy: 'cheapest',
    miles: 2500,
    candidates: [lot('later-17', 2000, '17.0000', '2026-04-01'), lot('today-16', 2000, '16.0000', GOLDEN_TODAY)],
    expected: {
      ok: true,
      allocations: [
        { lot_id: 'today-16', miles: 2000, cost_per_thousand: '16.0000', cost_cents: 3200 },
        { lot_id: 'later-17', miles: 500, cost_per_thousand: '17.0000', cost_cents: 850 },
      ],
      total_miles: 2500,
      total_cost_cents: 4050,
      weighted_cost_per_thousand: '16.2000',
    },
  },
  {
    name: 'shortage reports the missing amount and allocates nothing',
    why:
      'Eligible miles are 1000 + 500 = 1500; the 10 000 of the lot that expired yesterday do not ' +
      'count. 2000 requested → missing 500, and no partial plan.',
    policy: 'cheapest',
    miles: 2000,
    candidates: [
      lot('s1', 1000, '15.0000', '2026-12-31'),
      lot('s2', 500, '16.0000', null),
      lot('s-expired', 10_000, '9.0000', '2026-03-14'),
    ],
    expected: { ok: false, shortage: { requested: 2000, available: 1500, missing: 500 } },
  },
  {
    name: 'shortage with no eligible lot at all',
    why: 'No candidates: everything requested is missing.',
    policy: 'expiring_first',
    miles: 1,
    candidates: [],
    expected: { ok: false, shortage: { requested: 1, available: 0, missing: 1 } },
  },
  {
    name: 'expiring_first consumes by earliest expiry, then CPM',
    why:
      'Order: exp-c and exp-b both expire 10/04 and exp-c is cheaper (18 < 20), then exp-d ' +
      '(01/07), then exp-a (no expiry) though it is the cheapest. 1000 @ 18 = 18,00; 1000 @ 20 = ' +
      '20,00; 2000 @ 15 = 30,00; 500 @ 12 = 6,00. Weighted 74 000 ÷ 4500 = 16,4444….',
    policy: 'expiring_first',
    miles: 4500,
    candidates: [
      lot('exp-a', 5000, '12.0000', null),
      lot('exp-b', 1000, '20.0000', '2026-04-10'),
      lot('exp-c', 1000, '18.0000', '2026-04-10'),
      lot('exp-d', 2000, '15.0000', '2026-07-01'),
    ],
    expected: {
      ok: true,
      allocations: [
        { lot_id: 'exp-c', miles: 1000, cost_per_thousand: '18.0000', cost_cents: 1800 },
        { lot_id: 'exp-b', miles: 1000, cost_per_thousand: '20.0000', cost_cents: 2000 },
        { lot_id: 'exp-d', miles: 2000, cost_per_thousand: '15.0000', cost_cents: 3000 },
        { lot_id: 'exp-a', miles: 500, cost_per_thousand: '12.0000', cost_cents: 600 },
      ],
      total_miles: 4500,
      total_cost_cents: 7400,
      weighted_cost_per_thousand: '16.4444',
    },
  },
  {
    name: 'the same lots under cheapest',
    why: 'For contrast with the case above: exp-a alone covers 4500 at R$ 12 = R$ 54,00.',
    policy: 'cheapest',
    miles: 4500,
    candidates: [
      lot('exp-a', 5000, '12.0000', null),
      lot('exp-b', 1000, '20.0000', '2026-04-10'),
      lot('exp-c', 1000, '18.0000', '2026-04-10'),
      lot('exp-d', 2000, '15.0000', '2026-07-01'),
    ],
    expected: {
      ok: true,
      allocations: [{ lot_id: 'exp-a', miles: 4500, cost_per_thousand: '12.0000', cost_cents: 5400 }],
      total_miles: 4500,
      total_cost_cents: 5400,
      weighted_cost_per_thousand: '12.0000',
    },
  },
  {
    name: 'cost_cents rounded per allocation, total is the sum of the parts',
    why:
      'Three R$ 15 lots of 334, 333 and 333 miles (more miles first, then id). 334 × 15 ÷ 1000 = ' +
      '5,01 → 501; 333 × 15 ÷ 1000 = 4,995 → half away from zero → 500, twice. Total 1501 ' +
      'centavos, one more than rounding 1000 × 15 ÷ 1000 once (1500): each stored part is exact to ' +
      'the centavo and the emission cost is their sum.',
    policy: 'cheapest',
    miles: 1000,
    candidates: [
      lot('round-b', 333, '15.0000', '2026-10-31'),
      lot('round-a', 333, '15.0000', '2026-10-31'),
      lot('round-c', 334, '15.0000', '2026-10-31'),
    ],
    expected: {
      ok: true,
      allocations: [
        { lot_id: 'round-c', miles: 334, cost_per_thousand: '15.0000', cost_cents: 501 },
        { lot_id: 'round-a', miles: 333, cost_per_thousand: '15.0000', cost_cents: 500 },
        { lot_id: 'round-b', miles: 333, cost_per_thousand: '15.0000', cost_cents: 500 },
      ],
      total_miles: 1000,
      total_cost_cents: 1501,
      weighted_cost_per_thousand: '15.0000',
    },
  },
  {
    name: 'half a centavo rounds away from zero; CPM text normalised to 4 places',
    why:
      'half-5: 1 × 5 ÷ 1000 = R$ 0,005 = 0,5 centavo → 1. below-half: 1 × 4,9999 ÷ 1000 = 0,49999 ' +
      'centavo → 0. The numeric text "4.9999" and "5" come back as "4.9999" and "5.0000". ' +
      'Weighted (4,9999 + 5) ÷ 2 = 4,99995 → 5,0000.',
    policy: 'cheapest',
    miles: 2,
    candidates: [lot('half-5', 1, '5', null), lot('below-half', 1, '4.9999', null)],
    expected: {
      ok: true,
      allocations: [
        { lot_id: 'below-half', miles: 1, cost_per_thousand: '4.9999', cost_cents: 0 },
        { lot_id: 'half-5', miles: 1, cost_per_thousand: '5.0000', cost_cents: 1 },
      ],
      total_miles: 2,
      total_cost_cents: 1,
      weighted_cost_per_thousand: '5.0000',
    },
  },
];

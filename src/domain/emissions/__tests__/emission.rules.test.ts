import { describe, expect, it } from 'vitest';
import { suggestLots } from '../../lots/allocation';
import { lot } from '../../lots/__tests__/allocation.golden';
import { EMISSION_STATUSES, type EmissionStatus } from '../emission.schema';
import {
  availableActions,
  computeEmissionFinancials,
  EMISSION_ACTION_DEFINITIONS,
  EMISSION_ACTIONS,
  expiresWithinDays,
  formatHours,
  isBelowRecommendedMargin,
  isHighCpm,
  isNegativeMargin,
  isSlaExceeded,
  lotOptionFlags,
  marginAlertMessage,
  marginPercent,
  planTransition,
  slaHours,
  slaStats,
  suggestionLotIds,
  suggestionMilesCostCents,
  transitionError,
  validateLotChoice,
  type SlaPair,
} from '../emission.rules';

const TODAY = '2026-03-15';

describe('computeEmissionFinancials', () => {
  it.each([
    // revenue, fees, miles cost, rav → total cost, margin, margin %
    ['a usual sale', 250_000, 30_000, 150_000, 5_000, 185_000, 65_000, 26],
    ['nothing at all', 0, 0, 0, 0, 0, 0, 0],
    ['costs without revenue: % is 0', 0, 1_000, 0, 0, 1_000, -1_000, 0],
    ['two thirds', 300, 100, 0, 0, 100, 200, 66.67],
    ['a loss', 300, 400, 0, 0, 400, -100, -33.33],
    ['all margin', 10, 0, 0, 0, 0, 10, 100],
    ['0.125 % rounds half away from zero', 800, 799, 0, 0, 799, 1, 0.13],
    ['-0.125 % rounds half away from zero', 800, 801, 0, 0, 801, -1, -0.13],
    ['0,10 + 0,20 is exact', 100, 10, 20, 0, 30, 70, 70],
    ['break-even', 185_000, 30_000, 150_000, 5_000, 185_000, 0, 0],
    ['1 centavo of margin on R$ 1 million', 100_000_000, 99_999_999, 0, 0, 99_999_999, 1, 0],
  ])('%s', (_what, revenue_cents, fees_cents, miles_cost_cents, rav_cents, total, margin, percent) => {
    expect(computeEmissionFinancials({ revenue_cents, fees_cents, miles_cost_cents, rav_cents })).toEqual({
      total_cost_cents: total,
      margin_cents: margin,
      margin_percent: percent,
    });
  });

  it.each([-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1])('refuses %s centavos', (bad) => {
    expect(() =>
      computeEmissionFinancials({ revenue_cents: bad, fees_cents: 0, miles_cost_cents: 0, rav_cents: 0 }),
    ).toThrow(RangeError);
    expect(() =>
      computeEmissionFinancials({ revenue_cents: 0, fees_cents: 0, miles_cost_cents: bad, rav_cents: 0 }),
    ).toThrow(RangeError);
  });

  it('never gives -0', () => {
    expect(Object.is(marginPercent(0, 100), 0)).toBe(true);
    expect(Object.is(marginPercent(-1, 1_000_000), 0)).toBe(true);
  });
});

describe('margin warnings', () => {
  it.each([
    [8.5, 'Margem estimada (8,5%) está abaixo do mínimo recomendado (10%).'],
    [9.96, 'Margem estimada (9,9%) está abaixo do mínimo recomendado (10%).'],
    [9.99, 'Margem estimada (9,9%) está abaixo do mínimo recomendado (10%).'],
    [8.2, 'Margem estimada (8,2%) está abaixo do mínimo recomendado (10%).'],
    [0, 'Margem estimada (0,0%) está abaixo do mínimo recomendado (10%).'],
    [-12.34, 'Margem estimada (-12,4%) está abaixo do mínimo recomendado (10%).'],
  ])('%s %%', (percent, message) => {
    expect(marginAlertMessage(percent)).toBe(message);
  });

  it('takes a program rule minimum', () => {
    expect(marginAlertMessage(12.5, 15)).toBe('Margem estimada (12,5%) está abaixo do mínimo recomendado (15%).');
  });

  it.each([
    [9.99, true],
    [10, false],
    [10.01, false],
    [-5, true],
    [0, true],
  ])('%s %% below the minimum: %s', (percent, below) => {
    expect(isBelowRecommendedMargin(percent)).toBe(below);
  });

  it.each([
    [-1, true],
    [0, false],
    [1, false],
  ])('margin %d centavos negative: %s', (margin, negative) => {
    expect(isNegativeMargin(margin)).toBe(negative);
  });
});

describe('status machine', () => {
  const allowed: Record<EmissionStatus, EmissionStatus[]> = {
    pending: ['processing', 'cancelled'],
    processing: ['issued', 'failed', 'cancelled'],
    issued: ['cancelled'],
    failed: ['processing', 'cancelled'],
    cancelled: [],
  };
  const pairs = EMISSION_STATUSES.flatMap((from) =>
    EMISSION_STATUSES.map((to) => [from, to, allowed[from].includes(to)] as const),
  );

  it.each(pairs)('%s → %s: %s', (from, to, ok) => {
    const moves = EMISSION_ACTIONS.filter((a) => {
      const plan = planTransition(from, a);
      return plan.ok && plan.to === to;
    });
    expect(moves.length > 0).toBe(ok);
  });

  it('offers nothing for an unknown status', () => {
    expect(availableActions('confirmed')).toEqual([]);
  });

  it('names each action in its own definition', () => {
    for (const a of EMISSION_ACTIONS) expect(EMISSION_ACTION_DEFINITIONS[a].action).toBe(a);
  });

  it.each([
    ['issue', 'issued', 'issued_at', 'Marcar como emitida', false],
    ['fail', 'failed', 'failed_at', 'Marcar falha', true],
    ['submit', 'processing', 'submitted_at', 'Enviar para emissão', false],
    ['retry', 'processing', 'submitted_at', 'Reenviar', false],
    ['cancel', 'cancelled', 'cancelled_at', 'Cancelar emissão', true],
  ] as const)('%s → %s sets %s, button %s', (action, to, field, label, destructive) => {
    const def = EMISSION_ACTION_DEFINITIONS[action];
    expect(def).toMatchObject({ to, timestamp_field: field, label, destructive });
    expect(def.confirm.title.endsWith('?')).toBe(true);
    expect(def.confirm.description.length).toBeGreaterThan(20);
    expect(def.confirm.dismiss_label).toBe('Voltar');
  });

  it('cancelling says the miles go back', () => {
    expect(EMISSION_ACTION_DEFINITIONS.cancel.confirm.description).toContain(
      'As milhas voltam para os lotes de origem',
    );
  });

  it.each([
    ['pending', ['submit', 'cancel']],
    ['processing', ['issue', 'fail', 'cancel']],
    ['issued', ['cancel']],
    ['failed', ['retry', 'cancel']],
    ['cancelled', []],
  ] as const)('%s offers %j', (status, actions) => {
    expect(availableActions(status)).toEqual(actions);
  });

  it.each([
    ['processing', 'issue', { ok: true, from: 'processing', to: 'issued', timestamp_field: 'issued_at' }],
    ['processing', 'fail', { ok: true, from: 'processing', to: 'failed', timestamp_field: 'failed_at' }],
    ['failed', 'retry', { ok: true, from: 'failed', to: 'processing', timestamp_field: 'submitted_at' }],
    ['pending', 'submit', { ok: true, from: 'pending', to: 'processing', timestamp_field: 'submitted_at' }],
    ['issued', 'cancel', { ok: true, from: 'issued', to: 'cancelled', timestamp_field: 'cancelled_at' }],
    ['failed', 'cancel', { ok: true, from: 'failed', to: 'cancelled', timestamp_field: 'cancelled_at' }],
    [
      'cancelled',
      'issue',
      { ok: false, message: 'Não é possível marcar como emitida uma emissão com status Cancelada.' },
    ],
    ['cancelled', 'cancel', { ok: false, message: 'Não é possível cancelar uma emissão com status Cancelada.' }],
    ['issued', 'fail', { ok: false, message: 'Não é possível marcar falha em uma emissão com status Emitida.' }],
    ['issued', 'retry', { ok: false, message: 'Não é possível reenviar uma emissão com status Emitida.' }],
    ['processing', 'retry', { ok: false, message: 'Não é possível reenviar uma emissão com status Processando.' }],
    ['pending', 'retry', { ok: false, message: 'Não é possível reenviar uma emissão com status Pendente.' }],
    ['failed', 'issue', { ok: false, message: 'Não é possível marcar como emitida uma emissão com status Falhou.' }],
    ['pending', 'issue', { ok: false, message: 'Não é possível marcar como emitida uma emissão com status Pendente.' }],
    ['confirmed', 'cancel', { ok: false, message: 'Não é possível cancelar uma emissão com status confirmed.' }],
  ] as const)('%s + %s', (from, action, plan) => {
    expect(planTransition(from, action)).toEqual(plan);
  });

  it.each([
    ['cancelled', 'pending', 'Não é possível tornar pendente uma emissão com status Cancelada.'],
    ['issued', 'processing', 'Não é possível reenviar uma emissão com status Emitida.'],
    ['issued', 'archived', 'Não é possível alterar uma emissão com status Emitida.'],
  ])('transitionError(%s, %s)', (from, to, message) => {
    expect(transitionError(from, to)).toBe(message);
  });
});

describe('lot hints', () => {
  it.each([
    ['16.0000', '15.0000', true],
    ['15.0000', '15', false],
    ['15.0001', '15', true],
    ['14.9999', '15.0000', false],
    ['30.0000', null, false],
    ['30.0000', undefined, false],
    ['30.0000', '', false],
  ])('cpm %s over cap %j: %s', (cpm, cap, high) => {
    expect(isHighCpm(cpm, cap)).toBe(high);
  });

  it.each([
    [null, false],
    ['2026-03-14', false], // expired yesterday
    ['2026-03-15', true], // 0 days: still usable today
    ['2026-05-13', true], // 59 days
    ['2026-05-14', false], // 60 days: not "under 60"
    ['2027-01-01', false],
  ])('expiry %j within 60 days: %s', (expiry, within) => {
    expect(expiresWithinDays(expiry, TODAY)).toBe(within);
  });

  it('takes another window', () => {
    expect(expiresWithinDays('2026-03-25', TODAY, 10)).toBe(false);
    expect(expiresWithinDays('2026-03-24', TODAY, 10)).toBe(true);
  });

  it('flags a row', () => {
    expect(lotOptionFlags(lot('a', 100, '16.0000', '2026-04-14'), TODAY, '15.0000')).toEqual({
      high_cpm: true,
      expiring_soon: true,
      days_to_expiry: 30,
    });
    expect(lotOptionFlags(lot('a', 100, '14.0000', null), TODAY, null)).toEqual({
      high_cpm: false,
      expiring_soon: false,
      days_to_expiry: null,
    });
  });

  it('reads a suggestion', () => {
    const lots = [
      lot('a', 5_000, '14.0000', null),
      lot('b', 20_000, '16.0000', null),
      lot('c', 4_000, '12.0000', null),
    ];
    const single = suggestLots(lots, 10_000, TODAY);
    expect(suggestionLotIds(single)).toEqual(['b']);
    expect(suggestionMilesCostCents(single)).toBe(16_000);

    const multiple = suggestLots(
      lots.filter((l) => l.id !== 'b'),
      8_000,
      TODAY,
    );
    expect(suggestionLotIds(multiple)).toEqual(['c', 'a']);
    expect(suggestionMilesCostCents(multiple)).toBe(4_800 + 5_600);

    const none = suggestLots(lots, 100_000, TODAY);
    expect(suggestionLotIds(none)).toEqual([]);
    expect(suggestionMilesCostCents(none)).toBeNull();
  });

  describe('validateLotChoice', () => {
    const lots = [
      lot('cheap', 5_000, '12.0000', '2027-01-01'),
      lot('dear-soon', 10_000, '18.0000', '2026-04-01'),
      lot('mid', 10_000, '15.0000', null),
      lot('expired', 50_000, '10.0000', '2026-03-14'),
      lot('reserved', 50_000, '10.0000', null, 'reserved'),
    ];

    it('plans automatically by the cheapest policy', () => {
      const choice = validateLotChoice(lots, 12_000, { lot_ids: [], today: TODAY });
      expect(choice.ok && choice.plan.allocations.map((a) => [a.lot_id, a.miles])).toEqual([
        ['cheap', 5_000],
        ['mid', 7_000],
      ]);
    });

    it('plans automatically by the agency policy', () => {
      const choice = validateLotChoice(lots, 12_000, { lot_ids: [], today: TODAY, policy: 'expiring_first' });
      expect(choice.ok && choice.plan.allocations.map((a) => [a.lot_id, a.miles])).toEqual([
        ['dear-soon', 10_000],
        ['cheap', 2_000],
      ]);
    });

    it('refuses when the account cannot cover the miles', () => {
      expect(validateLotChoice(lots, 25_001, { lot_ids: [], today: TODAY })).toEqual({
        ok: false,
        reason: 'insufficient',
        message: 'Nenhum lote disponível com milhas suficientes',
        shortage: { requested: 25_001, available: 25_000, missing: 1 },
      });
    });

    it('uses only the chosen lots, cheapest first, whatever their case', () => {
      const choice = validateLotChoice(lots, 12_000, { lot_ids: ['DEAR-SOON', 'mid'], today: TODAY });
      expect(choice.ok && choice.plan.allocations.map((a) => [a.lot_id, a.miles])).toEqual([
        ['mid', 10_000],
        ['dear-soon', 2_000],
      ]);
      expect(choice.ok && choice.plan.total_cost_cents).toBe(15_000 + 3_600);
    });

    it('leaves a chosen lot that is not needed alone', () => {
      const choice = validateLotChoice(lots, 4_000, { lot_ids: ['mid', 'cheap'], today: TODAY });
      expect(choice.ok && choice.plan.allocations.map((a) => a.lot_id)).toEqual(['cheap']);
    });

    it.each([
      [['expired'], ['expired']],
      [['reserved', 'mid'], ['reserved']],
      [['mid', 'unknown'], ['unknown']],
    ])('refuses unavailable lots %j', (lot_ids, bad) => {
      expect(validateLotChoice(lots, 1_000, { lot_ids, today: TODAY })).toEqual({
        ok: false,
        reason: 'unavailable',
        message: 'Lote indisponível para esta emissão',
        lot_ids: bad,
      });
    });

    it('refuses chosen lots that fall short', () => {
      expect(validateLotChoice(lots, 6_500, { lot_ids: ['cheap'], today: TODAY })).toEqual({
        ok: false,
        reason: 'insufficient',
        message: 'Milhas insuficientes: faltam 1.500 milhas.',
        shortage: { requested: 6_500, available: 5_000, missing: 1_500 },
      });
    });
  });
});

describe('SLA', () => {
  const H = 3_600_000;
  const BASE = Date.UTC(2026, 2, 1, 12, 0, 0);
  const iso = (ms: number) => new Date(ms).toISOString();
  /** A pair taking `hours` from submission to issue. */
  const took = (hours: number): SlaPair => ({ submitted_at: iso(BASE), issued_at: iso(BASE + hours * H) });
  const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

  it.each([
    ['none', [], { count: 0, average_hours: null, p95_hours: null }],
    ['one', [took(2)], { count: 1, average_hours: 2, p95_hours: 2 }],
    // sorted 1 2 3 4: ⌊0.95 × 4⌋ = 3 → 4
    ['four', [1, 2, 3, 4].map(took), { count: 4, average_hours: 2.5, p95_hours: 4 }],
    // unsorted 5 1 3: ⌊2.85⌋ = 2 → 5
    ['unsorted', [5, 1, 3].map(took), { count: 3, average_hours: 3, p95_hours: 5 }],
    // 1 … 20: ⌊19⌋ = 19 → 20
    ['twenty', range(20).map(took), { count: 20, average_hours: 10.5, p95_hours: 20 }],
    // 1 … 21: ⌊19.95⌋ = 19 → 20
    ['twenty-one', range(21).map(took), { count: 21, average_hours: 11, p95_hours: 20 }],
    // 1 … 60: ⌊57⌋ = 57 → 58
    ['sixty', range(60).map(took), { count: 60, average_hours: 30.5, p95_hours: 58 }],
    // 1 … 100: ⌊95⌋ = 95 → 96
    ['a hundred', range(100).map(took), { count: 100, average_hours: 50.5, p95_hours: 96 }],
    ['minutes', [took(1.5), took(0.5)], { count: 2, average_hours: 1, p95_hours: 1.5 }],
    ['a third of an hour rounds to 2 places', [took(1 / 3)], { count: 1, average_hours: 0.33, p95_hours: 0.33 }],
    [
      'zero, negative and missing durations are left out',
      [
        took(2),
        took(0),
        took(-1),
        { submitted_at: iso(BASE), issued_at: null },
        { submitted_at: null, issued_at: iso(BASE) },
        { submitted_at: 'ontem', issued_at: iso(BASE) },
      ],
      { count: 1, average_hours: 2, p95_hours: 2 },
    ],
    [
      "PostgreSQL's text form and Dates",
      [
        { submitted_at: '2026-03-05 10:00:00+00', issued_at: '2026-03-05 13:30:00.5+00' },
        { submitted_at: new Date(BASE), issued_at: new Date(BASE + 6.5 * H) },
        { submitted_at: '2026-03-05T10:00:00-03:00', issued_at: '2026-03-05T14:00:00Z' },
      ],
      { count: 3, average_hours: 3.67, p95_hours: 6.5 },
    ],
  ])('%s', (_what, pairs, expected) => {
    expect(slaStats(pairs)).toEqual(expected);
  });

  it.each([
    ['2026-03-05T10:00:00Z', '2026-03-06T10:00:00Z', 24],
    ['2026-03-05 10:00:00+00', '2026-03-05 09:00:00+00', -1],
    ['2026-03-05T10:00:00Z', null, null],
    [undefined, '2026-03-05T10:00:00Z', null],
    ['05/03/2026 10:00', '2026-03-05T10:00:00Z', null],
  ])('slaHours(%j, %j) = %j', (a, b, hours) => {
    expect(slaHours(a, b)).toBe(hours);
  });

  it.each([
    [24, 24, false],
    [24.01, 24, true],
    [null, 24, false],
    [10, 8, true],
  ])('%j hours over a %d h target: %s', (hours, target, exceeded) => {
    expect(isSlaExceeded(hours, target)).toBe(exceeded);
  });

  it('defaults to 24 h', () => {
    expect(isSlaExceeded(24.5)).toBe(true);
    expect(isSlaExceeded(23)).toBe(false);
  });

  it.each([
    [12.345, '12,3 h'],
    [2, '2 h'],
    [0.05, '0,1 h'],
    [1234.5, '1.234,5 h'],
    [null, '—'],
  ])('formatHours(%j) = %s', (hours, text) => {
    expect(formatHours(hours)).toBe(text);
  });
});

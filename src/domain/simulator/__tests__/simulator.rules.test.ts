import { describe, expect, it } from 'vitest';
import {
  simulate,
  simulationCostBasis,
  simulationFigures,
  simulationWarnings,
  type SimulationInput,
} from '../simulator.rules';

const input = (over: Partial<SimulationInput> = {}): SimulationInput => ({
  miles: 100_000,
  cost_per_thousand: '15.0000',
  fees_cents: 30_000,
  rav_cents: 5_000,
  rav_mode: 'revenue',
  markup_percent: '15.00',
  ...over,
});

describe('simulationFigures: the spec formulas (part 2 §9)', () => {
  it.each([
    // what, input, miles cost, base, markup base, markup, price, costs, margin, margin %
    [
      'RAV as revenue: price = base × (1 + markup) + RAV',
      input(),
      150_000,
      180_000,
      180_000,
      27_000,
      212_000,
      180_000,
      32_000,
      15.09,
    ],
    [
      'RAV as cost: price = (base + RAV) × (1 + markup)',
      input({ rav_mode: 'cost' }),
      150_000,
      180_000,
      185_000,
      27_750,
      212_750,
      185_000,
      27_750,
      13.04,
    ],
    [
      'markup 0, RAV as revenue: the margin is the RAV',
      input({ markup_percent: '0.00' }),
      150_000,
      180_000,
      180_000,
      0,
      185_000,
      180_000,
      5_000,
      2.7,
    ],
    [
      'markup 0, RAV as cost: sold at cost',
      input({ markup_percent: '0.00', rav_mode: 'cost' }),
      150_000,
      180_000,
      185_000,
      0,
      185_000,
      185_000,
      0,
      0,
    ],
    [
      'markup 1,000 %, RAV as revenue',
      input({ markup_percent: '1000.00' }),
      150_000,
      180_000,
      180_000,
      1_800_000,
      1_985_000,
      180_000,
      1_805_000,
      90.93,
    ],
    [
      'markup 1,000 %, RAV as cost',
      input({ markup_percent: '1000.00', rav_mode: 'cost' }),
      150_000,
      180_000,
      185_000,
      1_850_000,
      2_035_000,
      185_000,
      1_850_000,
      90.91,
    ],
    [
      'Smiles at 13,8 per thousand, no fees nor RAV',
      input({ miles: 35_000, cost_per_thousand: '13.8000', fees_cents: 0, rav_cents: 0, markup_percent: '20.00' }),
      48_300,
      48_300,
      48_300,
      9_660,
      57_960,
      48_300,
      9_660,
      16.67,
    ],
    [
      'TAP at 14,9 per thousand, 12,5 % markup, RAV as cost',
      input({
        miles: 42_500,
        cost_per_thousand: '14.9000',
        fees_cents: 45_678,
        rav_cents: 3_000,
        rav_mode: 'cost',
        markup_percent: '12.50',
      }),
      63_325,
      109_003,
      112_003,
      14_000,
      126_003,
      112_003,
      14_000,
      11.11,
    ],
  ])('%s', (_what, given, milesCost, base, markupBase, markup, price, costs, margin, percent) => {
    expect(simulationFigures(given)).toEqual({
      miles_cost_cents: milesCost,
      fees_cents: given.fees_cents,
      rav_cents: given.rav_cents,
      base_cents: base,
      markup_base_cents: markupBase,
      markup_cents: markup,
      price_cents: price,
      total_cost_cents: costs,
      margin_cents: margin,
      margin_percent: percent,
    });
  });

  it.each([
    // miles × CPM ÷ 1000 in centavos, rounded once half away from zero
    ['1 mile at 15 = 1,5 centavo → 2', 1, '15.0000', 2],
    ['1 mile at 14,9 = 1,49 centavo → 1', 1, '14.9000', 1],
    ['333 miles at 15,5 = 516,15 centavos → 516', 333, '15.5000', 516],
    ['1 mile at 0,0050 = 0,0005 centavo → 0', 1, '0.0050', 0],
    ['10 miles at 0,5 = 0,5 centavo → 1', 10, '0.5000', 1],
    ['1 million miles at 99,9999 = R$ 99.999,90', 1_000_000, '99.9999', 9_999_990],
  ])('miles cost: %s', (_what, miles, cpm, cents) => {
    const f = simulationFigures(
      input({ miles, cost_per_thousand: cpm, fees_cents: 0, rav_cents: 0, markup_percent: '0.00' }),
    );
    expect(f.miles_cost_cents).toBe(cents);
    expect(f.price_cents).toBe(cents);
  });

  it.each([
    // markup base (fees only), percent → markup, rounded half away from zero once
    ['15 % of 10 centavos = 1,5 → 2', 10, '15.00', 2],
    ['15 % of 3 centavos = 0,45 → 0', 3, '15.00', 0],
    ['50 % of 1 centavo = 0,5 → 1', 1, '50.00', 1],
    ['12,34 % of R$ 1.000,01 = 12 340,1234 → 12 340', 100_001, '12.34', 12_340],
    ['0,01 % of R$ 50,00 = 0,5 → 1', 5_000, '0.01', 1],
    ['999,99 % of 1 centavo = 9,9999 → 10', 1, '999.99', 10],
  ])('markup: %s', (_what, fees, markup, expected) => {
    // 1 mile at CPM 0 leaves the fees as the whole base.
    const f = simulationFigures(
      input({ miles: 1, cost_per_thousand: '0.0000', fees_cents: fees, rav_cents: 0, markup_percent: markup }),
    );
    expect(f.markup_cents).toBe(expected);
    expect(f.price_cents).toBe(fees + expected);
  });

  it.each([
    ['margin % rounds half away from zero: 1 ÷ 800 = 0,125 % → 0,13 %', 799, '0.13'],
    ['without a price the margin % is 0', 0, '0'],
  ])('%s', (_what, fees, percent) => {
    const f = simulationFigures(
      input({
        miles: 1,
        cost_per_thousand: '0.0000',
        fees_cents: fees,
        rav_cents: fees === 0 ? 0 : 1,
        markup_percent: '0.00',
      }),
    );
    expect(f.margin_percent).toBe(Number(percent));
  });

  it('the panel adds up to the centavo, whatever the inputs', () => {
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 2000; i++) {
      const given = input({
        miles: 1 + next(2_000_000),
        cost_per_thousand: `${next(80)}.${String(next(10_000)).padStart(4, '0')}`,
        fees_cents: next(500_000),
        rav_cents: next(20_000),
        rav_mode: next(2) === 0 ? 'cost' : 'revenue',
        markup_percent: `${next(1001)}.${String(next(100)).padStart(2, '0')}`.replace(/^1000\.\d\d$/, '1000.00'),
      });
      const f = simulationFigures(given);
      expect(f.price_cents).toBe(f.miles_cost_cents + f.fees_cents + f.rav_cents + f.markup_cents);
      expect(f.margin_cents).toBe(f.price_cents - f.total_cost_cents);
      // The markup is within half a centavo of the exact product.
      const hundredths = BigInt(given.markup_percent.replace('.', ''));
      const exact = BigInt(f.markup_base_cents) * hundredths; // in 1/10 000 centavo
      expect(BigInt(f.markup_cents) * 10_000n - exact <= 5_000n).toBe(true);
      expect(exact - BigInt(f.markup_cents) * 10_000n <= 5_000n).toBe(true);
      expect(f.margin_cents).toBeGreaterThanOrEqual(0);
    }
  });

  it.each([
    ['0 miles', input({ miles: 0 })],
    ['negative miles', input({ miles: -1 })],
    ['fractional miles', input({ miles: 1.5 })],
    ['negative fees', input({ fees_cents: -1 })],
    ['fractional RAV', input({ rav_cents: 0.5 })],
    ['a negative markup', input({ markup_percent: '-1.00' })],
  ])('refuses %s (the input schema never lets it through)', (_what, bad) => {
    expect(() => simulationFigures(bad)).toThrow(RangeError);
  });
});

describe('simulationCostBasis', () => {
  it.each([
    ['the lot first', '17.5', '20.1234', { cost_per_thousand: '17.5000', cost_source: 'lot' }],
    ['the stock average without a lot', null, '20.1234', { cost_per_thousand: '20.1234', cost_source: 'average' }],
    ['15 only without stock', null, null, { cost_per_thousand: '15.0000', cost_source: 'fallback' }],
  ] as const)('%s', (_what, lot, average, expected) => {
    expect(simulationCostBasis(lot, average)).toEqual(expected);
  });
});

describe('simulationWarnings', () => {
  const rule = { min_margin_cents: 4_000, min_margin_percent: '12.00', cpm_cap: '31.0000' };

  it('says nothing when the simulation is within the rules', () => {
    const given = input();
    expect(
      simulationWarnings(simulationFigures(given), given, {
        rule,
        cost_source: 'average',
        available_miles: 500_000,
        stock_scope: 'program',
      }),
    ).toEqual([]);
  });

  it("warns below the rule's minimum margin % with the spec's sentence", () => {
    const given = input({ markup_percent: '5.00', rav_mode: 'cost' });
    const [warning] = simulationWarnings(simulationFigures(given), given, { rule });
    expect(warning).toEqual({
      code: 'margin_below_minimum',
      severity: 'destructive',
      message: 'Margem estimada (4,7%) está abaixo do mínimo recomendado (12%).',
    });
  });

  it("warns below the rule's minimum margin in reais", () => {
    const given = input({ miles: 1_000, fees_cents: 0, rav_cents: 0, markup_percent: '20.00' });
    const [warning] = simulationWarnings(simulationFigures(given), given, { rule });
    expect(warning?.message).toBe('Margem estimada (R$\u00a03,00) está abaixo do mínimo recomendado (R$\u00a040,00).');
  });

  it('without a rule the spec minimum of 10 % applies', () => {
    const given = input({ markup_percent: '8.00', rav_mode: 'cost' });
    expect(simulationWarnings(simulationFigures(given), given).map((w) => w.message)).toEqual([
      'Margem estimada (7,4%) está abaixo do mínimo recomendado (10%).',
    ]);
  });

  it('flags a cost per thousand above the cap (at the cap is within it)', () => {
    const above = input({ cost_per_thousand: '35.5' });
    expect(simulationWarnings(simulationFigures(above), above, { rule, cost_source: 'lot' })).toEqual([
      {
        code: 'cpm_above_cap',
        severity: 'warning',
        message: 'Alto CPMM: o custo por milheiro (R$\u00a035,50) está acima do teto do programa (R$\u00a031,00).',
      },
    ]);
    const at = input({ cost_per_thousand: '31.0000' });
    expect(simulationWarnings(simulationFigures(at), at, { rule, cost_source: 'lot' })).toEqual([]);
  });

  it.each([
    ['lot', 'O lote escolhido tem 80.000 milhas disponíveis; faltam 20.000.'],
    ['account', 'A conta escolhida tem 80.000 milhas disponíveis; faltam 20.000.'],
    ['program', 'Não há lotes suficientes disponíveis para atender 100.000 milhas.'],
  ] as const)('warns when the %s holds too few miles', (scope, message) => {
    const given = input();
    const warnings = simulationWarnings(simulationFigures(given), given, {
      cost_source: scope === 'lot' ? 'lot' : 'average',
      available_miles: 80_000,
      stock_scope: scope,
    });
    expect(warnings).toEqual([{ code: 'insufficient_miles', severity: 'warning', message }]);
  });

  it('exactly enough miles is enough', () => {
    const given = input();
    expect(
      simulationWarnings(simulationFigures(given), given, { available_miles: 100_000, stock_scope: 'lot' }),
    ).toEqual([]);
  });

  it('says when the cost is the fallback, not a shortage', () => {
    const given = input();
    expect(
      simulationWarnings(simulationFigures(given), given, {
        program: 'SMILES',
        cost_source: 'fallback',
        available_miles: 0,
        stock_scope: 'program',
        rule: { ...rule, cpm_cap: '10' },
      }),
    ).toEqual([
      {
        code: 'no_stock',
        severity: 'info',
        message: 'Sem estoque de Smiles: usando o custo padrão de R$\u00a015,00 por milheiro.',
      },
    ]);
  });

  it('warns about a lot expiring before the departure, not on the day', () => {
    const given = input();
    const figures = simulationFigures(given);
    expect(simulationWarnings(figures, given, { lot_expiry_date: '2026-05-09', departure_date: '2026-05-10' })).toEqual(
      [
        {
          code: 'lot_expires_before_departure',
          severity: 'warning',
          message: 'O lote vence em 09/05/2026, antes do embarque em 10/05/2026: emita antes do vencimento.',
        },
      ],
    );
    expect(simulationWarnings(figures, given, { lot_expiry_date: '2026-05-10', departure_date: '2026-05-10' })).toEqual(
      [],
    );
    expect(simulationWarnings(figures, given, { lot_expiry_date: null, departure_date: '2026-05-10' })).toEqual([]);
  });
});

describe('simulate', () => {
  it('gives the figures, the canonical cost per thousand and the warnings together', () => {
    const result = simulate(input({ cost_per_thousand: '15.5' }), { available_miles: 10, stock_scope: 'account' });
    expect(result).toMatchObject({
      cost_per_thousand: '15.5000',
      miles_cost_cents: 155_000,
      price_cents: 217_750,
    });
    expect(result.warnings.map((w) => w.code)).toEqual(['insufficient_miles']);
  });
});

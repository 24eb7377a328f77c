import { describe, expect, it } from 'vitest';
import type { AccountLot } from '@domain/accounts/account.schema';
import type { Rule } from '@domain/rules/rule.schema';
import {
  costBasis,
  defaultProgram,
  quoteBody,
  quoteErrors,
  runSimulation,
  simulationErrors,
  simulatorDefaults,
  type SimulatorValues,
} from '../simulator-model';

const TODAY = '2026-03-15';

const lot = (over: Partial<AccountLot>): AccountLot => ({
  id: '00000000-0000-4000-8000-000000000001',
  remaining_quantity: 50_000,
  cost_per_thousand: '20.0000',
  expiry_date: '2027-01-01',
  purchase_date: '2026-01-10',
  supplier: 'Milhas Nordeste',
  status: 'available',
  ...over,
});

const rule = (over: Partial<Rule>): Rule => ({
  id: '00000000-0000-4000-8000-0000000000aa',
  program: 'LATAM',
  min_margin_cents: 0,
  min_margin_percent: '10.00',
  default_rav_cents: 3_000,
  cpm_cap: null,
  sla_target_hours: 24,
  created_at: '2026-01-01 00:00:00+00',
  updated_at: '2026-01-01 00:00:00+00',
  ...over,
});

const values = (over: Partial<SimulatorValues> = {}): SimulatorValues => ({
  ...simulatorDefaults('LATAM', { default_markup_percent: 15 }, []),
  miles: '40000',
  fees_cents: '312,45',
  ...over,
});

describe('simulator defaults', () => {
  it("start from the agency's markup, the programme rule's RAV (else R$ 50) and RAV as revenue", () => {
    expect(simulatorDefaults('LATAM', { default_markup_percent: 12.5 }, [rule({})])).toMatchObject({
      program: 'LATAM',
      markup_percent: '12,5',
      rav_cents: '30,00',
      rav_mode: 'revenue',
      validity_hours: '48',
    });
    expect(simulatorDefaults('SMILES', undefined, [rule({})])).toMatchObject({
      markup_percent: '15',
      rav_cents: '50,00',
    });
  });

  it('start on the programme with most miles in stock', () => {
    const stock = new Map([
      ['LATAM', { available_miles: 10, average_cost_per_thousand: '20.0000' }],
      ['SMILES', { available_miles: 900, average_cost_per_thousand: '15.0000' }],
    ] as const);
    expect(defaultProgram(stock)).toBe('SMILES');
    expect(defaultProgram(new Map())).toBe('LATAM');
  });
});

describe('cost basis', () => {
  const program = { available_miles: 180_000, average_cost_per_thousand: '26.6667' };
  const lots = [
    lot({}),
    lot({ id: '00000000-0000-4000-8000-000000000002', expiry_date: '2026-03-14', remaining_quantity: 9 }),
  ];

  it("a lot's own CPM and miles", () => {
    expect(costBasis({ account_id: 'a', lot_id: lots[0]!.id }, { program, lots, today: TODAY })).toMatchObject({
      cost_per_thousand: '20.0000',
      cost_source: 'lot',
      available_miles: 50_000,
      stock_scope: 'lot',
    });
  });

  it("the programme's average with the account's eligible miles (an expired lot does not count)", () => {
    expect(costBasis({ account_id: 'a', lot_id: '' }, { program, lots, today: TODAY })).toMatchObject({
      cost_per_thousand: '26.6667',
      cost_source: 'average',
      available_miles: 50_000,
      stock_scope: 'account',
    });
  });

  it('15 without stock', () => {
    expect(
      costBasis({ account_id: '', lot_id: '' }, { program: undefined, lots: undefined, today: TODAY }),
    ).toMatchObject({
      cost_per_thousand: '15.0000',
      cost_source: 'fallback',
      available_miles: 0,
      stock_scope: 'program',
    });
  });
});

describe('runSimulation', () => {
  it('computes as typed, with the warnings of the rule and the stock', () => {
    const result = runSimulation(
      values({
        account_id: 'a',
        lot_id: lot({}).id,
        markup_percent: '5',
        rav_mode: 'cost',
        departure_date: '2027-02-01',
      }),
      { program: undefined, lots: [lot({})], today: TODAY },
      rule({ min_margin_percent: '12.00', cpm_cap: '18.0000' }),
    );
    expect(result).toMatchObject({ cost_per_thousand: '20.0000', miles_cost_cents: 80_000 });
    expect(result!.warnings.map((w) => w.code)).toEqual([
      'margin_below_minimum',
      'cpm_above_cap',
      'lot_expires_before_departure',
    ]);
  });

  it('gives nothing while a field does not read, and says why', () => {
    expect(
      runSimulation(values({ miles: '0' }), { program: undefined, lots: undefined, today: TODAY }, null),
    ).toBeNull();
    expect(simulationErrors(values({ miles: '0', markup_percent: '1001' }))).toEqual({
      miles: 'Milhas devem ser maior que 0',
      markup_percent: 'O markup deve ser no máximo 1000%',
    });
  });
});

describe('the quote', () => {
  it("is sent as typed, one passenger per line, the page's choices as references", () => {
    expect(
      quoteBody(values({ account_id: 'acc', route: 'nat gru', passengers: 'Ana Lima\n\nJosé Lima' }), 'cli'),
    ).toMatchObject({
      program: 'LATAM',
      client_id: 'cli',
      account_id: 'acc',
      lot_id: null,
      passengers: ['Ana Lima', '', 'José Lima'],
      route: 'nat gru',
    });
  });

  it('needs a route, and no past departure', () => {
    expect(quoteErrors(values(), null, TODAY)).toEqual({ route: 'Rota obrigatória' });
    expect(quoteErrors(values({ route: 'NAT-GRU', departure_date: '2026-03-14' }), null, TODAY)).toEqual({
      departure_date: 'A data de embarque não pode estar no passado',
    });
    expect(quoteErrors(values({ route: 'NAT-GRU' }), null, TODAY)).toEqual({});
  });
});

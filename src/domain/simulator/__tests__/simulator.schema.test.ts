import { describe, expect, it } from 'vitest';
import { markupPercentSchema, SIMULATOR_MESSAGES as M, simulationInputSchema } from '../simulator.schema';

const fieldErrors = (value: unknown) => {
  const result = simulationInputSchema.safeParse(value);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

const valid = { miles: '100000', fees_cents: '300,00', rav_cents: '50', rav_mode: 'revenue', markup_percent: '15' };

describe('simulationInputSchema', () => {
  it('reads what is typed into exact values', () => {
    expect(simulationInputSchema.parse(valid)).toEqual({
      miles: 100_000,
      fees_cents: 30_000,
      rav_cents: 5_000,
      rav_mode: 'revenue',
      markup_percent: '15.00',
    });
  });

  it('is idempotent: what it gives back parses to itself', () => {
    const once = simulationInputSchema.parse(valid);
    expect(simulationInputSchema.parse(once)).toEqual(once);
  });

  it.each([
    ['0 miles', { miles: '0' }, { miles: 'Milhas devem ser maior que 0' }],
    ['negative miles', { miles: -5 }, { miles: 'Milhas devem ser maior que 0' }],
    ['negative miles typed', { miles: '-5' }, { miles: 'Milhas devem ser maior que 0' }],
    ['no miles', { miles: '' }, { miles: 'Milhas obrigatórias' }],
    ['fractional miles', { miles: 1.5 }, { miles: 'Milhas devem conter apenas números' }],
    ['negative fees', { fees_cents: '-1,00' }, { fees_cents: 'Taxas devem ser positivas' }],
    ['an unknown RAV mode', { rav_mode: 'both' }, { rav_mode: M.ravModeInvalid }],
    ['markup above 1,000 %', { markup_percent: '1000,01' }, { markup_percent: M.markupMax }],
    ['markup of 5,000 %', { markup_percent: 5000 }, { markup_percent: M.markupMax }],
    ['a negative markup', { markup_percent: '-1' }, { markup_percent: M.markupNegative }],
    ['three decimals of markup', { markup_percent: '15,555' }, { markup_percent: M.markupDecimals }],
    ['a markup that is no number', { markup_percent: 'quinze' }, { markup_percent: M.markupInvalid }],
    ['no markup', { markup_percent: '' }, { markup_percent: M.markupRequired }],
  ])('refuses %s with a Portuguese field message', (_what, patch, errors) => {
    expect(fieldErrors({ ...valid, ...patch })).toEqual(errors);
  });

  it.each([
    ['0', '0.00'],
    [0, '0.00'],
    ['1000', '1000.00'],
    ['1.000,00', null],
    ['500', '500.00'],
    ['12,5', '12.50'],
    ['12.5 %', '12.50'],
    [12.34, '12.34'],
    ['-0', '0.00'],
    [1e3, '1000.00'],
    [1e-7, null],
    [Number.NaN, null],
  ] as const)('markup %s → %s', (typed, expected) => {
    const result = markupPercentSchema.safeParse(typed);
    expect(result.success ? result.data : null).toBe(expected);
  });
});

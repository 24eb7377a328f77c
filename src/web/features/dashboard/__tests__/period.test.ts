import { describe, expect, it } from 'vitest';
import {
  comparedLabel,
  comparisonLabel,
  periodLabel,
  periodProblem,
  presetPeriod,
  readDashboardPeriod,
  requestedPeriod,
  writeDashboardPeriod,
} from '../period';

const read = (query: string) => readDashboardPeriod(new URLSearchParams(query));
const write = (query: string, patch: Parameters<typeof writeDashboardPeriod>[1]) =>
  writeDashboardPeriod(new URLSearchParams(query), patch).toString();

describe('dashboard period in the address', () => {
  it('reads the month by default, a preset, or the custom days', () => {
    expect(read('')).toEqual({ kind: 'mes', from: null, to: null });
    expect(read('periodo=30-dias')).toEqual({ kind: '30-dias', from: null, to: null });
    expect(read('periodo=ano')).toEqual({ kind: 'ano', from: null, to: null });
    expect(read('periodo=semana')).toEqual({ kind: 'mes', from: null, to: null });
    expect(read('de=2026-03-01&ate=2026-05-15')).toEqual({
      kind: 'personalizado',
      from: '2026-03-01',
      to: '2026-05-15',
    });
    // Half typed: still custom, the page keeps the last period asked.
    expect(read('de=2026-03-01')).toEqual({ kind: 'personalizado', from: '2026-03-01', to: null });
    expect(read('de=2026-02-30&ate=x')).toEqual({ kind: 'mes', from: null, to: null });
  });

  it('writes each kind, leaving other parameters alone and the month out', () => {
    expect(write('x=1&de=2026-03-01&ate=2026-03-31', { kind: 'trimestre', from: null, to: null })).toBe(
      'x=1&periodo=trimestre',
    );
    expect(write('periodo=ano', { kind: 'personalizado', from: '2026-01-01', to: '2026-01-31' })).toBe(
      'de=2026-01-01&ate=2026-01-31',
    );
    expect(write('periodo=ano', { kind: 'mes', from: null, to: null })).toBe('');
    expect(write('de=2026-01-01&ate=2026-01-31', { to: null })).toBe('de=2026-01-01');
  });
});

describe('presets', () => {
  it.each([
    ['mes', '2026-02-10', '2026-02-01', '2026-02-28'],
    ['mes', '2028-02-29', '2028-02-01', '2028-02-29'],
    ['30-dias', '2026-03-05', '2026-02-04', '2026-03-05'],
    ['trimestre', '2026-01-01', '2026-01-01', '2026-03-31'],
    ['trimestre', '2026-05-20', '2026-04-01', '2026-06-30'],
    ['trimestre', '2026-12-31', '2026-10-01', '2026-12-31'],
    ['ano', '2026-11-27', '2026-01-01', '2026-12-31'],
  ] as const)('%s on %s: %s to %s', (kind, today, from, to) => {
    expect(presetPeriod(kind, today)).toEqual({ from, to });
  });

  it('asks the API for the month by default (no days), a preset’s days, or complete custom days only', () => {
    const today = '2026-11-27';
    expect(requestedPeriod(read(''), today)).toEqual({ from: null, to: null });
    expect(requestedPeriod(read('periodo=30-dias'), today)).toEqual({ from: '2026-10-29', to: '2026-11-27' });
    expect(requestedPeriod(read('de=2026-03-01&ate=2026-05-15'), today)).toEqual({
      from: '2026-03-01',
      to: '2026-05-15',
    });
    expect(requestedPeriod(read('de=2026-03-01'), today)).toBeNull();
    expect(requestedPeriod(read('de=2026-05-01&ate=2026-03-01'), today)).toBeNull();
  });

  it('refuses an inverted period or one longer than the API takes', () => {
    expect(periodProblem({ from: '2026-05-02', to: '2026-05-01' })).toMatch(/inválido/);
    expect(periodProblem({ from: '2028-01-01', to: '2028-12-31' })).toBeNull();
    expect(periodProblem({ from: '2026-01-01', to: '2027-01-02' })).toBe('Escolha um período de até 366 dias.');
    expect(periodProblem({ from: '2026-01-01', to: null })).toBeNull();
  });
});

describe('period labels', () => {
  it('names the period and what the trends compare with', () => {
    expect(periodLabel({ from: '2026-11-01', to: '2026-11-30' })).toBe('novembro de 2026');
    expect(periodLabel({ from: '2026-04-01', to: '2026-06-30' })).toBe('2º trimestre de 2026');
    expect(periodLabel({ from: '2026-01-01', to: '2026-12-31' })).toBe('2026');
    expect(periodLabel({ from: '2026-02-01', to: '2026-03-31' })).toBe('01/02/2026 a 31/03/2026');
    expect(periodLabel({ from: '2026-03-05', to: '2026-03-05' })).toBe('05/03/2026');
    expect(comparisonLabel({ from: '2026-10-01', to: '2026-10-31' })).toBe('vs. mês anterior');
    expect(comparisonLabel({ from: '2026-07-01', to: '2026-09-30' })).toBe('vs. trimestre anterior');
    expect(comparisonLabel({ from: '2025-01-01', to: '2025-12-31' })).toBe('vs. ano anterior');
    expect(comparisonLabel({ from: '2026-09-29', to: '2026-10-28' })).toBe('vs. período anterior');
    // Under way: counted up to today against as many days before.
    const november = { from: '2026-11-01', to: '2026-11-30' };
    expect(comparisonLabel({ from: '2026-10-01', to: '2026-10-27' }, november, '2026-11-27')).toBe(
      'vs. mesmo período do mês anterior',
    );
    expect(
      comparisonLabel({ from: '2025-01-01', to: '2025-11-27' }, { from: '2026-01-01', to: '2026-12-31' }, '2026-11-27'),
    ).toBe('vs. mesmo período do ano anterior');
    expect(comparisonLabel({ from: '2026-10-01', to: '2026-10-31' }, november, '2026-11-30')).toBe('vs. mês anterior');
    expect(periodLabel(november, '2026-11-27')).toBe('novembro de 2026 até 27/11/2026');
    expect(periodLabel(november, '2026-11-30')).toBe('novembro de 2026');
    expect(comparedLabel({ from: '2026-10-01', to: '2026-10-31' })).toBe('comparado a outubro de 2026');
    expect(comparedLabel({ from: '2025-12-15', to: '2026-02-28' })).toBe(
      'comparado ao período de 15/12/2025 a 28/02/2026',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { centsChange, pointsChange } from '../components/accrual-cards';
import {
  monthLabel,
  periodLabel,
  periodProblem,
  previousLabel,
  readFinancePeriod,
  shiftMonth,
  shortMonthLabel,
  writeFinancePeriod,
} from '../period';

describe('finance period', () => {
  it('reads and writes ?de=&ate=, leaving other parameters alone', () => {
    expect(readFinancePeriod(new URLSearchParams('de=2026-11-01&ate=2026-11-30'))).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(readFinancePeriod(new URLSearchParams('de=2026-02-30&ate=x'))).toEqual({ from: null, to: null });
    const params = writeFinancePeriod(new URLSearchParams('x=1&de=2026-11-01'), { from: null, to: '2026-11-20' });
    expect(params.toString()).toBe('x=1&ate=2026-11-20');
  });

  it('moves by whole months across years and month lengths', () => {
    expect(shiftMonth('2026-01-15', -1)).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(shiftMonth('2028-01-31', 1)).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('names months and periods in Portuguese', () => {
    expect(monthLabel('2026-11-01')).toBe('novembro de 2026');
    expect(shortMonthLabel('2026-03')).toBe('mar/26');
    expect(periodLabel({ from: '2026-11-01', to: '2026-11-30' })).toBe('novembro de 2026');
    expect(periodLabel({ from: '2026-11-01', to: '2026-11-15' })).toBe('01/11/2026 a 15/11/2026');
    expect(previousLabel({ from: '2026-10-01', to: '2026-10-31' })).toBe('vs outubro');
    expect(previousLabel({ from: '2026-10-17', to: '2026-10-31' })).toBe('vs período anterior');
  });

  it('refuses an inverted or too long period', () => {
    expect(periodProblem({ from: '2026-11-02', to: '2026-11-01' })).toMatch(/inválido/);
    expect(periodProblem({ from: '2025-01-01', to: '2026-01-02' })).toMatch(/366 dias/);
    expect(periodProblem({ from: '2025-01-01', to: '2025-12-31' })).toBeNull();
    expect(periodProblem({ from: '2025-01-01', to: null })).toBeNull();
  });

  it('compares with the previous period', () => {
    expect(centsChange(112_300, 100_000)).toEqual({ text: '+12,3%', direction: 'up' });
    expect(centsChange(50_000, 100_000)).toEqual({ text: '−50,0%', direction: 'down' });
    expect(centsChange(1, 0)).toEqual({ text: null, direction: 'up' });
    expect(centsChange(0, 0)).toEqual({ text: '0,0%', direction: 'same' });
    expect(pointsChange(15.28, 15.7)).toEqual({ text: '−0,4 p.p.', direction: 'down' });
  });
});

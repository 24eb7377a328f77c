import { describe, expect, it } from 'vitest';
import { countedPeriods, summaryPeriods } from '../periods';

describe('summaryPeriods', () => {
  it('is the current month by default, compared with the month before', () => {
    expect(summaryPeriods({}, '2026-11-28')).toEqual({
      period: { from: '2026-11-01', to: '2026-11-30' },
      previous: { from: '2026-10-01', to: '2026-10-31' },
    });
  });

  it('compares whole months with as many months before, and other periods with as many days before', () => {
    expect(summaryPeriods({ from: '2026-01-01', to: '2026-03-31' }, '2026-11-28').previous).toEqual({
      from: '2025-10-01',
      to: '2025-12-31',
    });
    expect(summaryPeriods({ from: '2026-03-10', to: '2026-03-19' }, '2026-11-28').previous).toEqual({
      from: '2026-02-28',
      to: '2026-03-09',
    });
    expect(summaryPeriods({ from: '2026-03-10' }, '2026-11-28')).toEqual({
      period: { from: '2026-03-10', to: '2026-03-10' },
      previous: { from: '2026-03-09', to: '2026-03-09' },
    });
  });
});

describe('countedPeriods', () => {
  it('counts a period under way up to today, and cuts the compared one alike', () => {
    const { period, previous } = summaryPeriods({}, '2026-11-27');
    expect(countedPeriods(period, previous, '2026-11-27')).toEqual({
      through: '2026-11-27',
      previous: { from: '2026-10-01', to: '2026-10-27' },
    });
    // February is shorter: the cut never passes the compared period's own end.
    const march = summaryPeriods({ from: '2026-03-01', to: '2026-03-31' }, '2026-03-30');
    expect(countedPeriods(march.period, march.previous, '2026-03-30').previous).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
  });

  it('leaves a past or future period whole', () => {
    const { period, previous } = summaryPeriods({ from: '2026-10-01', to: '2026-10-31' }, '2026-11-28');
    expect(countedPeriods(period, previous, '2026-11-28')).toEqual({ through: '2026-10-31', previous });
  });
});

import { describe, expect, it } from 'vitest';
import { hasReconciliationFilters, readReconciliationListParams, writeReconciliationListParams } from '../list-params';
import { DEFAULT_RECONCILIATION_LIST_STATE } from '../list-state';

describe('reconciliation list params', () => {
  it('reads defaults from an empty address, the same as the written-out default', () => {
    const read = readReconciliationListParams(new URLSearchParams());
    expect(read).toEqual({ page: 1, start: null, end: null, status: null, only_discrepancies: false });
    expect(read).toEqual(DEFAULT_RECONCILIATION_LIST_STATE);
  });

  it('drops unknown values', () => {
    const state = readReconciliationListParams(
      new URLSearchParams('page=0&status=done&de=2026-02-30&ate=ontem&discrepancias=sim'),
    );
    expect(state).toEqual(DEFAULT_RECONCILIATION_LIST_STATE);
  });

  it('keeps an inverted period for the page to point out', () => {
    expect(readReconciliationListParams(new URLSearchParams('de=2026-02-01&ate=2026-01-01'))).toMatchObject({
      start: '2026-02-01',
      end: '2026-01-01',
    });
  });

  it('round-trips a filtered page and leaves the defaults out', () => {
    const written = writeReconciliationListParams(new URLSearchParams('other=1'), {
      start: '2026-01-01',
      end: '2026-01-31',
      status: 'issued',
      only_discrepancies: true,
      page: 3,
    });
    expect(written.toString()).toBe('other=1&de=2026-01-01&ate=2026-01-31&status=issued&discrepancias=true&page=3');
    expect(readReconciliationListParams(written)).toEqual({
      start: '2026-01-01',
      end: '2026-01-31',
      status: 'issued',
      only_discrepancies: true,
      page: 3,
    });
    expect(writeReconciliationListParams(written, DEFAULT_RECONCILIATION_LIST_STATE).toString()).toBe('other=1');
  });

  it('tells whether the period or the status narrows the list', () => {
    const none = { start: null, end: null, status: null, only_discrepancies: true };
    expect(hasReconciliationFilters(none)).toBe(false);
    expect(hasReconciliationFilters({ ...none, end: '2026-01-01' })).toBe(true);
    expect(hasReconciliationFilters({ ...none, status: 'cancelled' })).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { hasEmissionFilters, readEmissionListParams, writeEmissionListParams } from '../list-params';
import { DEFAULT_EMISSION_LIST_STATE } from '../list-state';

describe('emission list params', () => {
  it('reads defaults from an empty address', () => {
    expect(readEmissionListParams(new URLSearchParams())).toEqual({
      page: 1,
      status: null,
      program: null,
      date_from: null,
      date_to: null,
      search: '',
    });
    // The home page asks for the list with the written-out default (no zod there): the same query.
    expect(readEmissionListParams(new URLSearchParams())).toEqual(DEFAULT_EMISSION_LIST_STATE);
  });

  it('drops unknown values', () => {
    const state = readEmissionListParams(
      new URLSearchParams('page=-2&status=done&program=XYZ&de=2026-02-30&ate=ontem'),
    );
    expect(state).toMatchObject({ page: 1, status: null, program: null, date_from: null, date_to: null });
  });

  it('keeps an inverted period for the page to point out (the schema refuses it only as a whole)', () => {
    expect(readEmissionListParams(new URLSearchParams('de=2026-02-01&ate=2026-01-01'))).toMatchObject({
      date_from: '2026-02-01',
      date_to: '2026-01-01',
    });
  });

  it('round-trips a filtered page and leaves the defaults out', () => {
    const written = writeEmissionListParams(new URLSearchParams('other=1'), {
      status: 'issued',
      program: 'LATAM',
      date_from: '2026-01-01',
      date_to: '2026-01-31',
      search: ' ABC123 ',
      page: 3,
    });
    expect(written.toString()).toBe('other=1&q=ABC123&status=issued&program=LATAM&de=2026-01-01&ate=2026-01-31&page=3');
    expect(readEmissionListParams(written)).toMatchObject({ status: 'issued', page: 3, search: 'ABC123' });
    expect(
      writeEmissionListParams(written, {
        status: null,
        program: null,
        date_from: null,
        date_to: null,
        search: '',
        page: 1,
      }).toString(),
    ).toBe('other=1');
  });

  it('tells whether anything narrows the list', () => {
    const none = { status: null, program: null, date_from: null, date_to: null, search: '' };
    expect(hasEmissionFilters(none)).toBe(false);
    expect(hasEmissionFilters({ ...none, date_to: '2026-01-01' })).toBe(true);
  });
});

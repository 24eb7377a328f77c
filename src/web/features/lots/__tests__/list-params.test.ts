import { describe, expect, it } from 'vitest';
import { hasLotFilters, readLotListParams, writeLotListParams } from '../list-params';
import { DEFAULT_LOT_LIST_STATE } from '../list-state';

const read = (query: string) => readLotListParams(new URLSearchParams(query));
const write = (query: string, patch: Parameters<typeof writeLotListParams>[1]) =>
  writeLotListParams(new URLSearchParams(query), patch).toString();

describe('readLotListParams', () => {
  it('defaults to page 1, expiry ascending, no filters (spec part 1 §2)', () => {
    expect(read('')).toEqual({ page: 1, sort: 'expiry_date', order: 'asc', program: null, status: null, search: '' });
    // The home page asks for the list with the written-out default (no zod there): the same query.
    expect(read('')).toEqual(DEFAULT_LOT_LIST_STATE);
  });

  it('reads page, sort, order, program, status and search', () => {
    expect(read('page=3&sort=cost_per_mile&order=desc&program=SMILES&status=expired&q=%20fornecedor%20')).toEqual({
      page: 3,
      sort: 'cost_per_mile',
      order: 'desc',
      program: 'SMILES',
      status: 'expired',
      search: 'fornecedor',
    });
  });

  it.each(['page=0', 'page=-2', 'page=abc', 'page=1.5', 'page=99999999'])('falls back to page 1 for %s', (query) => {
    expect(read(query).page).toBe(1);
  });

  it('ignores unknown sorts, orders, programs and statuses', () => {
    expect(read('sort=created_at&order=up&program=latam&status=deleted')).toEqual({
      page: 1,
      sort: 'expiry_date',
      order: 'asc',
      program: null,
      status: null,
      search: '',
    });
  });

  it('drops a search longer than the server accepts (lotListQuerySchema), like any refused value', () => {
    expect(read(`q=${'a'.repeat(200)}`).search).toHaveLength(200);
    expect(read(`q=${'a'.repeat(201)}`).search).toBe('');
  });
});

describe('writeLotListParams', () => {
  it('leaves defaults out of the address', () => {
    expect(
      write('page=4&sort=status&order=desc&program=TAP&status=used&q=x', {
        page: 1,
        sort: 'expiry_date',
        order: 'asc',
        program: null,
        status: null,
        search: '',
      }),
    ).toBe('');
  });

  it('keeps sort and order together and other parameters untouched', () => {
    expect(write('tab=x', { sort: 'expiry_date', order: 'desc' })).toBe('tab=x&sort=expiry_date&order=desc');
    expect(write('sort=status&order=desc', { page: 2 })).toBe('sort=status&order=desc&page=2');
  });

  it('writes filters and a trimmed search', () => {
    expect(write('', { program: 'AZUL', status: 'available', search: '  milhas  ' })).toBe(
      'q=milhas&program=AZUL&status=available',
    );
  });
});

describe('hasLotFilters', () => {
  it('is true for a program, a status or a search', () => {
    expect(hasLotFilters({ program: null, status: null, search: ' ' })).toBe(false);
    expect(hasLotFilters({ program: 'LATAM', status: null, search: '' })).toBe(true);
    expect(hasLotFilters({ program: null, status: 'used', search: '' })).toBe(true);
    expect(hasLotFilters({ program: null, status: null, search: 'x' })).toBe(true);
  });
});

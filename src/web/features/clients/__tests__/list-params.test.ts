import { describe, expect, it } from 'vitest';
import { hasClientFilters, readClientListParams, writeClientListParams } from '../list-params';
import { DEFAULT_CLIENT_LIST_STATE } from '../list-state';

const read = (query: string) => readClientListParams(new URLSearchParams(query));
const write = (query: string, patch: Parameters<typeof writeClientListParams>[1]) =>
  writeClientListParams(new URLSearchParams(query), patch).toString();

describe('readClientListParams', () => {
  it('defaults to page 1, name ascending, every status, no search', () => {
    expect(read('')).toEqual({ page: 1, sort: 'name', order: 'asc', status: null, search: '' });
    // The home page asks for the list with the written-out default (no zod there): the same query.
    expect(read('')).toEqual(DEFAULT_CLIENT_LIST_STATE);
  });

  it('reads page, sort, order, status and the trimmed search', () => {
    expect(read('page=3&sort=total_spent&order=desc&status=blocked&q=%20jos%C3%A9%20da%20')).toEqual({
      page: 3,
      sort: 'total_spent',
      order: 'desc',
      status: 'blocked',
      search: 'josé da',
    });
  });

  it('drops a search longer than the server accepts (clientListQuerySchema), like any refused value', () => {
    expect(read(`q=${'a'.repeat(200)}`).search).toHaveLength(200);
    expect(read(`q=${'a'.repeat(201)}`).search).toBe('');
  });

  it.each(['page=0', 'page=-2', 'page=abc', 'page=1.5', 'page=99999999'])('falls back to page 1 for %s', (query) => {
    expect(read(query).page).toBe(1);
  });

  it('ignores unknown sorts, orders and statuses', () => {
    expect(read('sort=created_at&order=up&status=deleted')).toEqual({
      page: 1,
      sort: 'name',
      order: 'asc',
      status: null,
      search: '',
    });
  });
});

describe('writeClientListParams', () => {
  it('leaves defaults out of the address', () => {
    expect(
      write('page=4&sort=emissions&order=desc&status=active&q=silva', {
        page: 1,
        sort: 'name',
        order: 'asc',
        status: null,
        search: '',
      }),
    ).toBe('');
  });

  it('writes a trimmed search and removes a blank one', () => {
    expect(write('', { search: '  silva  ' })).toBe('q=silva');
    expect(write('q=silva&status=active', { search: '   ' })).toBe('status=active');
  });

  it('a new search goes back to the first page and keeps the other filters', () => {
    expect(write('status=active&sort=name&order=desc&page=3&q=jose', { search: 'maria', page: 1 })).toBe(
      'status=active&sort=name&order=desc&q=maria',
    );
  });

  it('keeps sort and order together and other parameters untouched', () => {
    expect(write('tab=x', { sort: 'name', order: 'desc' })).toBe('tab=x&sort=name&order=desc');
    expect(write('sort=status&order=desc', { page: 2 })).toBe('sort=status&order=desc&page=2');
  });

  it('round-trips through readClientListParams', () => {
    const state = { page: 7, sort: 'status', order: 'desc', status: 'inactive', search: 'josé' } as const;
    expect(readClientListParams(writeClientListParams(new URLSearchParams(), state))).toEqual(state);
  });
});

describe('hasClientFilters', () => {
  it('is true for a status or a search that is not blank', () => {
    expect(hasClientFilters({ status: null, search: ' ' })).toBe(false);
    expect(hasClientFilters({ status: 'blocked', search: '' })).toBe(true);
    expect(hasClientFilters({ status: null, search: 'silva' })).toBe(true);
  });
});

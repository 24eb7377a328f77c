import { describe, expect, it } from 'vitest';
import { apiSearchParams, nextSort, sortSearchParams, writeSearchParams } from '../search-params';

describe('apiSearchParams', () => {
  it('keeps the given order, trims text and leaves null and blank values out', () => {
    expect(apiSearchParams({ search: '  ana ', status: null, program: '', sort: 'name', page: 2 }).toString()).toBe(
      'search=ana&sort=name&page=2',
    );
  });
});

describe('writeSearchParams', () => {
  it('sets values in place, removes null and blank ones and leaves other parameters alone', () => {
    const params = new URLSearchParams('tab=x&page=3&q=old');
    expect(writeSearchParams(params, { q: 'new', page: null, status: '' }).toString()).toBe('tab=x&q=new');
    expect(params.toString()).toBe('tab=x&page=3&q=old');
  });
});

describe('sortSearchParams', () => {
  it('writes sort and order together, or neither for the default', () => {
    const defaults = { sort: 'name', order: 'asc' } as const;
    expect(sortSearchParams({ sort: 'name', order: 'asc' }, defaults)).toEqual({ sort: null, order: null });
    expect(sortSearchParams({ sort: 'name', order: 'desc' }, defaults)).toEqual({ sort: 'name', order: 'desc' });
  });
});

describe('nextSort', () => {
  it('flips the sorted column and starts another one ascending', () => {
    expect(nextSort({ sort: 'total_spent', order: 'asc' }, 'total_spent')).toEqual({
      sort: 'total_spent',
      order: 'desc',
    });
    expect(nextSort({ sort: 'total_spent', order: 'desc' }, 'total_spent')).toEqual({
      sort: 'total_spent',
      order: 'asc',
    });
    expect(nextSort({ sort: 'total_spent', order: 'desc' }, 'name')).toEqual({ sort: 'name', order: 'asc' });
  });
});

import { describe, expect, it } from 'vitest';
import { readClientListParams, writeClientListParams } from '../list-params';

const read = (query: string) => readClientListParams(new URLSearchParams(query));
const write = (query: string, patch: Parameters<typeof writeClientListParams>[1]) =>
  writeClientListParams(new URLSearchParams(query), patch).toString();

describe('readClientListParams', () => {
  it('defaults to page 1, name ascending, every status', () => {
    expect(read('')).toEqual({ page: 1, sort: 'name', order: 'asc', status: null });
  });

  it('reads page, sort, order and status', () => {
    expect(read('page=3&sort=total_spent&order=desc&status=blocked')).toEqual({
      page: 3,
      sort: 'total_spent',
      order: 'desc',
      status: 'blocked',
    });
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
    });
  });
});

describe('writeClientListParams', () => {
  it('leaves defaults out of the address', () => {
    expect(
      write('page=4&sort=emissions&order=desc&status=active', { page: 1, sort: 'name', order: 'asc', status: null }),
    ).toBe('');
  });

  it('keeps sort and order together and other parameters untouched', () => {
    expect(write('tab=x', { sort: 'name', order: 'desc' })).toBe('tab=x&sort=name&order=desc');
    expect(write('sort=status&order=desc', { page: 2 })).toBe('sort=status&order=desc&page=2');
  });

  it('round-trips through readClientListParams', () => {
    const state = { page: 7, sort: 'status', order: 'desc', status: 'inactive' } as const;
    expect(readClientListParams(writeClientListParams(new URLSearchParams(), state))).toEqual(state);
  });
});

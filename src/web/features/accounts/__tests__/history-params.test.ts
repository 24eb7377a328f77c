import { describe, expect, it } from 'vitest';
import { readAccountHistoryParams, writeAccountHistoryParams } from '../history-params';

describe("an account's history page in the address", () => {
  it('reads the page, and the first one for anything the API would refuse', () => {
    expect(readAccountHistoryParams(new URLSearchParams('page=3'))).toEqual({ page: 3 });
    expect(readAccountHistoryParams(new URLSearchParams(''))).toEqual({ page: 1 });
    expect(readAccountHistoryParams(new URLSearchParams('page=0'))).toEqual({ page: 1 });
    expect(readAccountHistoryParams(new URLSearchParams('page=abc'))).toEqual({ page: 1 });
  });

  it('writes the page, leaves the first one and other parameters alone', () => {
    expect(writeAccountHistoryParams(new URLSearchParams('x=1'), { page: 2 }).toString()).toBe('x=1&page=2');
    expect(writeAccountHistoryParams(new URLSearchParams('page=4&x=1'), { page: 1 }).toString()).toBe('x=1');
  });
});

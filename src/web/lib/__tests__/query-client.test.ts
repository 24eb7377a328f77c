import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_CODE, TIMEOUT_ERROR_CODE } from '../api-client';
import {
  createQueryClient,
  QUERY_ERROR_BOUND_MS,
  retryDelay,
  shouldRetryQuery,
  TOTAL_RETRY_DELAY_MS,
} from '../query-client';

const apiError = (status: number, code = 'X') => new ApiError({ status, code, message: 'x' });

describe('shouldRetryQuery', () => {
  it('retries network failures and 5xx up to 3 times', () => {
    for (const error of [apiError(0, NETWORK_ERROR_CODE), apiError(500), apiError(503), new TypeError('x')]) {
      expect(shouldRetryQuery(0, error)).toBe(true);
      expect(shouldRetryQuery(2, error)).toBe(true);
      expect(shouldRetryQuery(3, error)).toBe(false);
    }
  });

  it('does not retry a request that already waited for the 30 s timeout', () => {
    expect(shouldRetryQuery(0, apiError(0, TIMEOUT_ERROR_CODE))).toBe(false);
  });

  it.each([400, 401, 403, 404, 409, 422, 429])('never retries %i', (status) => {
    expect(shouldRetryQuery(0, apiError(status))).toBe(false);
  });
});

describe('retryDelay', () => {
  it('doubles from 1 s and stops at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

describe('the error-state bound', () => {
  it('is 7 s of retries for an unreachable API, and 127 s at worst', () => {
    expect(TOTAL_RETRY_DELAY_MS).toBe(7_000);
    expect(QUERY_ERROR_BOUND_MS).toBe(127_000);
  });
});

describe('createQueryClient', () => {
  it('gives every query and mutation the same policy, failing (not pausing) when offline', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries?.retry).toBe(shouldRetryQuery);
    expect(queries?.retryDelay).toBe(retryDelay);
    expect(queries?.networkMode).toBe('always');
    expect(mutations?.retry).toBe(false);
    expect(mutations?.networkMode).toBe('always');
  });

  it('refetches every failed query on reconnection, and the stale ones', async () => {
    const client = createQueryClient();
    const refetchOnReconnect = client.getDefaultOptions().queries?.refetchOnReconnect;
    if (typeof refetchOnReconnect !== 'function') throw new Error('refetchOnReconnect is not a function');
    await client.prefetchQuery({ queryKey: ['ok'], queryFn: () => 1 });
    await client.prefetchQuery({ queryKey: ['failed'], queryFn: () => Promise.reject(apiError(404)) });
    const query = (key: string) => client.getQueryCache().find({ queryKey: [key] })!;
    expect(refetchOnReconnect(query('failed'))).toBe('always');
    expect(refetchOnReconnect(query('ok'))).toBe(true);
  });
});

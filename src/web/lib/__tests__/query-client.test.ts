import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client';
import { retryDelay, shouldRetryQuery } from '../query-client';

const apiError = (status: number) => new ApiError({ status, code: 'X', message: 'x' });

describe('shouldRetryQuery', () => {
  it('retries network failures, timeouts and 5xx up to 3 times', () => {
    for (const error of [apiError(0), apiError(500), apiError(503), new TypeError('x')]) {
      expect(shouldRetryQuery(0, error)).toBe(true);
      expect(shouldRetryQuery(2, error)).toBe(true);
      expect(shouldRetryQuery(3, error)).toBe(false);
    }
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

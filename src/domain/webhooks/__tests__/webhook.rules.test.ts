import { describe, expect, it } from 'vitest';
import {
  maskSecret,
  nextAttemptAt,
  parseRetryAfter,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_SCHEDULE_SECONDS,
} from '../webhook.rules';

const NOW = new Date('2026-03-15T12:00:00.000Z');
const after = (at: Date | null) => (at ? (at.getTime() - NOW.getTime()) / 1000 : null);

describe('nextAttemptAt', () => {
  it('follows the Standard Webhooks example schedule after each failed attempt, then gives up', () => {
    expect(WEBHOOK_RETRY_SCHEDULE_SECONDS).toEqual([5, 300, 1800, 7200, 18_000, 36_000, 50_400, 72_000, 86_400]);
    expect(WEBHOOK_MAX_ATTEMPTS).toBe(10);
    const middle = WEBHOOK_RETRY_SCHEDULE_SECONDS.map((_, i) =>
      after(nextAttemptAt({ attempts: i + 1, now: NOW, random: 0.5 })),
    );
    expect(middle).toEqual([...WEBHOOK_RETRY_SCHEDULE_SECONDS]);
    expect(nextAttemptAt({ attempts: WEBHOOK_MAX_ATTEMPTS, now: NOW, random: 0.5 })).toBeNull();
    expect(nextAttemptAt({ attempts: 0, now: NOW, random: 0.5 })).toBeNull();
  });

  it.each([
    [0, 4],
    [0.999_999, 6],
  ])('jitters ±20 %% (random %s → %s s after the first failure)', (random, seconds) => {
    expect(after(nextAttemptAt({ attempts: 1, now: NOW, random }))).toBeCloseTo(seconds, 2);
  });

  it.each([
    ['a later Retry-After wins', 120_000, 120],
    ['an earlier one does not', 1000, 5],
    ['one beyond 24 h is read as 24 h', 90 * 3600 * 1000, 24 * 3600],
  ])('%s', (_, retryAfterMs, seconds) => {
    expect(after(nextAttemptAt({ attempts: 1, now: NOW, random: 0.5, retryAfterMs }))).toBe(seconds);
  });
});

describe('parseRetryAfter', () => {
  it.each([
    ['120', 120_000],
    [' 5 ', 5000],
    ['Sun, 15 Mar 2026 13:00:00 GMT', 3_600_000],
    ['0', null],
    ['Sun, 15 Mar 2026 11:00:00 GMT', null],
    ['-5', null],
    ['soon', null],
    ['', null],
    [null, null],
  ])('%j → %s ms', (header, ms) => {
    expect(parseRetryAfter(header, NOW)).toBe(ms);
  });
});

describe('maskSecret', () => {
  it('keeps the prefix and the last four characters only', () => {
    expect(maskSecret('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')).toBe('whsec_…LaSw');
  });
});

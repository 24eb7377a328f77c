// When a failed webhook delivery is tried again, and when an endpoint gives up (issue #16).

/**
 * Seconds after each failed attempt before the next one: the example schedule of the Standard
 * Webhooks specification ("Deliverability and reliability": immediately, then 5 s, 5 min, 30 min,
 * 2 h, 5 h, 10 h, 14 h, 20 h, 24 h), about 3 days in all. The first attempt is immediate, so a
 * delivery is attempted at most WEBHOOK_MAX_ATTEMPTS times.
 * https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md
 */
export const WEBHOOK_RETRY_SCHEDULE_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 50_400, 72_000, 86_400] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_SCHEDULE_SECONDS.length + 1;

/** ±20 % around each delay, so endpoints that failed together are not all retried together. */
export const WEBHOOK_RETRY_JITTER = 0.2;
/** A `Retry-After` longer than this is read as this. */
export const WEBHOOK_RETRY_AFTER_MAX_MS = 24 * 3600 * 1000;
/** An endpoint failing without a single success for this long is disabled and the agency told. */
export const WEBHOOK_FAILING_DAYS_TO_DISABLE = 5;

/**
 * `Retry-After` (RFC 9110 §10.2.3): delay-seconds or an HTTP-date, as milliseconds from `now`;
 * null when absent, unreadable or not in the future.
 */
export function parseRetryAfter(header: string | null | undefined, now: Date): number | null {
  if (!header) return null;
  const text = header.trim();
  if (/^\d{1,10}$/.test(text)) {
    const ms = Number(text) * 1000;
    return ms > 0 ? ms : null;
  }
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  const ms = at - now.getTime();
  return ms > 0 ? ms : null;
}

/**
 * When attempt number `attempts + 1` is due, `attempts` having failed; null when that was the last
 * one. `random` in [0, 1) picks the jitter; a later `Retry-After` wins, up to 24 h.
 */
export function nextAttemptAt({
  attempts,
  now,
  random,
  retryAfterMs = null,
}: {
  attempts: number;
  now: Date;
  random: number;
  retryAfterMs?: number | null;
}): Date | null {
  const base = WEBHOOK_RETRY_SCHEDULE_SECONDS[attempts - 1];
  if (base === undefined || attempts < 1) return null;
  const jittered = base * 1000 * (1 - WEBHOOK_RETRY_JITTER + 2 * WEBHOOK_RETRY_JITTER * random);
  const delay = Math.max(jittered, Math.min(retryAfterMs ?? 0, WEBHOOK_RETRY_AFTER_MAX_MS));
  return new Date(now.getTime() + Math.round(delay));
}

/** `whsec_…AbCd`: enough to tell two secrets apart, not enough to sign. */
export function maskSecret(secret: string): string {
  return `whsec_…${secret.slice(-4)}`;
}

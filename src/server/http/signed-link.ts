import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Download links signed with the session's own key (the hash of its cookie, which only the server
 * holds): they open in a new tab of the same browser, any process can check them, and they die with
 * the session or their time. `subject` names what the link opens (a report's id, a backup's name).
 */
const signature = (sessionId: string, subject: string, expires: number) =>
  createHmac('sha256', sessionId).update(`${subject}.${expires}`).digest('base64url');

export function signLink(sessionId: string, subject: string, seconds: number, now = Date.now()) {
  const expires = Math.floor(now / 1000) + seconds;
  return {
    token: `${expires}.${signature(sessionId, subject, expires)}`,
    expires_at: new Date(expires * 1000).toISOString(),
  };
}

/** Whether a token was signed by this session for this subject and has not expired. */
export function linkTokenValid(sessionId: string, subject: string, token: string, now = Date.now()): boolean {
  const [expiresText, mac] = token.split('.');
  const expires = Number(expiresText);
  if (!mac || !Number.isSafeInteger(expires) || expires < now / 1000) return false;
  const expected = Buffer.from(signature(sessionId, subject, expires));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

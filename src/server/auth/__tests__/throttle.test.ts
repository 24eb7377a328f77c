import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { login_attempts } from '../../db/schema';
import { createAgencyWithUser } from '../../testing/factories/agency.factory';
import { call, createTestContext, type TestContext } from '../../testing/test-app';
import { THROTTLE } from '../throttle';

let ctx: TestContext;
let user: { id: string; email: string; phone: string };

beforeAll(async () => {
  ctx = await createTestContext();
  const created = await createAgencyWithUser(ctx.handle.db, {
    user: { email: 'ana@potiguar.com.br', phone: '84988887777' },
  });
  user = { id: created.user.id, email: 'ana@potiguar.com.br', phone: '84988887777' };
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.handle.db.delete(login_attempts);
});

const signIn = (identifier: string, password: string, ip: string, app = ctx.app) =>
  call(app, 'POST', '/api/v1/auth/sign-in', { body: { identifier, password }, headers: { 'x-forwarded-for': ip } });

/** Attempts whose password was checked (recorded as a success or a failure, not refused before). */
async function evaluated(where: ReturnType<typeof sql>) {
  const rows = await ctx.handle.db
    .select({ n: sql<number>`count(*)::int` })
    .from(login_attempts)
    .where(where);
  return Number(rows[0]!.n);
}

describe('sign-in limits under parallel requests', () => {
  it(`40 parallel wrong passwords on one account: at most ${THROTTLE.maxFailuresPerAccount} are evaluated, the rest wait`, async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signIn(user.email, `Errada${i}A`, `10.40.0.${i}`)),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(THROTTLE.maxFailuresPerAccount);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(await evaluated(eq(login_attempts.account_key, `user:${user.id}`))).toBeLessThanOrEqual(
      THROTTLE.maxFailuresPerAccount,
    );
    const refused = answers.find((r) => r.status === 429)!;
    expect(refused.body.error.message).toMatch(/^Muitas tentativas de acesso\. Tente novamente em \d+ minutos?\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The right password waits too.
    expect((await signIn(user.email, 'Senha1234', '10.40.1.1')).status).toBe(429);
  });

  it('counts the account by user, however it is typed: e-mail and phone share one limit', async () => {
    for (let i = 0; i < THROTTLE.maxFailuresPerAccount; i++) {
      expect((await signIn(i % 2 ? user.email.toUpperCase() : user.email, 'Errada123', `10.41.0.${i}`)).status).toBe(
        401,
      );
    }
    expect((await signIn('(84) 98888-7777', 'Errada123', '10.41.1.1')).status).toBe(429);
    expect((await signIn('84988887777', 'Senha1234', '10.41.1.2')).status).toBe(429);
  });

  it(`100 parallel tries from one address over many accounts: at most ${THROTTLE.maxFailuresPerAddress} are evaluated`, async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => signIn(`pessoa${i}@exemplo.com`, 'Errada123', '10.42.0.1')),
    );
    expect(answers.filter((r) => r.status === 401).length).toBeLessThanOrEqual(THROTTLE.maxFailuresPerAddress);
    expect(answers.filter((r) => r.status !== 401 && r.status !== 429)).toEqual([]);
    expect(await evaluated(eq(login_attempts.ip, '10.42.0.1'))).toBeLessThanOrEqual(THROTTLE.maxFailuresPerAddress);
  });

  it('a success clears the account: failures before it no longer count', async () => {
    for (let i = 0; i < THROTTLE.maxFailuresPerAccount - 1; i++)
      expect((await signIn(user.email, 'Errada123', '10.43.0.1')).status).toBe(401);
    expect((await signIn(user.email, 'Senha1234', '10.43.0.2')).status).toBe(200);
    for (let i = 0; i < THROTTLE.maxFailuresPerAccount - 1; i++)
      expect((await signIn(user.email, 'Errada123', '10.43.0.3')).status).toBe(401);
    expect((await signIn(user.email, 'Senha1234', '10.43.0.4')).status).toBe(200);
  });
});

describe('client address behind a proxy (TRUST_PROXY)', () => {
  it('reads the address the trusted proxy saw (rightmost), not what the client wrote before it', async () => {
    // Each request claims a different address on the left; the proxy's entry on the right is the same.
    for (let i = 0; i < THROTTLE.maxFailuresPerAddress; i++) {
      expect((await signIn(`outra${i}@exemplo.com`, 'Errada123', `6.6.6.${i}, 10.44.0.1`)).status).toBe(401);
    }
    expect((await signIn('mais@exemplo.com', 'Errada123', '7.7.7.7, 10.44.0.1')).status).toBe(429);
    // Another office member behind another proxy address is not locked out.
    expect((await signIn(user.email, 'Senha1234', '10.44.0.2')).status).toBe(200);
  });

  it('ignores X-Forwarded-For unless told to trust a proxy', async () => {
    const app = createApp({ db: ctx.handle.db, logger: pino({ level: 'silent' }) });
    await signIn('alguem@exemplo.com', 'Errada123', '10.45.0.1', app);
    const [row] = await ctx.handle.db.select({ ip: login_attempts.ip }).from(login_attempts);
    expect(row!.ip).not.toBe('10.45.0.1');
  });
});

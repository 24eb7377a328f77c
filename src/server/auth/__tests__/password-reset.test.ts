import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_ANSWER } from '../../../domain/auth/two-factor.schema';
import { email_outbox, password_resets, sessions, users } from '../../db/schema';
import { sendDueEmails } from '../../email/email.service';
import { createAgencyWithUser } from '../../testing/factories/agency.factory';
import { call, createTestContext, signIn, type TestContext } from '../../testing/test-app';
import { hashToken } from '../sessions';
import { FORGOT_PASSWORD_MAX_PER_ADDRESS } from '../password-reset.service';

let ctx: TestContext;
let ipSeq = 0;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const newIp = () => `10.88.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

const forgot = (identifier: string, ip = newIp()) =>
  call(ctx.app, 'POST', '/api/v1/auth/password/forgot', { body: { identifier }, headers: { 'x-forwarded-for': ip } });

const reset = (token: string, password: string) =>
  call(ctx.app, 'POST', '/api/v1/auth/password/reset', { body: { token, password } });

/** The reset e-mails queued for a user, newest first, with the token their link carries. */
async function resetEmails(userId: string) {
  const rows = await ctx.handle.db
    .select()
    .from(email_outbox)
    .where(and(eq(email_outbox.user_id, userId), eq(email_outbox.template, 'password_reset')))
    .orderBy(sql`${email_outbox.created_at} DESC`);
  return rows.map((r) => ({ ...r, token: String(r.data.link).split('/').pop()! }));
}

describe('Esqueci minha senha', () => {
  it('answers the same for an unknown account, a known one and a phone, sending only to the known one', async () => {
    const made = await createAgencyWithUser(ctx.handle.db, { user: { phone: '84977776666' } });
    const unknown = await forgot('ninguem@exemplo.com');
    const known = await forgot(made.user.email!.toUpperCase());
    expect(unknown.status).toBe(202);
    expect(known.status).toBe(202);
    expect(unknown.body).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    expect(known.body).toEqual(unknown.body);

    const [mail] = await resetEmails(made.user.id);
    expect(mail).toMatchObject({ to_address: made.user.email, status: 'pending', agency_id: made.agency.id });
    expect(mail!.data).toMatchObject({ user_name: made.user.name, valid_minutes: 30 });
    expect(mail!.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the token's hash is kept with the link.
    const [link] = await ctx.handle.db.select().from(password_resets).where(eq(password_resets.user_id, made.user.id));
    expect(link!.token_hash).toBe(hashToken(mail!.token));
    const minutes = (new Date(link!.expires_at).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);

    // By phone: the link goes to the account's e-mail. The older link dies.
    expect((await forgot('(84) 97777-6666')).status).toBe(202);
    const mails = await resetEmails(made.user.id);
    expect(mails).toHaveLength(2);
    expect((await call(ctx.app, 'GET', `/api/v1/auth/password/reset/${mail!.token}`)).status).toBe(410);
    expect((await call(ctx.app, 'GET', `/api/v1/auth/password/reset/${mails[0]!.token}`)).body).toEqual({
      valid: true,
    });
  });

  it('sends nothing to a deactivated user or one without an e-mail', async () => {
    const gone = await createAgencyWithUser(ctx.handle.db, { user: { deactivated_at: new Date().toISOString() } });
    const phoneOnly = await createAgencyWithUser(ctx.handle.db, { user: { email: null, phone: '84966665555' } });
    expect((await forgot(gone.user.email!)).status).toBe(202);
    expect((await forgot('84966665555')).status).toBe(202);
    expect(await resetEmails(gone.user.id)).toHaveLength(0);
    expect(await resetEmails(phoneOnly.user.id)).toHaveLength(0);
  });

  it(`is limited to ${FORGOT_PASSWORD_MAX_PER_ADDRESS} requests per address in 15 minutes`, async () => {
    const ip = newIp();
    const statuses = [];
    for (let i = 0; i <= FORGOT_PASSWORD_MAX_PER_ADDRESS; i++)
      statuses.push((await forgot(`p${i}@exemplo.com`, ip)).status);
    expect(statuses).toEqual([...Array(FORGOT_PASSWORD_MAX_PER_ADDRESS).fill(202), 429]);
    const locked = await forgot('outra@exemplo.com', ip);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect((await forgot('outra@exemplo.com')).status).toBe(202);
  });

  it('refuses an empty identifier with a Portuguese message', async () => {
    const res = await call(ctx.app, 'POST', '/api/v1/auth/password/forgot', { body: { identifier: '  ' } });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.identifier).toBe('Informe seu e-mail ou telefone');
  });
});

describe('the reset link', () => {
  it('sets the password once and ends every session of the user', async () => {
    const made = await createAgencyWithUser(ctx.handle.db);
    const first = await signIn(ctx.app, made);
    const second = await signIn(ctx.app, made);
    await forgot(made.user.email!);
    const [mail] = await resetEmails(made.user.id);

    const weak = await reset(mail!.token, 'fraca');
    expect(weak.status).toBe(400);
    expect(weak.body.error.fields.password).toBe('A senha deve ter pelo menos 8 caracteres');

    expect((await reset(mail!.token, 'NovaSenha9')).status).toBe(204);
    expect(await ctx.handle.db.select().from(sessions).where(eq(sessions.user_id, made.user.id))).toHaveLength(0);
    expect((await call(ctx.app, 'GET', '/api/v1/auth/me', { cookie: first })).status).toBe(401);
    expect((await call(ctx.app, 'GET', '/api/v1/auth/me', { cookie: second })).status).toBe(401);
    const [row] = await ctx.handle.db.select().from(users).where(eq(users.id, made.user.id));
    expect(row!.password_changed_at).not.toBeNull();

    const old = await call(ctx.app, 'POST', '/api/v1/auth/sign-in', {
      body: { identifier: made.user.email, password: made.password },
    });
    expect(old.status).toBe(401);
    await signIn(ctx.app, { user: made.user, password: 'NovaSenha9' });

    // Used: a clear message, nothing changed.
    const again = await reset(mail!.token, 'OutraSenha7');
    expect(again.status).toBe(410);
    expect(again.body.error).toMatchObject({
      code: 'RESET_LINK_INVALID',
      message: 'Este link de redefinição já foi usado. Peça um novo em "Esqueci minha senha".',
    });
    const check = await call(ctx.app, 'GET', `/api/v1/auth/password/reset/${mail!.token}`);
    expect(check.status).toBe(410);
    await signIn(ctx.app, { user: made.user, password: 'NovaSenha9' });
  });

  it('an expired or unknown link changes nothing', async () => {
    const made = await createAgencyWithUser(ctx.handle.db);
    await forgot(made.user.email!);
    const [mail] = await resetEmails(made.user.id);
    await ctx.handle.db
      .update(password_resets)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(password_resets.user_id, made.user.id));
    const expired = await reset(mail!.token, 'NovaSenha9');
    expect(expired.status).toBe(410);
    expect(expired.body.error.message).toBe('Este link de redefinição expirou. Peça um novo em "Esqueci minha senha".');
    const unknown = await call(ctx.app, 'GET', `/api/v1/auth/password/reset/${'x'.repeat(43)}`);
    expect(unknown.status).toBe(410);
    expect(unknown.body.error.message).toBe('Link de redefinição inválido. Peça um novo em "Esqueci minha senha".');
    expect((await call(ctx.app, 'GET', '/api/v1/auth/password/reset/curto')).status).toBe(410);
    await signIn(ctx.app, made);
  });

  it('the e-mail carries the link; the outbox shows it to admins with the token hidden', async () => {
    const made = await createAgencyWithUser(ctx.handle.db);
    const cookie = await signIn(ctx.app, made);
    await forgot(made.user.email!);
    const [mail] = await resetEmails(made.user.id);
    await sendDueEmails(ctx.handle.db, { appUrl: 'https://app.exemplo.com.br' });

    const [rendered] = await ctx.handle.db.select().from(email_outbox).where(eq(email_outbox.id, mail!.id));
    expect(rendered!.status).toBe('held');
    expect(rendered!.subject).toBe('Redefinição de senha do Milheiro');
    expect(rendered!.text).toContain(`https://app.exemplo.com.br/redefinir-senha/${mail!.token}`);
    expect(rendered!.text).toContain('30 minutos');

    const list = await call(ctx.app, 'GET', '/api/v1/email/outbox', { cookie });
    expect(JSON.stringify(list.body)).not.toContain(mail!.token);
    const detail = await call(ctx.app, 'GET', `/api/v1/email/outbox/${mail!.id}`, { cookie });
    expect(detail.status).toBe(200);
    expect(detail.body.template).toBe('password_reset');
    expect(JSON.stringify(detail.body)).not.toContain(mail!.token);
    expect(detail.body.text).toContain('https://app.exemplo.com.br/redefinir-senha/[link oculto]');
    expect(detail.body.html).toContain('/redefinir-senha/[link oculto]');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, type TestContext } from '../../testing/test-app';
import { createAgencyWithUser, TEST_PASSWORD } from '../../testing/factories/agency.factory';
import { login_attempts, sessions, users } from '../../db/schema';

let ctx: TestContext;

const signUpBody = {
  agency: { legal_name: 'Viagens Potiguar Ltda', trade_name: 'Potiguar Milhas', cnpj: '11.222.333/0001-81' },
  user: { name: 'Maria José', email: 'Maria@Potiguar.com.br', phone: '(84) 99999-8888', password: 'Segura123' },
};

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

/** POST /api/v1/auth/sign-up with signUpBody, some fields of its agency and user changed. */
const signUp = (changes: { agency?: Record<string, string>; user?: Record<string, string> } = {}) =>
  call(ctx.app, 'POST', '/api/v1/auth/sign-up', {
    body: {
      ...signUpBody,
      agency: { ...signUpBody.agency, ...changes.agency },
      user: { ...signUpBody.user, ...changes.user },
    },
  });

/** POST /api/v1/auth/sign-in with these credentials, from the address `ip` (X-Forwarded-For) when given. */
const signInWith = (identifier: string | null, password: string, ip?: string) =>
  call(ctx.app, 'POST', '/api/v1/auth/sign-in', {
    body: { identifier, password },
    ...(ip === undefined ? {} : { headers: { 'x-forwarded-for': ip } }),
  });

describe('first-run sign-up', () => {
  it('is offered while there is no user', async () => {
    const res = await call(ctx.app, 'GET', '/api/v1/auth/setup');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ needs_setup: true, demo: null });
  });

  it('refuses a CNPJ with wrong check digits and a weak password, writing nothing', async () => {
    const res = await signUp({ agency: { cnpj: '11.222.333/0001-82' }, user: { password: 'fraca' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.fields['agency.cnpj']).toBe('CNPJ inválido');
    expect(res.body.error.fields['user.password']).toBe('A senha deve ter pelo menos 8 caracteres');
    expect(await ctx.handle.db.select().from(users)).toHaveLength(0);
  });

  it.each([
    ['semmaiuscula1', 'A senha deve conter pelo menos uma letra maiúscula'],
    ['SEMMINUSCULA1', 'A senha deve conter pelo menos uma letra minúscula'],
    ['SemNumeroAqui', 'A senha deve conter pelo menos um número'],
  ])('password %s is refused with "%s"', async (password, message) => {
    const res = await signUp({ user: { password } });
    expect(res.status).toBe(400);
    expect(res.body.error.fields['user.password']).toBe(message);
  });

  it('refuses malformed JSON with a Portuguese message', async () => {
    const res = await call(ctx.app, 'POST', '/api/v1/auth/sign-up', { rawBody: '{"agency":' });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: 'INVALID_JSON', message: 'O corpo da requisição não é um JSON válido.' });
  });

  it('creates the agency and first user, signs in, then closes open sign-up', async () => {
    const res = await signUp();
    expect(res.status).toBe(201);
    expect(res.body.agency).toMatchObject({ trade_name: 'Potiguar Milhas', cnpj: '11222333000181' });
    expect(res.body.user).toMatchObject({ name: 'Maria José', email: 'maria@potiguar.com.br', phone: '84999998888' });
    expect(res.body.user.password_hash).toBeUndefined();
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/milheiro_session=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);

    const me = await call(ctx.app, 'GET', '/api/v1/auth/me', { cookie: res.cookie });
    expect(me.status).toBe(200);
    expect(me.body.agency.legal_name).toBe('Viagens Potiguar Ltda');

    const setup = await call(ctx.app, 'GET', '/api/v1/auth/setup');
    expect(setup.body.needs_setup).toBe(false);
    const again = await signUp({ agency: { cnpj: '11.444.777/0001-61' }, user: { email: 'outra@x.com' } });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('SIGNUP_CLOSED');
    expect(await ctx.handle.db.select().from(users)).toHaveLength(1);
  });
});

describe('sign-in', () => {
  it('accepts e-mail (any case) or phone (any format)', async () => {
    const byEmail = await signInWith(' MARIA@potiguar.com.br ', 'Segura123');
    expect(byEmail.status).toBe(200);
    expect(byEmail.cookie).toBeDefined();
    const byPhone = await signInWith('84 99999 8888', 'Segura123');
    expect(byPhone.status).toBe(200);
    expect(byPhone.body.user.name).toBe('Maria José');
  });

  it('gives the same answer for an unknown account and a wrong password', async () => {
    const unknown = await signInWith('ninguem@x.com', 'Segura123', '10.0.0.9');
    const wrong = await signInWith('maria@potiguar.com.br', 'Errada123', '10.0.0.9');
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body.error.message).toBe('E-mail/telefone ou senha incorretos.');
  });

  it('requires identifier and password', async () => {
    const res = await signInWith('', '');
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toMatchObject({
      identifier: 'Informe seu e-mail ou telefone',
      password: 'Informe sua senha',
    });
  });

  it('locks an account after repeated failures: the right password is refused until the window passes', async () => {
    const { user } = await createAgencyWithUser(ctx.handle.db, { user: { email: 'alvo@agencia.com' } });
    for (let i = 0; i < 10; i++) {
      const res = await signInWith('alvo@agencia.com', `Errada${i}Aa`, `10.1.0.${i}`);
      expect(res.status).toBe(i < 5 ? 401 : 429);
    }
    const eleventh = await signInWith('alvo@agencia.com', TEST_PASSWORD, '10.1.0.99');
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.error.code).toBe('TOO_MANY_ATTEMPTS');
    expect(eleventh.body.error.message).toMatch(/^Muitas tentativas de acesso\. Tente novamente em \d+ minutos?\.$/);
    expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(eleventh.cookie).toBeUndefined();

    // Once the failures age out of the window, the right password works again.
    await ctx.handle.db.update(login_attempts).set({ created_at: '2000-01-01T00:00:00Z' });
    const later = await signInWith('alvo@agencia.com', TEST_PASSWORD);
    expect(later.status).toBe(200);
    expect(later.body.user.id).toBe(user.id);
  });

  it('limits failures per address across accounts', async () => {
    await ctx.handle.db.delete(login_attempts);
    for (let i = 0; i < 20; i++) {
      const res = await signInWith(`conta${i}@x.com`, 'Errada123', '10.2.0.1');
      expect(res.status).toBe(401);
    }
    const blocked = await signInWith('maria@potiguar.com.br', 'Segura123', '10.2.0.1');
    expect(blocked.status).toBe(429);
    const otherAddress = await signInWith('maria@potiguar.com.br', 'Segura123', '10.2.0.2');
    expect(otherAddress.status).toBe(200);
  });
});

describe('sessions', () => {
  async function signIn(ip = '10.3.0.1') {
    const res = await call(ctx.app, 'POST', '/api/v1/auth/sign-in', {
      body: { identifier: 'maria@potiguar.com.br', password: 'Segura123' },
      headers: { 'x-forwarded-for': ip, 'user-agent': `Teste ${ip}` },
    });
    expect(res.status).toBe(200);
    return res.cookie!;
  }

  it('needs a session for every private route', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/auth/me'],
      ['GET', '/api/v1/agency'],
      ['PUT', '/api/v1/agency/settings'],
      ['GET', '/api/v1/auth/sessions'],
      ['GET', '/api/v1/nao-existe'],
    ] as const) {
      const res = await call(ctx.app, method, path, { body: method === 'PUT' ? {} : undefined });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.error.message).toBe('Acesso não autorizado.');
    }
    const forged = await call(ctx.app, 'GET', '/api/v1/auth/me', { cookie: 'milheiro_session=forjado' });
    expect(forged.status).toBe(401);
  });

  it('refuses state changes from another origin', async () => {
    const cookie = await signIn();
    const res = await call(ctx.app, 'PUT', '/api/v1/me/notifications', {
      cookie,
      headers: { origin: 'https://evil.example' },
      body: { email_notifications: false, lot_expiring: false, sla_exceeded: false, margin_critical: false },
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('CROSS_ORIGIN');
    const crossSite = await call(ctx.app, 'POST', '/api/v1/auth/sign-out', {
      cookie,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    const form = await call(ctx.app, 'PUT', '/api/v1/me/notifications', {
      cookie,
      rawBody: 'email_notifications=false',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    const sameOrigin = await call(ctx.app, 'GET', '/api/v1/me/notifications', {
      cookie,
      headers: { origin: 'http://localhost' },
    });
    expect(sameOrigin.body).toEqual({
      email_notifications: true,
      lot_expiring: true,
      sla_exceeded: true,
      margin_critical: true,
      email_frequency: 'immediate',
    });
  });

  it('slides the expiry forward when a session is used after a while', async () => {
    const cookie = await signIn();
    const { eq } = await import('drizzle-orm');
    const { hashToken } = await import('../sessions');
    const id = hashToken(cookie.split('=')[1]!);
    const soon = new Date(Date.now() + 60_000).toISOString();
    await ctx.handle.db
      .update(sessions)
      .set({ last_seen_at: '2000-01-01T00:00:00Z', expires_at: soon })
      .where(eq(sessions.id, id));
    const res = await call(ctx.app, 'GET', '/api/v1/auth/me', { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/milheiro_session=.*Max-Age=60[0-9]{4}/);
    const [row] = await ctx.handle.db.select().from(sessions).where(eq(sessions.id, id));
    expect(new Date(row!.expires_at).getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);

    await ctx.handle.db.update(sessions).set({ expires_at: '2000-01-01T00:00:00Z' }).where(eq(sessions.id, id));
    expect((await call(ctx.app, 'GET', '/api/v1/auth/me', { cookie })).status).toBe(401);
  });

  it('lists own sessions, ends one and ends the others', async () => {
    const a = await signIn('10.4.0.1');
    const b = await signIn('10.4.0.2');
    const c = await signIn('10.4.0.3');
    const list = await call(ctx.app, 'GET', '/api/v1/auth/sessions', { cookie: a });
    const current = list.body.data.filter((s: { current: boolean }) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0].ip).toBe('10.4.0.1');
    expect(current[0].user_agent).toBe('Teste 10.4.0.1');
    const bRow = list.body.data.find((s: { ip: string }) => s.ip === '10.4.0.2');
    expect((await call(ctx.app, 'DELETE', `/api/v1/auth/sessions/${bRow.id}`, { cookie: a })).status).toBe(204);
    expect((await call(ctx.app, 'GET', '/api/v1/auth/me', { cookie: b })).status).toBe(401);
    expect((await call(ctx.app, 'DELETE', `/api/v1/auth/sessions/${bRow.id}`, { cookie: a })).status).toBe(404);
    expect((await call(ctx.app, 'DELETE', '/api/v1/auth/sessions/xyz', { cookie: a })).status).toBe(404);
    expect((await call(ctx.app, 'GET', '/api/v1/auth/me', { cookie: c })).status).toBe(200);
    expect((await call(ctx.app, 'DELETE', '/api/v1/auth/sessions', { cookie: a })).status).toBe(204);
    expect((await call(ctx.app, 'GET', '/api/v1/auth/me', { cookie: c })).status).toBe(401);
    expect((await call(ctx.app, 'GET', '/api/v1/auth/me', { cookie: a })).status).toBe(200);
  });

  it("cannot end another agency's session", async () => {
    const other = await createAgencyWithUser(ctx.handle.db);
    const otherLogin = await signInWith(other.user.email, other.password);
    const otherList = await call(ctx.app, 'GET', '/api/v1/auth/sessions', { cookie: otherLogin.cookie });
    const mine = await signIn();
    const res = await call(ctx.app, 'DELETE', `/api/v1/auth/sessions/${otherList.body.data[0].id}`, { cookie: mine });
    expect(res.status).toBe(404);
    expect((await call(ctx.app, 'GET', '/api/v1/auth/me', { cookie: otherLogin.cookie })).status).toBe(200);
  });

  it('changes the password: wrong current refused, new one works, other sessions end', async () => {
    const a = await signIn('10.5.0.1');
    const b = await signIn('10.5.0.2');
    const wrong = await call(ctx.app, 'PUT', '/api/v1/auth/password', {
      cookie: a,
      body: { current_password: 'Errada123', new_password: 'NovaSenha1' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toEqual({ current_password: 'Senha atual incorreta' });
    const weak = await call(ctx.app, 'PUT', '/api/v1/auth/password', {
      cookie: a,
      body: { current_password: 'Segura123', new_password: 'fraca' },
    });
    expect(weak.status).toBe(400);
    const ok = await call(ctx.app, 'PUT', '/api/v1/auth/password', {
      cookie: a,
      body: { current_password: 'Segura123', new_password: 'NovaSenha1' },
    });
    expect(ok.status).toBe(204);
    expect((await call(ctx.app, 'GET', '/api/v1/auth/me', { cookie: b })).status).toBe(401);
    expect((await call(ctx.app, 'GET', '/api/v1/auth/me', { cookie: a })).status).toBe(200);
    const old = await signInWith('maria@potiguar.com.br', 'Segura123', '10.5.0.9');
    expect(old.status).toBe(401);
    const fresh = await signInWith('maria@potiguar.com.br', 'NovaSenha1', '10.5.0.9');
    expect(fresh.status).toBe(200);
  });

  it('signs out: the cookie stops working', async () => {
    const { default: _ } = { default: null };
    const res = await signInWith('maria@potiguar.com.br', 'NovaSenha1');
    const out = await call(ctx.app, 'POST', '/api/v1/auth/sign-out', { cookie: res.cookie });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/milheiro_session=;/);
    expect((await call(ctx.app, 'GET', '/api/v1/auth/me', { cookie: res.cookie })).status).toBe(401);
  });
});

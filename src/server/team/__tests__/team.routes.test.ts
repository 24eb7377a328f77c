import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FORBIDDEN_MESSAGE } from '../../../domain/auth/roles';
import { TEAM_MESSAGES } from '../../../domain/team/team.schema';
import { createApp } from '../../app';
import { TEST_PASSWORD_COST } from '../../auth/password';
import { activity, email_outbox, import_jobs, invitations, sessions, users } from '../../db/schema';
import { renderEmail } from '../../email/templates/render-email';
import { createTeamMember } from '../../testing/factories/team.factory';
import { call, createTestContext, signedInAgency, signIn, type TestContext } from '../../testing/test-app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
const tokenOf = (link: string) => link.split('/convite/')[1]!;

/** An agency with its admin signed in, and an operador of it signed in too. */
async function team() {
  const admin = await signedInAgency(ctx);
  const operador = await createTeamMember(ctx.handle.db, admin.agencyId);
  const operadorCookie = await signIn(ctx.app, operador);
  return { admin, operador: { ...operador, cookie: operadorCookie } };
}

const invite = (cookie: string, body: unknown) => call(ctx.app, 'POST', '/api/v1/team/invitations', { cookie, body });
const accept = (token: string, body: unknown) =>
  call(ctx.app, 'POST', `/api/v1/auth/invitations/${token}/accept`, { body });
const acceptBody = { name: 'João Batista Lima', phone: '', password: 'Convite123' };

describe('team users', () => {
  it('lists the agency’s users with role, last sign-in and status, to admins only', async () => {
    const { admin, operador } = await team();
    const res = await call(ctx.app, 'GET', '/api/v1/team/users', { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(2);
    const me = res.body.data.find((u: { id: string }) => u.id === admin.user.id);
    expect(me).toMatchObject({ role: 'admin', status: 'active', me: true, email: admin.user.email });
    expect(res.body.data.find((u: { id: string }) => u.id === operador.user.id)).toMatchObject({
      role: 'operador',
      status: 'active',
      me: false,
    });

    const refused = await call(ctx.app, 'GET', '/api/v1/team/users', { cookie: operador.cookie });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({ code: 'FORBIDDEN', message: FORBIDDEN_MESSAGE });
  });

  it('never shows another agency’s users', async () => {
    const { admin } = await team();
    const other = await team();
    const res = await call(ctx.app, 'GET', '/api/v1/team/users', { cookie: admin.cookie });
    const ids = res.body.data.map((u: { id: string }) => u.id);
    expect(ids).not.toContain(other.admin.user.id);
    const change = await call(ctx.app, 'PUT', `/api/v1/team/users/${other.operador.user.id}/role`, {
      cookie: admin.cookie,
      body: { role: 'admin' },
    });
    expect(change.status).toBe(404);
    expect(change.body.error.message).toBe(TEAM_MESSAGES.userNotFound);
  });

  it('changes a role and records it with before and after', async () => {
    const { admin, operador } = await team();
    const res = await call(ctx.app, 'PUT', `/api/v1/team/users/${operador.user.id}/role`, {
      cookie: admin.cookie,
      body: { role: 'admin' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: operador.user.id, role: 'admin' });
    // The promoted user's next request carries the new role.
    expect((await call(ctx.app, 'GET', '/api/v1/team/users', { cookie: operador.cookie })).status).toBe(200);
    const [line] = await ctx.handle.db
      .select()
      .from(activity)
      .where(and(eq(activity.agency_id, admin.agencyId), eq(activity.kind, 'user_role_changed')));
    expect(line).toMatchObject({
      ref_id: operador.user.id,
      user_id: admin.user.id,
      changes: { role: ['operador', 'admin'] },
    });
    expect(line!.description).toContain('de Operador para Administrador');
  });

  it('refuses a role it does not know with a Portuguese message', async () => {
    const { admin, operador } = await team();
    for (const role of ['dono', 'ADMIN', null, 3]) {
      const res = await call(ctx.app, 'PUT', `/api/v1/team/users/${operador.user.id}/role`, {
        cookie: admin.cookie,
        body: { role },
      });
      expect(res.status, String(role)).toBe(400);
      expect(res.body.error.fields.role).toBe(role === null ? TEAM_MESSAGES.roleInvalid : TEAM_MESSAGES.roleInvalid);
    }
    const missing = await call(ctx.app, 'PUT', `/api/v1/team/users/${operador.user.id}/role`, {
      cookie: admin.cookie,
      body: {},
    });
    expect(missing.body.error.fields.role).toBe(TEAM_MESSAGES.roleRequired);
    const [row] = await ctx.handle.db.select().from(users).where(eq(users.id, operador.user.id));
    expect(row!.role).toBe('operador');
  });

  it('keeps the last active admin: demoting or deactivating themselves is a 409 and changes nothing', async () => {
    const { admin } = await team();
    for (const [method, path, body] of [
      ['PUT', `/api/v1/team/users/${admin.user.id}/role`, { role: 'operador' }],
      ['POST', `/api/v1/team/users/${admin.user.id}/deactivate`, undefined],
    ] as const) {
      const res = await call(ctx.app, method, path, { cookie: admin.cookie, body });
      expect(res.status).toBe(409);
      expect(res.body.error).toEqual({ code: 'LAST_ADMIN', message: TEAM_MESSAGES.lastAdmin });
    }
    const [row] = await ctx.handle.db.select().from(users).where(eq(users.id, admin.user.id));
    expect(row).toMatchObject({ role: 'admin', deactivated_at: null });
    expect(await ctx.handle.db.select().from(sessions).where(eq(sessions.user_id, admin.user.id))).not.toHaveLength(0);
    const lines = await ctx.handle.db
      .select()
      .from(activity)
      .where(and(eq(activity.agency_id, admin.agencyId), sql`${activity.kind} LIKE 'user_%'`));
    expect(lines).toHaveLength(0);
  });

  it('lets an admin step down once another admin is there', async () => {
    const { admin } = await team();
    const second = await createTeamMember(ctx.handle.db, admin.agencyId, { role: 'admin' });
    const res = await call(ctx.app, 'PUT', `/api/v1/team/users/${admin.user.id}/role`, {
      cookie: admin.cookie,
      body: { role: 'operador' },
    });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('operador');
    // Now an operador: the team routes refuse them.
    expect((await call(ctx.app, 'GET', '/api/v1/team/users', { cookie: admin.cookie })).status).toBe(403);
    // And the remaining admin is the last one.
    const secondCookie = await signIn(ctx.app, second);
    const last = await call(ctx.app, 'POST', `/api/v1/team/users/${second.user.id}/deactivate`, {
      cookie: secondCookie,
    });
    expect(last.status).toBe(409);
  });

  it('two admins demoting each other at once leave one admin', async () => {
    const { admin } = await team();
    const second = await createTeamMember(ctx.handle.db, admin.agencyId, { role: 'admin' });
    const secondCookie = await signIn(ctx.app, second);
    const results = await Promise.all([
      call(ctx.app, 'PUT', `/api/v1/team/users/${second.user.id}/role`, {
        cookie: admin.cookie,
        body: { role: 'operador' },
      }),
      call(ctx.app, 'PUT', `/api/v1/team/users/${admin.user.id}/role`, {
        cookie: secondCookie,
        body: { role: 'operador' },
      }),
    ]);
    const statuses = results.map((r) => r.status).sort((a, b) => a - b);
    // One wins; the other finds the agency would be left without an admin (or, refused at the door, is no admin any more).
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const admins = await ctx.handle.db
      .select()
      .from(users)
      .where(and(eq(users.agency_id, admin.agencyId), eq(users.role, 'admin')));
    expect(admins).toHaveLength(1);
  });

  it('deactivates a user: their sessions end at once, their history stays; reactivation lets them back', async () => {
    const { admin, operador } = await team();
    await ctx.handle.db.insert(activity).values({
      agency_id: admin.agencyId,
      user_id: operador.user.id,
      kind: 'client_created',
      description: 'Cliente X cadastrado',
    });
    expect((await call(ctx.app, 'GET', '/api/v1/auth/me', { cookie: operador.cookie })).status).toBe(200);
    const res = await call(ctx.app, 'POST', `/api/v1/team/users/${operador.user.id}/deactivate`, {
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'deactivated' });
    expect(res.body.deactivated_at).not.toBeNull();
    expect(await ctx.handle.db.select().from(sessions).where(eq(sessions.user_id, operador.user.id))).toHaveLength(0);
    expect((await call(ctx.app, 'GET', '/api/v1/auth/me', { cookie: operador.cookie })).status).toBe(401);
    // History stays theirs.
    const theirs = await ctx.handle.db.select().from(activity).where(eq(activity.user_id, operador.user.id));
    expect(theirs).toHaveLength(1);
    const [line] = await ctx.handle.db
      .select()
      .from(activity)
      .where(and(eq(activity.agency_id, admin.agencyId), eq(activity.kind, 'user_deactivated')));
    expect(line!.ref_id).toBe(operador.user.id);

    const back = await call(ctx.app, 'POST', `/api/v1/team/users/${operador.user.id}/reactivate`, {
      cookie: admin.cookie,
    });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ status: 'active', deactivated_at: null });
    const cookie = await signIn(ctx.app, operador);
    expect((await call(ctx.app, 'GET', '/api/v1/auth/me', { cookie })).status).toBe(200);
  });

  it('answers 404 for an id that is not a UUID or not a user', async () => {
    const { admin } = await team();
    for (const id of ['abc', '00000000-0000-4000-8000-000000000000']) {
      const res = await call(ctx.app, 'POST', `/api/v1/team/users/${id}/deactivate`, { cookie: admin.cookie });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('USER_NOT_FOUND');
    }
  });
});

describe('invitations', () => {
  it('invites by e-mail: a 72 h single-use link, its hash stored, the e-mail queued, the link shown without SMTP', async () => {
    const { admin } = await team();
    const res = await invite(admin.cookie, { email: '  Joao.Lima@Potiguar.com.br ', role: 'operador' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: 'joao.lima@potiguar.com.br', role: 'operador', status: 'pending' });
    expect(res.body.link).toMatch(/^http:\/\/localhost\/convite\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(res.body.link);
    const [row] = await ctx.handle.db.select().from(invitations).where(eq(invitations.id, res.body.id));
    expect(row!.token_hash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const hours = (new Date(row!.expires_at).getTime() - new Date(row!.created_at).getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(72, 3);

    const [mail] = await ctx.handle.db
      .select()
      .from(email_outbox)
      .where(and(eq(email_outbox.agency_id, admin.agencyId), eq(email_outbox.template, 'invitation')));
    expect(mail).toMatchObject({ to_address: 'joao.lima@potiguar.com.br', status: 'pending' });
    const rendered = await renderEmail(mail!, {
      agencyName: admin.agency.trade_name,
      appUrl: 'https://app.milheiro.test',
    });
    expect(rendered.subject).toBe(`Convite para a equipe de ${admin.agency.trade_name} no Milheiro`);
    expect(rendered.text).toContain(`https://app.milheiro.test/convite/${token}`);
    expect(rendered.text).toContain('Operador');
    expect(rendered.text).toContain('72 horas');
    expect(rendered.html).toContain(`https://app.milheiro.test/convite/${token}`);

    const [line] = await ctx.handle.db
      .select()
      .from(activity)
      .where(and(eq(activity.agency_id, admin.agencyId), eq(activity.kind, 'user_invited')));
    expect(line!.description).toBe('Convite enviado para joao.lima@potiguar.com.br (Operador)');

    const list = await call(ctx.app, 'GET', '/api/v1/team/invitations', { cookie: admin.cookie });
    expect(list.status).toBe(200);
    expect(list.body.smtp_configured).toBe(false);
    expect(list.body.data).toEqual([
      expect.objectContaining({ id: res.body.id, status: 'pending', invited_by_name: admin.user.name }),
    ]);
    expect(JSON.stringify(list.body)).not.toContain(token);
  });

  it('with SMTP configured, the answer carries no link', async () => {
    const app = createApp({
      db: ctx.handle.db,
      logger: pino({ level: 'silent' }),
      passwordCost: TEST_PASSWORD_COST,
      smtpConfigured: true,
    });
    const { admin } = await team();
    const res = await call(app, 'POST', '/api/v1/team/invitations', {
      cookie: admin.cookie,
      body: { email: 'com.smtp@potiguar.com.br', role: 'admin' },
    });
    expect(res.status).toBe(201);
    expect(res.body.link).toBeNull();
    const resent = await call(app, 'POST', `/api/v1/team/invitations/${res.body.id}/resend`, { cookie: admin.cookie });
    expect(resent.body.link).toBeNull();
  });

  it('refuses an e-mail already a user’s or already invited, and a bad role or e-mail, in Portuguese', async () => {
    const { admin, operador } = await team();
    const member = await invite(admin.cookie, { email: operador.user.email, role: 'operador' });
    expect(member.status).toBe(409);
    expect(member.body.error).toMatchObject({ code: 'ALREADY_MEMBER', message: TEAM_MESSAGES.alreadyMember });

    const other = await team();
    const elsewhere = await invite(admin.cookie, { email: other.admin.user.email!.toUpperCase(), role: 'operador' });
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.error.code).toBe('EMAIL_REGISTERED');

    expect((await invite(admin.cookie, { email: 'dupla@potiguar.com.br', role: 'operador' })).status).toBe(201);
    const twice = await invite(admin.cookie, { email: 'Dupla@potiguar.com.br', role: 'admin' });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toMatchObject({ code: 'ALREADY_INVITED', message: TEAM_MESSAGES.alreadyInvited });

    const bad = await invite(admin.cookie, { email: 'não é e-mail', role: 'gerente' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ email: TEAM_MESSAGES.emailInvalid, role: TEAM_MESSAGES.roleInvalid });

    const rows = await ctx.handle.db.select().from(invitations).where(eq(invitations.agency_id, admin.agencyId));
    expect(rows).toHaveLength(1);
  });

  it('is admin-only: an operador cannot invite, resend or revoke', async () => {
    const { admin, operador } = await team();
    const made = await invite(admin.cookie, { email: 'alguem@potiguar.com.br', role: 'operador' });
    for (const [method, path] of [
      ['POST', '/api/v1/team/invitations'],
      ['GET', '/api/v1/team/invitations'],
      ['POST', `/api/v1/team/invitations/${made.body.id}/resend`],
      ['POST', `/api/v1/team/invitations/${made.body.id}/revoke`],
    ] as const) {
      const res = await call(ctx.app, method, path, {
        cookie: operador.cookie,
        body: method === 'POST' ? { email: 'x@y.com.br', role: 'admin' } : undefined,
      });
      expect(res.status, path).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
    }
    const [row] = await ctx.handle.db.select().from(invitations).where(eq(invitations.id, made.body.id));
    expect(row!.revoked_at).toBeNull();
    expect(row!.token_hash).toBe(sha256(tokenOf(made.body.link)));
  });

  it('accept page: the agency, e-mail and role; then accepting creates the user with that role, signed in', async () => {
    const { admin } = await team();
    const made = await invite(admin.cookie, { email: 'joana.dark@potiguar.com.br', role: 'operador' });
    const token = tokenOf(made.body.link);

    const preview = await call(ctx.app, 'GET', `/api/v1/auth/invitations/${token}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      agency_name: admin.agency.trade_name,
      email: 'joana.dark@potiguar.com.br',
      role: 'operador',
    });

    const weak = await accept(token, { ...acceptBody, password: 'fraca' });
    expect(weak.status).toBe(400);
    expect(weak.body.error.fields.password).toBe('A senha deve ter pelo menos 8 caracteres');
    const noName = await accept(token, { password: 'Convite123' });
    expect(noName.body.error.fields.name).toBe('Nome é obrigatório');

    const res = await accept(token, { ...acceptBody, phone: '(84) 98888-1234' });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({
      name: 'João Batista Lima',
      email: 'joana.dark@potiguar.com.br',
      phone: '84988881234',
      role: 'operador',
    });
    expect(res.body.agency.id).toBe(admin.agencyId);
    expect(res.cookie).toMatch(/^milheiro_session=/);
    const me = await call(ctx.app, 'GET', '/api/v1/auth/me', { cookie: res.cookie });
    expect(me.status).toBe(200);
    expect(me.body.user.role).toBe('operador');
    expect((await call(ctx.app, 'GET', '/api/v1/team/users', { cookie: res.cookie })).status).toBe(403);
    // They sign in again with the password they chose.
    const again = await call(ctx.app, 'POST', '/api/v1/auth/sign-in', {
      body: { identifier: 'joana.dark@potiguar.com.br', password: 'Convite123' },
    });
    expect(again.status).toBe(200);

    const [row] = await ctx.handle.db.select().from(invitations).where(eq(invitations.id, made.body.id));
    expect(row!.accepted_at).not.toBeNull();
    expect(row!.accepted_user_id).toBe(res.body.user.id);
    const [line] = await ctx.handle.db
      .select()
      .from(activity)
      .where(and(eq(activity.agency_id, admin.agencyId), eq(activity.kind, 'invitation_accepted')));
    expect(line).toMatchObject({ user_id: res.body.user.id, ref_id: res.body.user.id });

    const listed = await call(ctx.app, 'GET', '/api/v1/team/invitations', { cookie: admin.cookie });
    expect(listed.body.data[0].status).toBe('accepted');
    const team2 = await call(ctx.app, 'GET', '/api/v1/team/users', { cookie: admin.cookie });
    expect(team2.body.data.map((u: { email: string }) => u.email)).toContain('joana.dark@potiguar.com.br');
  });

  it('a used, expired, revoked or unknown link: a clear message, nothing changed', async () => {
    const { admin } = await team();
    const countUsers = async () =>
      (await ctx.handle.db.select().from(users).where(eq(users.agency_id, admin.agencyId))).length;

    const used = tokenOf((await invite(admin.cookie, { email: 'usado@potiguar.com.br', role: 'operador' })).body.link);
    expect((await accept(used, acceptBody)).status).toBe(201);
    const before = await countUsers();
    const reused = await accept(used, { ...acceptBody, name: 'Outra Pessoa' });
    expect(reused.status).toBe(410);
    expect(reused.body.error).toEqual({ code: 'INVITATION_USED', message: TEAM_MESSAGES.linkUsed });
    expect((await call(ctx.app, 'GET', `/api/v1/auth/invitations/${used}`)).body.error.code).toBe('INVITATION_USED');

    const expiredMade = await invite(admin.cookie, { email: 'expirado@potiguar.com.br', role: 'operador' });
    await ctx.handle.db
      .update(invitations)
      .set({ expires_at: sql`now() - interval '1 minute'` })
      .where(eq(invitations.id, expiredMade.body.id));
    const expired = await accept(tokenOf(expiredMade.body.link), acceptBody);
    expect(expired.status).toBe(410);
    expect(expired.body.error).toEqual({ code: 'INVITATION_EXPIRED', message: TEAM_MESSAGES.linkExpired });

    const revokedMade = await invite(admin.cookie, { email: 'revogado@potiguar.com.br', role: 'admin' });
    const revoked = await call(ctx.app, 'POST', `/api/v1/team/invitations/${revokedMade.body.id}/revoke`, {
      cookie: admin.cookie,
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body.status).toBe('revoked');
    const refused = await accept(tokenOf(revokedMade.body.link), acceptBody);
    expect(refused.status).toBe(410);
    expect(refused.body.error).toEqual({ code: 'INVITATION_REVOKED', message: TEAM_MESSAGES.linkRevoked });
    // Revoking twice, or resending a revoked one, is refused.
    expect(
      (await call(ctx.app, 'POST', `/api/v1/team/invitations/${revokedMade.body.id}/revoke`, { cookie: admin.cookie }))
        .status,
    ).toBe(409);

    for (const token of ['x'.repeat(43), 'curto', 'A'.repeat(44)]) {
      const unknown = await call(ctx.app, 'GET', `/api/v1/auth/invitations/${token}`);
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toEqual({ code: 'INVITATION_UNKNOWN', message: TEAM_MESSAGES.linkUnknown });
      expect((await accept(token, acceptBody)).status).toBe(404);
    }
    expect(await countUsers()).toBe(before);
  });

  it('resend: a new link valid 72 h more; the old link is dead; an expired one can be resent', async () => {
    const { admin } = await team();
    const made = await invite(admin.cookie, { email: 'reenvio@potiguar.com.br', role: 'operador' });
    await ctx.handle.db
      .update(invitations)
      .set({ expires_at: sql`now() - interval '1 hour'` })
      .where(eq(invitations.id, made.body.id));
    const resent = await call(ctx.app, 'POST', `/api/v1/team/invitations/${made.body.id}/resend`, {
      cookie: admin.cookie,
    });
    expect(resent.status).toBe(200);
    expect(resent.body.status).toBe('pending');
    expect(resent.body.link).not.toBe(made.body.link);
    expect(new Date(resent.body.expires_at).getTime() - Date.now()).toBeGreaterThan(71.9 * 3_600_000);
    expect((await call(ctx.app, 'GET', `/api/v1/auth/invitations/${tokenOf(made.body.link)}`)).status).toBe(404);
    expect((await accept(tokenOf(made.body.link), acceptBody)).status).toBe(404);
    const mails = await ctx.handle.db
      .select()
      .from(email_outbox)
      .where(and(eq(email_outbox.agency_id, admin.agencyId), eq(email_outbox.to_address, 'reenvio@potiguar.com.br')));
    expect(mails).toHaveLength(2);
    expect((await accept(tokenOf(resent.body.link), acceptBody)).status).toBe(201);
    // Accepted: neither resent nor revoked.
    for (const action of ['resend', 'revoke']) {
      const res = await call(ctx.app, 'POST', `/api/v1/team/invitations/${made.body.id}/${action}`, {
        cookie: admin.cookie,
      });
      expect(res.status, action).toBe(409);
      expect(res.body.error.code).toBe('INVITATION_NOT_PENDING');
    }
  });

  it('an invited admin joins as admin', async () => {
    const { admin } = await team();
    const made = await invite(admin.cookie, { email: 'socia@potiguar.com.br', role: 'admin' });
    const res = await accept(tokenOf(made.body.link), { name: 'Sócia Nova', password: 'Convite123' });
    expect(res.status).toBe(201);
    expect(res.body.user.role).toBe('admin');
    expect((await call(ctx.app, 'GET', '/api/v1/team/users', { cookie: res.cookie })).status).toBe(200);
  });

  it('refuses a phone already another user’s, leaving the invitation pending', async () => {
    const { admin } = await team();
    await createTeamMember(ctx.handle.db, admin.agencyId, { phone: '84977776666' });
    const made = await invite(admin.cookie, { email: 'fone@potiguar.com.br', role: 'operador' });
    const res = await accept(tokenOf(made.body.link), { ...acceptBody, phone: '(84) 97777-6666' });
    expect(res.status).toBe(409);
    expect(res.body.error.fields.phone).toBe(TEAM_MESSAGES.phoneTaken);
    const [row] = await ctx.handle.db.select().from(invitations).where(eq(invitations.id, made.body.id));
    expect(row!.accepted_at).toBeNull();
  });
});

describe('undoing an import', () => {
  let admin: Awaited<ReturnType<typeof team>>['admin'];
  let operador: Awaited<ReturnType<typeof team>>['operador'];
  beforeEach(async () => {
    ({ admin, operador } = await team());
  });

  const completedJob = async (userId: string) => {
    const [job] = await ctx.handle.db
      .insert(import_jobs)
      .values({
        agency_id: admin.agencyId,
        user_id: userId,
        kind: 'clients',
        file_name: 'clientes.csv',
        file_size: 10,
        status: 'completed',
        phase: 'done',
      })
      .returning({ id: import_jobs.id });
    return job!.id;
  };

  it('an operador may not undo another user’s import (403, nothing changed), but may undo their own', async () => {
    const adminsJob = await completedJob(admin.user.id);
    const res = await call(ctx.app, 'POST', `/api/v1/imports/${adminsJob}/undo`, { cookie: operador.cookie });
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({ code: 'FORBIDDEN', message: TEAM_MESSAGES.undoOthersImport });
    const [row] = await ctx.handle.db.select().from(import_jobs).where(eq(import_jobs.id, adminsJob));
    expect(row!.status).toBe('completed');

    const own = await completedJob(operador.user.id);
    const undone = await call(ctx.app, 'POST', `/api/v1/imports/${own}/undo`, { cookie: operador.cookie });
    expect(undone.status).toBe(200);
    expect(undone.body.status).toBe('undone');
  });

  it('an admin may undo anyone’s import', async () => {
    const operadorsJob = await completedJob(operador.user.id);
    const res = await call(ctx.app, 'POST', `/api/v1/imports/${operadorsJob}/undo`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('undone');
  });
});

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN_MESSAGE } from '../../domain/auth/roles';
import { agencies, program_rules, users, webhook_endpoints } from '../db/schema';
import { buildOpenApiDocument } from '../openapi';
import { createTeamMember } from '../testing/factories/team.factory';
import { call, createTestContext, signedInAgency, signIn, type TestContext } from '../testing/test-app';
import { newWebhookSecret } from '../webhooks/signing';

/**
 * The role matrix of docs/decisions/0026-team-and-roles.md, for EVERY route the app serves: each
 * operation of the generated OpenAPI document is called by an admin and by an operador of the same
 * agency (random ids, empty bodies: what is checked is who is let in, not what the route does).
 * An operador gets 403 FORBIDDEN exactly on the `x-access: admin` routes and never a 403 on a member
 * route; an admin never gets a 403. The admin routes are listed below: adding one is a visible decision.
 */
const ADMIN_ROUTES = [
  'post /api/v1/rules',
  'put /api/v1/agency',
  'put /api/v1/agency/settings',
  'put /api/v1/rules/{id}',
  'delete /api/v1/rules/{id}',
  'get /api/v1/webhooks',
  'post /api/v1/webhooks',
  'get /api/v1/webhooks/{id}',
  'put /api/v1/webhooks/{id}',
  'delete /api/v1/webhooks/{id}',
  'post /api/v1/webhooks/{id}/secret',
  'post /api/v1/webhooks/{id}/test',
  'get /api/v1/webhooks/{id}/deliveries',
  'post /api/v1/webhooks/{id}/deliveries/{deliveryId}/resend',
  'get /api/v1/email/outbox',
  'get /api/v1/email/outbox/{id}',
  'get /api/v1/team/users',
  'put /api/v1/team/users/{id}/role',
  'post /api/v1/team/users/{id}/deactivate',
  'post /api/v1/team/users/{id}/reactivate',
  'get /api/v1/team/invitations',
  'post /api/v1/team/invitations',
  'post /api/v1/team/invitations/{id}/resend',
  'post /api/v1/team/invitations/{id}/revoke',
  'get /api/v1/audit',
  'get /api/v1/audit/export',
  'get /api/v1/audit/users',
  'get /api/v1/clients/{id}/lgpd-export',
  'post /api/v1/clients/{id}/anonymize',
  'get /api/v1/backups',
  'post /api/v1/backups/newest/link',
  'get /api/v1/backups/{name}/download',
  'put /api/v1/conversions',
].sort();

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'];

type Operation = { 'x-access'?: 'member' | 'admin'; security?: unknown[] };
type Route = { key: string; method: string; path: string; access: 'member' | 'admin' };

let ctx: TestContext;
let routes: Route[];
let admin: Awaited<ReturnType<typeof signedInAgency>>;
let operadorCookie: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const doc = (await buildOpenApiDocument(ctx.app)) as { paths: Record<string, Record<string, Operation>> };
  routes = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method, op]) => HTTP_METHODS.includes(method) && op['x-access'] !== undefined)
      .map(([method, op]) => ({ key: `${method} ${path}`, method, path, access: op['x-access']! })),
  );
  admin = await signedInAgency(ctx);
  const operador = await createTeamMember(ctx.handle.db, admin.agencyId);
  operadorCookie = await signIn(ctx.app, operador);
});
afterAll(async () => {
  await ctx.close();
});

/** The route's path with a fresh UUID for each parameter. */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, () => randomUUID());

async function callAs(cookie: string, route: Route) {
  const hasBody = route.method !== 'get' && route.method !== 'delete';
  return call(ctx.app, route.method.toUpperCase(), concrete(route.path), {
    cookie,
    ...(hasBody ? { body: {} } : {}),
  });
}

describe('role matrix', () => {
  it('documents every signed-in route with its access, and the admin routes are exactly the listed ones', () => {
    expect(routes.length).toBeGreaterThan(80);
    for (const route of routes) expect(['member', 'admin'], route.key).toContain(route.access);
    expect(
      routes
        .filter((r) => r.access === 'admin')
        .map((r) => r.key)
        .sort(),
    ).toEqual(ADMIN_ROUTES);
  });

  it('an operador gets 403 FORBIDDEN exactly on the admin routes; an admin never gets a 403', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const asOperador = await callAs(operadorCookie, route);
      if (route.access === 'admin') {
        if (asOperador.status !== 403 || asOperador.body?.error?.code !== 'FORBIDDEN') {
          wrong.push(`${route.key} as operador: ${asOperador.status} ${asOperador.body?.error?.code}`);
        } else expect(asOperador.body.error.message).toBe(FORBIDDEN_MESSAGE);
      } else if (asOperador.status === 403 || asOperador.status === 401) {
        wrong.push(`${route.key} as operador: ${asOperador.status} ${asOperador.body?.error?.code}`);
      }
      const asAdmin = await callAs(admin.cookie, route);
      if (asAdmin.status === 403 || asAdmin.status === 401) {
        wrong.push(`${route.key} as admin: ${asAdmin.status} ${asAdmin.body?.error?.code}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a 403 changes nothing: the agency, its rules, its webhooks and its team stay as they were', async () => {
    const [agencyBefore] = await ctx.handle.db.select().from(agencies).where(eq(agencies.id, admin.agencyId));
    const [endpoint] = await ctx.handle.db
      .insert(webhook_endpoints)
      .values({
        agency_id: admin.agencyId,
        url: 'https://erp.exemplo.com.br/hooks',
        event_types: ['emission.created'],
        secret: newWebhookSecret(),
      })
      .returning();
    const attempts = [
      call(ctx.app, 'PUT', '/api/v1/agency', {
        cookie: operadorCookie,
        body: {
          legal_name: 'Outra Razão Social Ltda',
          trade_name: 'Outro Nome',
          cnpj: agencyBefore!.cnpj,
          registration_status: 'Ativa',
          opened_on: '2020-01-01',
          address: 'Rua das Flores, 100 - Centro, Natal/RN',
          main_activity_code: '7911-2/00',
          share_capital_cents: 100,
          email: null,
          phone: null,
        },
      }),
      call(ctx.app, 'POST', '/api/v1/rules', {
        cookie: operadorCookie,
        body: {
          program: 'LATAM',
          min_margin_cents: '50,00',
          min_margin_percent: '12,5',
          default_rav_cents: 3000,
          cpm_cap: '28',
          sla_target_hours: '12',
        },
      }),
      call(ctx.app, 'DELETE', `/api/v1/webhooks/${endpoint!.id}`, { cookie: operadorCookie }),
      call(ctx.app, 'PUT', `/api/v1/team/users/${admin.user.id}/role`, {
        cookie: operadorCookie,
        body: { role: 'operador' },
      }),
      call(ctx.app, 'POST', `/api/v1/team/users/${admin.user.id}/deactivate`, { cookie: operadorCookie }),
      call(ctx.app, 'POST', '/api/v1/team/invitations', {
        cookie: operadorCookie,
        body: { email: 'intruso@exemplo.com.br', role: 'admin' },
      }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(403);
      expect(res.body.error).toEqual({ code: 'FORBIDDEN', message: FORBIDDEN_MESSAGE });
    }
    const [agencyAfter] = await ctx.handle.db.select().from(agencies).where(eq(agencies.id, admin.agencyId));
    expect(agencyAfter).toEqual(agencyBefore);
    expect(await ctx.handle.db.select().from(program_rules).where(eq(program_rules.agency_id, admin.agencyId))).toEqual(
      [],
    );
    expect(
      await ctx.handle.db.select().from(webhook_endpoints).where(eq(webhook_endpoints.id, endpoint!.id)),
    ).toHaveLength(1);
    const [adminRow] = await ctx.handle.db.select().from(users).where(eq(users.id, admin.user.id));
    expect(adminRow).toMatchObject({ role: 'admin', deactivated_at: null });
    expect((await call(ctx.app, 'GET', '/api/v1/team/invitations', { cookie: admin.cookie })).body.data).toEqual([]);
  });
});

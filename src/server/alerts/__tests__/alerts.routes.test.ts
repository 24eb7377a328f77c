import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../domain/agency/agency.schema';
import { ALERT_MESSAGES, alertListSchema, alertSummarySchema } from '../../../domain/alerts/alert.schema';
import { alerts, emissions } from '../../db/schema';
import { createLoyaltyAccountRow } from '../../testing/factories/account.factory';
import { createClientRow, validCpf } from '../../testing/factories/client.factory';
import { createLotRow } from '../../testing/factories/lot.factory';
import { call, createTestContext, signedInAgency, type TestContext } from '../../testing/test-app';
import { alertScanJob } from '../alerts.jobs';

/**
 * The alerts (issue #16): each kind opens when its cause is there and resolves by itself when the
 * cause goes, one per (kind, target) however often the scan runs; read state; the list's filters
 * and counts; another agency's alerts out of reach; bad input answered in Portuguese.
 */
let ctx: TestContext;
let cookie: string;
let agencyId: string;
let otherCookie: string;

const TODAY = '2026-03-15';
const CLOCK = { 'x-test-today': TODAY };

const api = {
  list: (query = '', as = cookie) => call(ctx.app, 'GET', `/api/v1/alerts${query}`, { cookie: as, headers: CLOCK }),
  summary: (as = cookie) => call(ctx.app, 'GET', '/api/v1/alerts/summary', { cookie: as, headers: CLOCK }),
  read: (id: string, body: unknown, as = cookie) =>
    call(ctx.app, 'PATCH', `/api/v1/alerts/${id}`, { cookie: as, body, headers: CLOCK }),
  readAll: (body: unknown = {}, as = cookie) =>
    call(ctx.app, 'POST', '/api/v1/alerts/read-all', { cookie: as, body, headers: CLOCK }),
  createLot: (body: unknown) => call(ctx.app, 'POST', '/api/v1/lots', { cookie, body, headers: CLOCK }),
  updateLot: (id: string, body: unknown) =>
    call(ctx.app, 'PUT', `/api/v1/lots/${id}`, { cookie, body, headers: CLOCK }),
  createEmission: (body: unknown) => call(ctx.app, 'POST', '/api/v1/emissions', { cookie, body, headers: CLOCK }),
  transition: (id: string, action: string) =>
    call(ctx.app, 'POST', `/api/v1/emissions/${id}/transitions`, { cookie, body: { action }, headers: CLOCK }),
};

const lotBody = (expiry: string) => ({
  program: 'SMILES',
  account_number: 'SM-900',
  original_quantity: '50000',
  cost_per_mile: '0,0200',
  purchase_date: '2026-03-01',
  expiry_date: expiry,
  supplier: 'Hotmilhas',
});

let seq = 0;
/** A client with a LATAM account holding one lot (CPM R$ 20,00, 100.000 miles, expiring far away). */
async function clientWithLot() {
  const n = ++seq;
  const client = await createClientRow(ctx.handle.db, agencyId, {
    name: `Cliente Alerta ${n}`,
    document: validCpf(700_000 + n),
  });
  const account = await createLoyaltyAccountRow(ctx.handle.db, agencyId, {
    client_id: client.id,
    program: 'LATAM',
    account_number: `LA-${n}`,
  });
  const lot = await createLotRow(ctx.handle.db, agencyId, account.id, {
    original_quantity: 100_000,
    remaining_quantity: 100_000,
    cost_per_thousand: '20.0000',
    total_cost_cents: 200_000,
    expiry_date: '2027-12-31',
  });
  return { client, account, lot };
}

/** 10.000 miles at R$ 20,00 the thousand = R$ 200,00 of miles; the revenue decides the margin. */
const emissionBody = (clientId: string, accountId: string, revenueCents: number) => ({
  client_id: clientId,
  account_id: accountId,
  route: 'NAT GRU',
  miles_used: '10000',
  fees_cents: 5_000,
  revenue_cents: revenueCents,
  rav_cents: 0,
  pnr: `ALR${String(++seq).padStart(3, '0')}`,
  departure_date: '2026-04-01',
  passengers: [{ name: 'Maria das Dores', cpf: validCpf(55_000 + seq) }],
});

const scan = (now: string, today = TODAY) =>
  alertScanJob.handle(
    { agency_id: agencyId, today, now },
    { db: ctx.handle.db, logger: pino({ level: 'silent' }), job: {} as never },
  );

const alertRows = (kind: string) =>
  ctx.handle.db
    .select()
    .from(alerts)
    .where(and(eq(alerts.agency_id, agencyId), eq(alerts.kind, kind)));

beforeAll(async () => {
  ctx = await createTestContext({ testClock: true });
  ({ cookie, agencyId } = await signedInAgency(ctx));
  ({ cookie: otherCookie } = await signedInAgency(ctx));
});

afterAll(async () => {
  await ctx.close();
});

describe('lot expiring', () => {
  it('opens when a lot is created or moved inside the window, resolves when it leaves, opens again unread', async () => {
    const far = await api.createLot(lotBody('2026-06-30'));
    expect(far.status).toBe(201);
    expect((await alertRows('lot_expiring')).filter((a) => a.lot_id === far.body.id)).toEqual([]);

    const near = await api.createLot(lotBody('2026-03-25'));
    expect(near.status).toBe(201);
    const open = await api.list('?kind=lot_expiring');
    expect(open.status).toBe(200);
    const page = alertListSchema.parse(open.body);
    const alert = page.data.find((a) => a.lot?.id === near.body.id);
    expect(alert).toMatchObject({ kind: 'lot_expiring', is_read: false, resolved_at: null });
    expect(alert?.lot).toMatchObject({ program: 'SMILES', expiry_date: '2026-03-25', days_to_expiry: 10 });
    expect(alert?.message).toContain('25/03/2026');

    // Renewed: out of the window, the alert resolves (and is listed as resolved).
    expect((await api.updateLot(near.body.id, lotBody('2026-09-30'))).status).toBe(200);
    expect(alertListSchema.parse((await api.list('?kind=lot_expiring')).body).data.map((a) => a.id)).not.toContain(
      alert!.id,
    );
    const resolved = alertListSchema.parse((await api.list('?kind=lot_expiring&status=resolved')).body);
    expect(resolved.data.find((a) => a.id === alert!.id)?.resolved_at).not.toBeNull();

    // Back inside the window: the same alert opens again, unread; never a second row.
    expect((await api.read(alert!.id, { is_read: true })).status).toBe(204);
    expect((await api.updateLot(near.body.id, lotBody('2026-03-20'))).status).toBe(200);
    const rows = (await alertRows('lot_expiring')).filter((a) => a.lot_id === near.body.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: alert!.id, resolved_at: null, is_read: false });
  });

  it('follows the agency window and the calendar through the scan, writing only what changed', async () => {
    const { lot } = await clientWithLot();
    await ctx.handle.db.execute(sql`UPDATE mile_lots SET expiry_date = '2026-05-10' WHERE id = ${lot.id}`);
    await scan('2026-03-15T12:00:00Z');
    expect((await alertRows('lot_expiring')).filter((a) => a.lot_id === lot.id)).toEqual([]);
    // 56 days away: inside a 60-day window, saved in the settings — the alert opens at once.
    const settings = (window: number) =>
      call(ctx.app, 'PUT', '/api/v1/agency/settings', {
        cookie,
        headers: CLOCK,
        body: { ...DEFAULT_SETTINGS, expiry_alert_days: window },
      });
    expect((await settings(60)).status).toBe(200);
    const [opened] = (await alertRows('lot_expiring')).filter((a) => a.lot_id === lot.id);
    expect(opened?.resolved_at).toBeNull();
    // Scanned again and again: the same row, untouched.
    await scan('2026-03-15T14:00:00Z');
    await scan('2026-03-16T14:00:00Z', '2026-03-16');
    const after = (await alertRows('lot_expiring')).filter((a) => a.lot_id === lot.id);
    expect(after).toEqual([opened]);
    // Back to 30 days: out of the window, resolved.
    expect((await settings(30)).status).toBe(200);
    const [resolved] = (await alertRows('lot_expiring')).filter((a) => a.lot_id === lot.id);
    expect(resolved?.resolved_at).not.toBeNull();
  });
});

describe('lot expired', () => {
  it('keeps alerting while its miles are left, and resolves once "Marcar Expirados" acknowledges it', async () => {
    const { lot } = await clientWithLot();
    await ctx.handle.db.execute(sql`UPDATE mile_lots SET expiry_date = '2026-03-10' WHERE id = ${lot.id}`);
    await scan('2026-03-15T12:00:00Z');
    const [open] = (await alertRows('lot_expiring')).filter((a) => a.lot_id === lot.id);
    expect(open?.resolved_at).toBeNull();
    const page = alertListSchema.parse((await api.list('?kind=lot_expiring')).body);
    expect(page.data.find((a) => a.id === open!.id)?.lot?.days_to_expiry).toBe(-5);

    const marked = await call(ctx.app, 'POST', '/api/v1/lots/mark-expired', { cookie, headers: CLOCK });
    expect(marked.status).toBe(200);
    const [after] = (await alertRows('lot_expiring')).filter((a) => a.lot_id === lot.id);
    expect(after?.resolved_at).not.toBeNull();
  });
});

describe('margin critical', () => {
  it('opens on creation below the minimum (10 % without a rule, or the rule’s R$), resolves on cancellation', async () => {
    const { client, account } = await clientWithLot();
    // Cost R$ 200 + R$ 50 of fees; revenue R$ 270 → margin R$ 20 = 7,4 %: below 10 %.
    const low = await api.createEmission(emissionBody(client.id, account.id, 27_000));
    expect(low.status).toBe(201);
    const id = low.body.emission.id as string;
    // Revenue R$ 300 → margin R$ 50 = 16,7 %: fine.
    const fine = await api.createEmission(emissionBody(client.id, account.id, 30_000));
    expect(fine.status).toBe(201);
    const list = alertListSchema.parse((await api.list('?kind=margin_critical')).body);
    const ids = list.data.map((a) => a.emission?.id);
    expect(ids).toContain(id);
    expect(ids).not.toContain(fine.body.emission.id);
    expect(list.data.find((a) => a.emission?.id === id)?.emission).toMatchObject({
      client_name: client.name,
      program: 'LATAM',
      margin_cents: 2_000,
      revenue_cents: 27_000,
    });

    // A rule asking R$ 60 of margin, saved through the API: the second one is flagged at once.
    const rule = await call(ctx.app, 'POST', '/api/v1/rules', {
      cookie,
      headers: CLOCK,
      body: {
        program: 'LATAM',
        min_margin_cents: '60,00',
        min_margin_percent: '10',
        default_rav_cents: '0',
        sla_target_hours: 24,
      },
    });
    expect(rule.status).toBe(201);
    const withRule = alertListSchema
      .parse((await api.list('?kind=margin_critical')).body)
      .data.map((a) => a.emission?.id);
    expect(withRule).toEqual(expect.arrayContaining([id, fine.body.emission.id]));
    // And back to the defaults when the rule goes.
    expect((await call(ctx.app, 'DELETE', `/api/v1/rules/${rule.body.id}`, { cookie, headers: CLOCK })).status).toBe(
      204,
    );
    const [fineAlert] = (await alertRows('margin_critical')).filter((a) => a.emission_id === fine.body.emission.id);
    expect(fineAlert?.resolved_at).not.toBeNull();

    expect((await api.transition(id, 'cancel')).status).toBe(200);
    const [row] = (await alertRows('margin_critical')).filter((a) => a.emission_id === id);
    expect(row?.resolved_at).not.toBeNull();
  });
});

describe('SLA exceeded', () => {
  it('opens for an emission processing longer than its target, resolves once issued', async () => {
    const { client, account } = await clientWithLot();
    const made = await api.createEmission(emissionBody(client.id, account.id, 40_000));
    expect(made.status).toBe(201);
    const id = made.body.emission.id as string;
    const [row0] = await ctx.handle.db
      .select({ submitted_at: emissions.submitted_at })
      .from(emissions)
      .where(and(eq(emissions.agency_id, agencyId), eq(emissions.id, id)));
    const submitted = new Date(row0!.submitted_at!).getTime();
    const at = (hours: number) => new Date(submitted + hours * 3_600_000).toISOString();

    await scan(at(23));
    expect((await alertRows('sla_exceeded')).filter((a) => a.emission_id === id)).toEqual([]);
    await scan(at(25));
    const open = alertListSchema.parse((await api.list('?kind=sla_exceeded')).body);
    expect(open.data.find((a) => a.emission?.id === id)?.message).toContain('24 h');

    expect((await api.transition(id, 'issue')).status).toBe(200);
    const [row] = (await alertRows('sla_exceeded')).filter((a) => a.emission_id === id);
    expect(row?.resolved_at).not.toBeNull();
    // A later scan does not bring it back.
    await scan(at(30));
    expect((await alertRows('sla_exceeded')).filter((a) => a.emission_id === id && a.resolved_at === null)).toEqual([]);
  });
});

describe('read state, counts and filters', () => {
  it('counts per tab and unread, marks one read and unread, then every one read', async () => {
    const before = alertSummarySchema.parse((await api.summary()).body);
    expect(before.unread).toBeGreaterThan(0);
    const page = alertListSchema.parse((await api.list()).body);
    const total = Object.values(page.counts).reduce((sum, c) => sum + c.total, 0);
    expect(page.total).toBe(total);
    expect(before.open).toBe(total);

    const first = page.data.find((a) => !a.is_read)!;
    expect((await api.read(first.id, { is_read: true })).status).toBe(204);
    expect(alertSummarySchema.parse((await api.summary()).body).unread).toBe(before.unread - 1);
    expect((await api.read(first.id, { is_read: false })).status).toBe(204);
    expect(alertSummarySchema.parse((await api.summary()).body).unread).toBe(before.unread);

    const all = await api.readAll();
    expect(all.status).toBe(200);
    expect(all.body.updated).toBe(before.unread);
    expect(alertSummarySchema.parse((await api.summary()).body).unread).toBe(0);
  });

  it('filters by program, account and the period of what the alert is about', async () => {
    const smiles = alertListSchema.parse((await api.list('?program=SMILES')).body);
    expect(smiles.data.length).toBeGreaterThan(0);
    expect(smiles.data.every((a) => (a.lot ?? a.emission)?.program === 'SMILES')).toBe(true);
    const accountId = smiles.data[0]!.lot!.account_id;
    const ofAccount = alertListSchema.parse((await api.list(`?account_id=${accountId}`)).body);
    expect(ofAccount.data.every((a) => (a.lot ?? a.emission)?.account_id === accountId)).toBe(true);
    const inMarch = alertListSchema.parse(
      (await api.list('?kind=lot_expiring&date_from=2026-03-01&date_to=2026-03-31')).body,
    );
    expect(inMarch.data.every((a) => a.lot!.expiry_date.startsWith('2026-03'))).toBe(true);
    const inMay = alertListSchema.parse(
      (await api.list('?kind=lot_expiring&date_from=2026-05-01&date_to=2026-05-31')).body,
    );
    expect(inMay.data.map((a) => a.lot!.expiry_date.slice(0, 7))).not.toContain('2026-03');
  });
});

describe('another agency and bad input', () => {
  it('keeps each agency’s alerts to itself: another agency’s id is 404 and changes nothing', async () => {
    const [mine] = await alertRows('lot_expiring');
    expect(alertListSchema.parse((await api.list('', otherCookie)).body).total).toBe(0);
    const res = await api.read(mine!.id, { is_read: true }, otherCookie);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(ALERT_MESSAGES.notFound);
    expect((await api.readAll({}, otherCookie)).body.updated).toBe(0);
    expect((await api.read('nao-e-um-id', { is_read: true })).status).toBe(404);
  });

  it('answers bad filters and bodies with a Portuguese message and changes nothing', async () => {
    const kind = await api.list('?kind=atrasado');
    expect(kind.status).toBe(400);
    expect(kind.body.error.fields.kind).toBe(ALERT_MESSAGES.kindInvalid);
    const period = await api.list('?date_from=2026-04-01&date_to=2026-03-01');
    expect(period.body.error.fields.date_to).toBe(ALERT_MESSAGES.periodInvalid);
    expect((await api.list('?date_from=31/02/2026')).body.error.fields.date_from).toBe(ALERT_MESSAGES.dateInvalid);
    const [one] = await alertRows('lot_expiring');
    const bad = await api.read(one!.id, { is_read: 'sim' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.is_read).toBe(ALERT_MESSAGES.readInvalid);
    const [after] = await ctx.handle.db.select().from(alerts).where(eq(alerts.id, one!.id));
    expect(after).toEqual(one);
  });
});

import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamEvent } from '../../../domain/events/event.schema';
import { NOTIFICATIONS_PER_USER } from '../../../domain/events/event.schema';
import { notificationListSchema } from '../../../domain/notifications/notification.schema';
import { createApp, type App } from '../../app';
import { TEST_PASSWORD_COST } from '../../auth/password';
import { createDb, type DbHandle } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { createLoyaltyAccountRow } from '../../testing/factories/account.factory';
import { createClientRow, validCpf } from '../../testing/factories/client.factory';
import { createLotRow } from '../../testing/factories/lot.factory';
import { call, createTestContext, signedInAgency, type TestContext } from '../../testing/test-app';
import { readServerSentEvents } from '../../testing/sse';
import { EventHub } from '../event-hub';

/**
 * Real-time updates (issue #16): a write's events reach the open streams of its agency — and of
 * no other — once it commits, never when it rolls back; a reconnecting tab replays what it missed
 * from Last-Event-ID; alerts opened land in the bell of each user (50 kept); and, on PostgreSQL,
 * a write through one app process reaches a stream open on another.
 */
let ctx: TestContext;
let cookie: string;
let agencyId: string;
let otherCookie: string;

const TODAY = '2026-03-15';
const CLOCK = { 'x-test-today': TODAY };

/** An open SSE stream read as the browser would: each message's id and JSON data. */
async function openStream(app: App, as: string, headers: Record<string, string> = {}) {
  const res = await app.request('http://localhost/api/v1/events', { headers: { cookie: as, ...headers } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const received: StreamEvent[] = [];
  let waiters: (() => void)[] = [];
  const stream = readServerSentEvents(res.body!, (data) => {
    received.push(JSON.parse(data) as StreamEvent);
    for (const w of waiters) w();
    waiters = [];
  });
  return {
    received,
    /** Resolves with the first event matching, or fails after `ms`. */
    async waitFor(match: (e: StreamEvent) => boolean, ms = 5_000): Promise<StreamEvent> {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = received.find(match);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching event among ${JSON.stringify(received.map((e) => e.type))}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, left).unref();
        });
      }
    },
    async close() {
      await stream.cancel();
      await stream.done;
    },
  };
}

const clientBody = (n: number) => ({ name: `Cliente Tempo Real ${n}`, document: validCpf(880_000 + n) });

beforeAll(async () => {
  ctx = await createTestContext({ testClock: true, realtime: true });
  ({ cookie, agencyId } = await signedInAgency(ctx));
  ({ cookie: otherCookie } = await signedInAgency(ctx));
});

afterAll(async () => {
  await ctx.close();
});

describe('GET /api/v1/events', () => {
  it("pushes a committed write's event to its agency's streams only, and none for a refused write", async () => {
    const mine = await openStream(ctx.app, cookie);
    const theirs = await openStream(ctx.app, otherCookie);
    try {
      const created = await call(ctx.app, 'POST', '/api/v1/clients', { cookie, body: clientBody(1), headers: CLOCK });
      expect(created.status).toBe(201);
      const event = await mine.waitFor((e) => e.type === 'client.created');
      expect(event.entity_id).toBe(created.body.id);
      expect(event.seq).toBeGreaterThan(0);

      // The same document again: refused (409), rolled back — no event, here or anywhere.
      const refused = await call(ctx.app, 'POST', '/api/v1/clients', { cookie, body: clientBody(1), headers: CLOCK });
      expect(refused.status).toBe(409);
      const after = await call(ctx.app, 'POST', '/api/v1/clients', { cookie, body: clientBody(2), headers: CLOCK });
      await mine.waitFor((e) => e.entity_id === after.body.id);
      expect(mine.received.filter((e) => e.type === 'client.created')).toHaveLength(2);
      expect(theirs.received).toEqual([]);
    } finally {
      await mine.close();
      await theirs.close();
    }
  });

  it('replays what a reconnecting tab missed, from Last-Event-ID', async () => {
    const first = await openStream(ctx.app, cookie);
    const a = await call(ctx.app, 'POST', '/api/v1/clients', { cookie, body: clientBody(3), headers: CLOCK });
    const seen = await first.waitFor((e) => e.entity_id === a.body.id);
    await first.close();

    // While no stream is open: two more writes.
    const b = await call(ctx.app, 'POST', '/api/v1/clients', { cookie, body: clientBody(4), headers: CLOCK });
    const c = await call(ctx.app, 'PUT', `/api/v1/clients/${b.body.id}`, {
      cookie,
      body: { ...clientBody(4), name: 'Cliente Tempo Real Quatro' },
      headers: CLOCK,
    });
    expect(c.status).toBe(200);

    const again = await openStream(ctx.app, cookie, { 'last-event-id': String(seen.seq) });
    try {
      await again.waitFor((e) => e.type === 'client.updated' && e.entity_id === b.body.id);
      expect(again.received.map((e) => [e.type, e.entity_id])).toEqual([
        ['client.created', b.body.id],
        ['client.updated', b.body.id],
      ]);
      expect(again.received.every((e) => e.seq > seen.seq)).toBe(true);
    } finally {
      await again.close();
    }
  });

  it('answers a bad Last-Event-ID in Portuguese, no session with 401, and 503 where no hub runs', async () => {
    const bad = await call(ctx.app, 'GET', '/api/v1/events', { cookie, headers: { 'last-event-id': 'abc' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Last-Event-ID inválido');
    expect((await call(ctx.app, 'GET', '/api/v1/events')).status).toBe(401);

    const withoutHub = createApp({
      db: ctx.handle.db,
      logger: pino({ level: 'silent' }),
      passwordCost: TEST_PASSWORD_COST,
    });
    const res = await call(withoutHub, 'GET', '/api/v1/events', { cookie });
    expect(res.status).toBe(503);
    expect(res.body.error.message).toBe('Atualizações em tempo real indisponíveis no momento');
  });
});

describe('notifications', () => {
  let n = 0;
  /** A lot expiring inside the window: an alert opens, and each user is notified. */
  async function expiringLot() {
    const i = ++n;
    const client = await createClientRow(ctx.handle.db, agencyId, {
      name: `Titular ${i}`,
      document: validCpf(990_000 + i),
    });
    const account = await createLoyaltyAccountRow(ctx.handle.db, agencyId, {
      client_id: client.id,
      program: 'SMILES',
      account_number: `SM-RT-${i}`,
    });
    const res = await call(ctx.app, 'POST', '/api/v1/lots', {
      cookie,
      headers: CLOCK,
      body: {
        program: 'SMILES',
        account_id: account.id,
        original_quantity: '12000',
        cost_per_mile: '0,0180',
        purchase_date: '2026-03-01',
        expiry_date: '2026-03-20',
      },
    });
    expect(res.status).toBe(201);
    return res.body.id as string;
  }

  it("tells the bell and the stream of an alert that opens, follows the alert's read state, keeps 50", async () => {
    const stream = await openStream(ctx.app, cookie);
    try {
      const lotId = await expiringLot();
      const alert = await stream.waitFor((e) => e.type === 'alert.created');
      expect(alert.data).toMatchObject({ kind: 'lot_expiring', lot_id: lotId });
      expect(alert.data.message).toMatch(/^Lote SM-RT-1: 12\.000 milhas vencem em 20\/03\/2026$/);
      await stream.waitFor((e) => e.type === 'lot.expiring' && e.entity_id === lotId);
    } finally {
      await stream.close();
    }

    const inbox = await call(ctx.app, 'GET', '/api/v1/notifications', { cookie });
    expect(inbox.status).toBe(200);
    const list = notificationListSchema.parse(inbox.body);
    expect(list.unread).toBe(1);
    expect(list.data[0]).toMatchObject({ kind: 'lot_expiring', title: 'Expiração', is_read: false });
    expect(list.data[0]!.link).toMatch(/^\/lotes\/[0-9a-f-]{36}$/);
    expect((await call(ctx.app, 'GET', '/api/v1/notifications', { cookie: otherCookie })).body.data).toEqual([]);

    // Read in /alertas: the notification follows.
    const alerts = await call(ctx.app, 'GET', '/api/v1/alerts?kind=lot_expiring', { cookie, headers: CLOCK });
    const alertId = alerts.body.data[0].id;
    expect(
      (await call(ctx.app, 'PATCH', `/api/v1/alerts/${alertId}`, { cookie, body: { is_read: true } })).status,
    ).toBe(204);
    expect((await call(ctx.app, 'GET', '/api/v1/notifications', { cookie })).body.unread).toBe(0);

    // Another agency's notification is not there to mark; a bad body is answered in Portuguese.
    const id = list.data[0]!.id;
    expect(
      (await call(ctx.app, 'PATCH', `/api/v1/notifications/${id}`, { cookie: otherCookie, body: { is_read: false } }))
        .status,
    ).toBe(404);
    const bad = await call(ctx.app, 'PATCH', `/api/v1/notifications/${id}`, { cookie, body: { is_read: 'sim' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.is_read).toBe('Informe se a notificação foi lida (verdadeiro ou falso)');
    expect(
      (await call(ctx.app, 'PATCH', `/api/v1/notifications/${id}`, { cookie, body: { is_read: false } })).status,
    ).toBe(204);
    expect((await call(ctx.app, 'POST', '/api/v1/notifications/read-all', { cookie, body: {} })).body.updated).toBe(1);

    // A scan opening many: the bell keeps the newest 50.
    const client = await createClientRow(ctx.handle.db, agencyId, {
      name: 'Titular Muitos',
      document: validCpf(991_999),
    });
    const account = await createLoyaltyAccountRow(ctx.handle.db, agencyId, {
      client_id: client.id,
      program: 'AZUL',
      account_number: 'AZ-MUITOS',
    });
    for (let i = 0; i < NOTIFICATIONS_PER_USER + 5; i++) {
      await createLotRow(ctx.handle.db, agencyId, account.id, {
        original_quantity: 1_000,
        remaining_quantity: 1_000,
        cost_per_thousand: '20.0000',
        total_cost_cents: 2_000,
        expiry_date: '2026-03-30',
      });
    }
    const { alertScanJob } = await import('../../alerts/alerts.jobs');
    await alertScanJob.handle(
      { agency_id: agencyId, today: TODAY, now: `${TODAY}T12:00:00Z` },
      { db: ctx.handle.db, logger: pino({ level: 'silent' }), job: {} as never },
    );
    const full = notificationListSchema.parse((await call(ctx.app, 'GET', '/api/v1/notifications', { cookie })).body);
    expect(full.data).toHaveLength(NOTIFICATIONS_PER_USER);
    expect(full.unread).toBe(NOTIFICATIONS_PER_USER);
    const stored = rowsOf<{ n: number }>(
      await ctx.handle.db.execute(sql`SELECT count(*)::int AS n FROM notifications WHERE agency_id = ${agencyId}`),
    );
    expect(stored[0]!.n).toBe(NOTIFICATIONS_PER_USER);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two app processes on one PostgreSQL', () => {
  let other: DbHandle;
  let hub: EventHub;
  let appB: App;

  beforeAll(async () => {
    const conn = ctx.handle.jobConnection;
    if (conn.kind !== 'postgres') throw new Error('PostgreSQL only');
    other = await createDb({ kind: 'postgres', url: conn.url, poolSize: 4 });
    hub = new EventHub({ listen: other.listen, db: other.db, logger: pino({ level: 'silent' }) });
    await hub.start();
    appB = createApp({
      db: other.db,
      logger: pino({ level: 'silent' }),
      passwordCost: TEST_PASSWORD_COST,
      eventHub: hub,
    });
  });

  afterAll(async () => {
    await hub?.stop();
    await other?.close();
  });

  it("a write through process A reaches a stream open on process B, and only its agency's", async () => {
    const onB = await openStream(appB, cookie);
    const otherOnB = await openStream(appB, otherCookie);
    try {
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await call(ctx.app, 'POST', '/api/v1/clients', {
          cookie,
          body: clientBody(10 + i),
          headers: CLOCK,
        });
        expect(res.status).toBe(201);
        ids.push(res.body.id);
      }
      for (const id of ids) await onB.waitFor((e) => e.entity_id === id);
      expect(otherOnB.received).toEqual([]);
      expect(hub.openStreams).toBe(2);
    } finally {
      await onB.close();
      await otherOnB.close();
    }
  });
});

describe('retention', () => {
  it('drops events past EVENT_RETENTION_DAYS in the hourly housekeeping, and keeps the rest', async () => {
    const { housekeepingJob } = await import('../../jobs/housekeeping.jobs');
    const count = async () =>
      rowsOf<{ old: number; all: number }>(
        await ctx.handle.db.execute(
          sql`SELECT count(*) FILTER (WHERE created_at < '2026-01-01')::int AS old, count(*)::int AS all FROM events WHERE agency_id = ${agencyId}`,
        ),
      )[0]!;
    await ctx.handle.db.execute(
      sql`INSERT INTO events (agency_id, type, created_at) VALUES (${agencyId}, 'client.created', '2025-12-01T12:00:00Z')`,
    );
    const before = await count();
    expect(before.old).toBe(1);
    await housekeepingJob(ctx.handle.kind).handle(
      { now: '2026-01-05T12:00:00Z' },
      { db: ctx.handle.db, logger: pino({ level: 'silent' }), job: {} as never },
    );
    const after = await count();
    expect(after).toEqual({ old: 0, all: before.all - 1 });
  });
});

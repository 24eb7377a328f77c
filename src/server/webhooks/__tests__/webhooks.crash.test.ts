import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { webhook_endpoints } from '../../db/schema';
import { createAgencyWithUser } from '../../testing/factories/agency.factory';
import { createTestDb } from '../../testing/test-db';
import { newWebhookSecret } from '../signing';
import { deliverDueWebhooks } from '../webhooks.jobs';
import { insertDelivery } from '../webhooks.queries';
import { startReceiver, type Receiver } from './receiver';

/**
 * Issue #16: "kill -9 during webhook delivery: after restart every event is delivered at least
 * once, none lost". A worker process (deliver-child.ts) is killed while its requests hang; after
 * its lease passes, another run sends everything it held, and the receiver, counting by
 * `webhook-id`, has every message. Two processes need a shared database: PostgreSQL only.
 */
const postgres = process.env.TEST_DATABASE_URL;
let handle: DbHandle;
let receiver: Receiver;
let child: ChildProcess | undefined;

const LEASE_MS = 5 * 60_000;
const tsx = path.resolve('node_modules/.bin/tsx');

beforeAll(async () => {
  if (!postgres) return;
  handle = await createTestDb();
  receiver = await startReceiver();
});

afterAll(async () => {
  child?.kill('SIGKILL');
  await receiver?.close();
  await handle?.close();
});

describe.skipIf(!postgres)('a worker killed mid-delivery', () => {
  it('loses nothing: after its lease, another run delivers every message it held', async () => {
    const { agency } = await createAgencyWithUser(handle.db);
    const [endpoint] = await handle.db
      .insert(webhook_endpoints)
      .values({ agency_id: agency.id, url: receiver.url(), event_types: ['lot.created'], secret: newWebhookSecret() })
      .returning();
    const messageIds: string[] = [];
    for (let i = 0; i < 12; i++) {
      const messageId = `msg_crash${i}`;
      messageIds.push(messageId);
      await insertDelivery(handle.db, {
        agencyId: agency.id,
        endpointId: endpoint!.id,
        eventType: 'lot.created',
        messageId,
        payload: { type: 'lot.created', timestamp: new Date().toISOString(), data: { n: i } },
      });
    }
    // The first worker's requests hang: it is killed with them in flight.
    receiver.answer(() => undefined);
    const url = (handle.jobConnection as { url: string }).url;
    child = spawn(tsx, [path.resolve('src/server/webhooks/__tests__/deliver-child.ts'), url], { stdio: 'ignore' });
    const deadline = Date.now() + 30_000;
    while (receiver.received.length < 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(receiver.received.length).toBeGreaterThanOrEqual(4);
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));

    receiver.answer((_req, res) => res.writeHead(200).end());
    const held = rowsOf<{ n: number }>(
      await handle.db.execute(
        sql`SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'pending' AND locked_until > now()`,
      ),
    )[0]!.n;
    expect(held).toBe(12);
    // The restart, once the dead worker's lease has passed.
    const after = new Date(Date.now() + LEASE_MS + 1000).toISOString();
    await deliverDueWebhooks(handle.db, pino({ level: 'silent' }), { allowHosts: ['127.0.0.1'], now: after });

    for (const id of messageIds) expect(receiver.of(id).length).toBeGreaterThanOrEqual(1);
    const states = rowsOf<{ status: string; n: number }>(
      await handle.db.execute(sql`SELECT status, count(*)::int AS n FROM webhook_deliveries GROUP BY status`),
    );
    expect(states).toEqual([{ status: 'delivered', n: 12 }]);
  });
});

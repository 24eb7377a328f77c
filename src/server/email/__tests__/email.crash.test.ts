import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { createAgencyWithUser } from '../../testing/factories/agency.factory';
import { createTestDb } from '../../testing/test-db';
import { sendDueEmails } from '../email.service';
import { smtpSender } from '../smtp';
import { startSilentServer, startSmtpServer, type SmtpTestServer } from './smtp-test-server';

/**
 * Issue #16: "kill -9 during e-mail sending: after restart every message is sent at least once,
 * none lost". A sender process (send-child.ts) is killed while it waits on an SMTP server that
 * never answers, holding the whole batch; once its lease has passed, another run sends every
 * message it held to a working server. Two processes need a shared database: PostgreSQL only.
 */
const postgres = process.env.TEST_DATABASE_URL;
let handle: DbHandle;
let silent: Awaited<ReturnType<typeof startSilentServer>>;
let smtp: SmtpTestServer;
let child: ChildProcess | undefined;

const LEASE_SECONDS = 300;
const tsx = path.resolve('node_modules/.bin/tsx');

beforeAll(async () => {
  if (!postgres) return;
  handle = await createTestDb();
  silent = await startSilentServer();
  smtp = await startSmtpServer();
});

afterAll(async () => {
  child?.kill('SIGKILL');
  await silent?.close();
  await smtp?.close();
  await handle?.close();
});

describe.skipIf(!postgres)('a sender killed mid-send', () => {
  it('loses nothing: after its lease, another run sends every message it held', async () => {
    const { agency } = await createAgencyWithUser(handle.db);
    const ids = rowsOf<{ id: string }>(
      await handle.db.execute(sql`
        INSERT INTO email_outbox (agency_id, to_address, template, data)
        SELECT ${agency.id}, 'financeiro' || n || '@agencia.test', 'webhook.disabled',
          jsonb_build_object('endpoint_id', 'e' || n, 'url', 'https://erp.agencia.test/hook/' || n, 'reason', 'Teste de queda')
        FROM generate_series(1, 5) AS n
        RETURNING id`),
    ).map((r) => r.id);

    const url = (handle.jobConnection as { url: string }).url;
    child = spawn(tsx, [path.resolve('src/server/email/__tests__/send-child.ts'), url, silent.url], {
      stdio: 'ignore',
    });
    const deadline = Date.now() + 30_000;
    while (silent.connections() === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(silent.connections()).toBeGreaterThan(0);
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));

    const held = rowsOf<{ n: number }>(
      await handle.db.execute(
        sql`SELECT count(*)::int AS n FROM email_outbox WHERE status = 'pending' AND locked_until > now()`,
      ),
    )[0]!.n;
    expect(held).toBe(5);
    expect(smtp.received).toEqual([]);

    // The restart, once the dead sender's lease has passed.
    const after = new Date(Date.now() + (LEASE_SECONDS + 1) * 1000).toISOString();
    const send = smtpSender({ smtpUrl: smtp.url, from: 'Milheiro <nao-responda@milheiro.test>' });
    await sendDueEmails(handle.db, { send, now: after });

    const arrived = smtp.received.map((r) => r.mail.messageId ?? '');
    for (const id of ids) expect(arrived.filter((m) => m.startsWith(`<${id}@`)).length).toBeGreaterThanOrEqual(1);
    const states = rowsOf<{ status: string; n: number }>(
      await handle.db.execute(sql`SELECT status, count(*)::int AS n FROM email_outbox GROUP BY status`),
    );
    expect(states).toEqual([{ status: 'sent', n: 5 }]);
  });
});

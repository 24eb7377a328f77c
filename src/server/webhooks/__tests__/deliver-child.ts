// A delivery worker in its own process, for the kill -9 test (webhooks.crash.test.ts): runs the
// delivery job's loop on the PostgreSQL database of argv[2] until it is killed.
import pino from 'pino';
import { createDb } from '../../db/client';
import { deliverDueWebhooks } from '../webhooks.jobs';

const url = process.argv[2]!;
const handle = await createDb({ kind: 'postgres', url, poolSize: 2 });
process.stdout.write('ready\n');
for (;;) {
  await deliverDueWebhooks(handle.db, pino({ level: 'silent' }), { allowHosts: ['127.0.0.1'], timeoutMs: 60_000 });
  await new Promise((resolve) => setTimeout(resolve, 100));
}

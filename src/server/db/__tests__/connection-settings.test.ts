import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../testing/test-db';
import type { DbHandle } from '../client';
import { rowsOf } from '../rows';

/**
 * The settings every connection of the app's pool starts with (src/server/db/client.ts). PGlite is
 * built without JIT, so only PostgreSQL's answer is asserted there.
 */
let handle: DbHandle;

beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle?.close();
});

describe('the pool’s connections', () => {
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'compile no statement just in time, on every connection of the pool',
    async () => {
      // Several at once, so that more than one connection of the pool answers.
      const answers = await Promise.all(
        Array.from({ length: 4 }, () =>
          handle.db.execute(sql`SELECT current_setting('jit') AS jit, pg_backend_pid() AS pid, pg_sleep(0.05)`),
        ),
      );
      const rows = answers.flatMap((a) => rowsOf<{ jit: string; pid: number }>(a));
      expect(new Set(rows.map((r) => r.pid)).size).toBeGreaterThan(1);
      expect(rows.map((r) => r.jit)).toEqual(['off', 'off', 'off', 'off']);
    },
  );
});

/**
 * The fixed cost every authenticated request pays: cookie → session lookup, one transaction as
 * the tenant role with its agency set (RLS), one read, JSON out. Measured in-process through the
 * real Hono app, so network time is not counted.
 */
import { sql } from 'drizzle-orm';
import { createAgencyWithUser } from '../src/server/testing/factories/agency.factory';
import { fmt, forEachEngine, signedInGet, time } from './lib';

export async function runRequestsBench() {
  console.log('\n# Authenticated request overhead (GET /api/v1/agency, GET /api/v1/auth/me)');
  await forEachEngine(async (engine, handle, app) => {
    // A realistic neighbourhood: 200 agencies with users and sessions.
    let mine: Awaited<ReturnType<typeof createAgencyWithUser>> | undefined;
    for (let i = 0; i < 200; i++) mine = await createAgencyWithUser(handle.db);
    const { cookie } = await signedInGet(app, mine!);
    const get = (path: string) => async () => {
      const r = await app.request(`http://localhost${path}`, { headers: { cookie } });
      if (r.status !== 200) throw new Error(`${path} → ${r.status}`);
      await r.text();
    };
    // Yardstick: the bare read the request wraps (one round trip, no session, no RLS).
    const bare = () => handle.db.execute(sql`SELECT * FROM agencies WHERE id = ${mine!.agency.id}`);
    const n = Number(process.env.BENCH_REQUESTS ?? 1000);
    console.log(`${engine.padEnd(10)} bare SELECT   ${fmt(await time(bare, n))}   (yardstick)`);
    console.log(`${engine.padEnd(10)} GET /agency   ${fmt(await time(get('/api/v1/agency'), n))}`);
    console.log(`${engine.padEnd(10)} GET /auth/me  ${fmt(await time(get('/api/v1/auth/me'), n))}`);
  });
}

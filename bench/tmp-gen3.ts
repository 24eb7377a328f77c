import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createDb } from '../src/server/db/client';
import { createAgencyWithUser } from '../src/server/testing/factories/agency.factory';
const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/test' });
await admin.connect(); await admin.query('DROP DATABASE IF EXISTS tmpgen WITH (FORCE)'); await admin.query('CREATE DATABASE tmpgen'); await admin.end();
const d = await createDb({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:5432/tmpgen' });
await d.migrate();
const { agency } = await createAgencyWithUser(d.db);
const t0 = performance.now();
const rows = Array.from({ length: 5000 }, (_, i) => ({ id: crypto.randomUUID(), agency_id: agency.id, name: `José da Silva ${i}`, email: `jose${i}@gmail.com`, tags: ['vip'] }));
const json = JSON.stringify(rows);
console.log('json', performance.now() - t0);
for (let k = 0; k < 3; k++) {
  const t = performance.now();
  await d.db.execute(sql`INSERT INTO clients (id, agency_id, name, email, tags) SELECT id, agency_id, name, email, tags FROM jsonb_to_recordset(${JSON.stringify(rows.map(r => ({...r, id: crypto.randomUUID()})))}::jsonb) AS x(id uuid, agency_id uuid, name text, email text, tags text[])`);
  console.log('insert 5000', performance.now() - t);
}
let t = performance.now();
const r = await d.db.execute(sql`EXPLAIN ANALYZE INSERT INTO clients (id, agency_id, name, email, tags) SELECT id, agency_id, name, email, tags FROM jsonb_to_recordset(${JSON.stringify(rows.map(r => ({...r, id: crypto.randomUUID()})))}::jsonb) AS x(id uuid, agency_id uuid, name text, email text, tags text[])`);
console.log((r as any).rows.map((x: any) => x['QUERY PLAN']).join('\n'));
await d.close();

import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createDb } from '../src/server/db/client';
import { createAgencyWithUser } from '../src/server/testing/factories/agency.factory';
const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/test' });
await admin.connect(); await admin.query('DROP DATABASE IF EXISTS tmpgen WITH (FORCE)'); await admin.query('CREATE DATABASE tmpgen'); await admin.end();
const d = await createDb({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:5432/tmpgen' });
await d.migrate();
const { agency } = await createAgencyWithUser(d.db);
const names = ['José da Silva', 'Maria Conceição Araújo', 'Antônio Gonçalves'];
for (let k = 0; k < 11; k++) {
  const rows = Array.from({ length: 5000 }, (_, i) => ({ id: crypto.randomUUID(), agency_id: agency.id, name: `${names[i % 3]} ${i}`, email: `jose${i}@gmail.com`, document: String(10000000000 + k * 5000 + i), tags: ['vip'] }));
  const t = performance.now();
  const r = await d.db.execute(sql`EXPLAIN (ANALYZE, BUFFERS) INSERT INTO clients (id, agency_id, name, email, document, tags) SELECT id, agency_id, name, email, document, tags FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(id uuid, agency_id uuid, name text, email text, document varchar(14), tags text[])`);
  if (k === 10) console.log((r as any).rows.map((x: any) => x['QUERY PLAN']).join('\n'));
  console.log('insert 5000', Math.round(performance.now() - t));
}
await d.db.execute(sql`DROP INDEX clients_search_trgm_idx`);
const rows = Array.from({ length: 5000 }, (_, i) => ({ id: crypto.randomUUID(), agency_id: agency.id, name: `${names[i % 3]} ${i}`, email: `jose${i}@gmail.com`, tags: ['vip'] }));
let t = performance.now();
await d.db.execute(sql`INSERT INTO clients (id, agency_id, name, email, tags) SELECT id, agency_id, name, email, tags FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(id uuid, agency_id uuid, name text, email text, tags text[])`);
console.log('insert 5000 without trgm', Math.round(performance.now() - t));
await d.close();

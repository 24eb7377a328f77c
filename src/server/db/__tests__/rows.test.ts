import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../testing/test-db';
import type { DbHandle } from '../client';
import { rowsOf, textArray } from '../rows';

let handle: DbHandle;

beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle?.close();
});

describe('textArray', () => {
  it('brings every text back as it was, whatever it holds', async () => {
    const values = [
      'ana@exemplo.com',
      'a,b@x.com',
      'com "aspas"',
      'barra \\ invertida',
      '{chaves}',
      'NULL',
      '',
      ' espaço ',
      'ção',
    ];
    const rows = rowsOf<{ v: string }>(await handle.db.execute(sql`SELECT unnest(${textArray(values)}::text[]) AS v`));
    expect(rows.map((r) => r.v)).toEqual(values);
  });
});

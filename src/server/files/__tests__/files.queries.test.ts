import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { withTenant } from '../../db/tenant';
import { createAgencyWithUser } from '../../testing/factories/agency.factory';
import { createTestDb } from '../../testing/test-db';
import { getStoredFileMeta, readStoredFile, sha256Hex, storeFile } from '../files.queries';

/**
 * The storage interface keeps bytes exactly (they travel as base64 text: files.queries.ts), and
 * keeps each agency's files its own.
 */
let handle: DbHandle;
let agencyId: string;
let otherAgencyId: string;

beforeAll(async () => {
  handle = await createTestDb();
  agencyId = (await createAgencyWithUser(handle.db)).agency.id;
  otherAgencyId = (await createAgencyWithUser(handle.db)).agency.id;
});
afterAll(async () => {
  await handle?.close();
});

const store = (bytes: Uint8Array, name = 'arquivo.bin') =>
  withTenant(handle.db, agencyId, (tx) =>
    storeFile(tx, { agencyId, userId: null, purpose: 'import', name, contentType: 'application/octet-stream', bytes }),
  );
const read = (id: string, agency = agencyId) =>
  withTenant(handle.db, agency, (tx) => readStoredFile(tx, { agencyId: agency, id }));

describe('stored files', () => {
  it('keeps every byte as it came: all 256 values, an empty file, a view into a larger buffer, 3 MB of noise', async () => {
    const everyByte = Uint8Array.from({ length: 512 }, (_, i) => i % 256);
    const backing = new Uint8Array([9, 9, 9, 0, 255, 10, 13, 92, 120, 9, 9]);
    const files = [everyByte, new Uint8Array(0), backing.subarray(3, 9), new Uint8Array(randomBytes(3 * 1024 * 1024))];
    for (const bytes of files) {
      const meta = await store(bytes);
      expect(meta).toMatchObject({ size: bytes.byteLength, sha256: sha256Hex(bytes) });
      const back = await read(meta.id);
      expect(back?.content).toBeInstanceOf(Uint8Array);
      expect(Buffer.from(back!.content).equals(Buffer.from(bytes))).toBe(true);
      // Stored as bytea (not text): the database's own length and digest agree.
      const [row] = rowsOf<{ length: number; digest: string }>(
        await handle.db.execute(
          sql`SELECT octet_length(content) AS length, encode(sha256(content), 'hex') AS digest FROM stored_files WHERE id = ${meta.id}`,
        ),
      );
      expect(row).toEqual({ length: bytes.byteLength, digest: sha256Hex(bytes) });
    }
  });

  it("another agency's file is not found, its bytes nor its description", async () => {
    const meta = await store(new TextEncoder().encode('nome;cpf\nAna;52998224725\n'), 'clientes.csv');
    expect(await read(meta.id, otherAgencyId)).toBeNull();
    expect(
      await withTenant(handle.db, otherAgencyId, (tx) =>
        getStoredFileMeta(tx, { agencyId: otherAgencyId, id: meta.id }),
      ),
    ).toBeNull();
    expect((await read(meta.id))?.name).toBe('clientes.csv');
  });
});

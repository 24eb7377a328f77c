import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { import_jobs, stored_files } from '../db/schema';

// The one storage interface for files (DESIGN.md §1 "files"): the bytes live in the database, so
// any process serves any file; an object store can replace the table behind these functions.

export type FilePurpose = 'import' | 'report';

export interface StoredFileMeta {
  id: string;
  name: string;
  content_type: string;
  size: number;
  sha256: string;
  created_at: string;
}

/** A file's description: everything but its bytes. */
const metaColumns = {
  id: stored_files.id,
  name: stored_files.name,
  content_type: stored_files.content_type,
  size: stored_files.size,
  sha256: stored_files.sha256,
  created_at: stored_files.created_at,
};

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export async function storeFile(
  db: Db,
  {
    agencyId,
    userId,
    purpose,
    name,
    contentType,
    bytes,
  }: {
    agencyId: string;
    userId: string | null;
    purpose: FilePurpose;
    name: string;
    contentType: string;
    bytes: Uint8Array;
  },
): Promise<StoredFileMeta> {
  const [row] = await db
    .insert(stored_files)
    .values({
      agency_id: agencyId,
      user_id: userId,
      purpose,
      name,
      content_type: contentType,
      size: bytes.byteLength,
      sha256: sha256Hex(bytes),
      content: sql`decode(${base64Of(bytes)}, 'base64')`,
    })
    .returning(metaColumns);
  return row!;
}

export async function getStoredFileMeta(db: Db, { agencyId, id }: { agencyId: string; id: string }) {
  const [row] = await db
    .select(metaColumns)
    .from(stored_files)
    .where(and(eq(stored_files.agency_id, agencyId), eq(stored_files.id, id)));
  return row ?? null;
}

/** The file's bytes, or null when it is not this agency's. */
export async function readStoredFile(
  db: Db,
  { agencyId, id }: { agencyId: string; id: string },
): Promise<(StoredFileMeta & { content: Uint8Array }) | null> {
  const [row] = await db
    .select({ ...metaColumns, content: sql<string>`encode(${stored_files.content}, 'base64')` })
    .from(stored_files)
    .where(and(eq(stored_files.agency_id, agencyId), eq(stored_files.id, id)));
  if (!row) return null;
  // Node's base64 decoder skips the line breaks PostgreSQL puts every 76 characters.
  return { ...row, content: Buffer.from(row.content, 'base64') };
}

/**
 * The bytes go to and from the database as base64 text, not as a bytea parameter or column: PGlite
 * turns a 9.5 MB bytea into its hex form and back in JavaScript (1.3–1.6 s to store, ~0.6 s to read)
 * against 0.15 s / 0.03–0.07 s as base64; PostgreSQL takes about the same time either way
 * (docs/performance.md, imports, stop 48).
 */
function base64Of(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

/** Uploads no import job points at, older than `before`: a wizard left half-way. */
export async function pruneUnusedUploads(db: Db, { before }: { before: string }) {
  await db
    .delete(stored_files)
    .where(
      and(
        eq(stored_files.purpose, 'import'),
        lt(stored_files.created_at, before),
        sql`NOT EXISTS (SELECT 1 FROM ${import_jobs} j WHERE j.agency_id = ${stored_files.agency_id} AND j.file_id = ${stored_files.id})`,
      ),
    );
}

import { and, desc, eq, sql } from 'drizzle-orm';
import type { ImportDryRun, ImportJob, ImportKind, ImportPreset } from '../../domain/imports/import.schema';
import { IMPORT_HISTORY_LIMIT } from '../../domain/imports/import.schema';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { import_checks, import_jobs, import_presets, users } from '../db/schema';

const jobColumns = {
  id: import_jobs.id,
  kind: import_jobs.kind,
  file_name: import_jobs.file_name,
  file_size: import_jobs.file_size,
  total_rows: import_jobs.total_rows,
  ok_rows: import_jobs.ok_rows,
  error_rows: import_jobs.error_rows,
  status: import_jobs.status,
  phase: import_jobs.phase,
  progress: import_jobs.progress,
  message: import_jobs.message,
  user_name: users.name,
  created_at: import_jobs.created_at,
  completed_at: import_jobs.completed_at,
  undone_at: import_jobs.undone_at,
};

/** The last 20 jobs, newest first (spec part 2 §7). */
export async function listImportJobs(db: Db, { agencyId }: { agencyId: string }): Promise<ImportJob[]> {
  const rows = await db
    .select(jobColumns)
    .from(import_jobs)
    .leftJoin(users, eq(users.id, import_jobs.user_id))
    .where(eq(import_jobs.agency_id, agencyId))
    .orderBy(desc(import_jobs.created_at), desc(import_jobs.id))
    .limit(IMPORT_HISTORY_LIMIT);
  return rows as ImportJob[];
}

export async function getImportJob(
  db: Db,
  { agencyId, id }: { agencyId: string; id: string },
): Promise<ImportJob | null> {
  const [row] = await db
    .select(jobColumns)
    .from(import_jobs)
    .leftJoin(users, eq(users.id, import_jobs.user_id))
    .where(and(eq(import_jobs.agency_id, agencyId), eq(import_jobs.id, id)));
  return (row as ImportJob | undefined) ?? null;
}

/** The job with what its worker and its undo need, locked. */
export async function lockImportJob(db: Db, { agencyId, id }: { agencyId: string; id: string }) {
  const [row] = await db
    .select()
    .from(import_jobs)
    .where(and(eq(import_jobs.agency_id, agencyId), eq(import_jobs.id, id)))
    .for('update');
  return row ?? null;
}

/** A completed, not undone job of these same bytes: the file was imported before. */
export async function findPreviousImport(db: Db, { agencyId, sha256 }: { agencyId: string; sha256: string }) {
  const [row] = await db
    .select({ id: import_jobs.id, created_at: import_jobs.created_at, file_name: import_jobs.file_name })
    .from(import_jobs)
    .where(
      and(
        eq(import_jobs.agency_id, agencyId),
        eq(import_jobs.file_sha256, sha256),
        eq(import_jobs.status, 'completed'),
      ),
    )
    .orderBy(desc(import_jobs.created_at))
    .limit(1);
  return row ?? null;
}

export interface NewImportJob {
  userId: string | null;
  kind: ImportKind;
  fileId: string;
  fileSha256: string;
  fileName: string;
  fileSize: number;
  totalRows: number;
  mapping: Record<string, string>;
  onDuplicate: 'skip' | 'update';
  onlyValid: boolean;
  today: string;
}

/** The job, queued; NOTIFY (delivered on commit) wakes a worker at once rather than at its next poll. */
export async function insertImportJob(db: Db, { agencyId, job }: { agencyId: string; job: NewImportJob }) {
  const [row] = await db
    .insert(import_jobs)
    .values({
      agency_id: agencyId,
      user_id: job.userId,
      kind: job.kind,
      file_id: job.fileId,
      file_sha256: job.fileSha256,
      file_name: job.fileName,
      file_size: job.fileSize,
      total_rows: job.totalRows,
      mapping: job.mapping,
      on_duplicate: job.onDuplicate,
      only_valid: job.onlyValid,
      today: job.today,
    })
    .returning({ id: import_jobs.id });
  await db.execute(sql`SELECT pg_notify('milheiro_outbox', 'imports')`);
  return row!;
}

export async function setImportProgress(
  db: Db,
  { agencyId, id, phase, progress }: { agencyId: string; id: string; phase: string; progress: number },
) {
  await db
    .update(import_jobs)
    .set({ phase, progress })
    .where(and(eq(import_jobs.agency_id, agencyId), eq(import_jobs.id, id), eq(import_jobs.status, 'processing')));
}

export async function finishImportJob(
  db: Db,
  {
    agencyId,
    id,
    values,
  }: {
    agencyId: string;
    id: string;
    values: {
      status: 'completed' | 'failed';
      ok_rows?: number;
      error_rows?: number;
      errors?: unknown[];
      previous?: unknown[];
      message?: string | null;
    };
  },
) {
  await db
    .update(import_jobs)
    .set({ ...values, phase: 'done', locked_until: null, completed_at: sql`now()` })
    .where(and(eq(import_jobs.agency_id, agencyId), eq(import_jobs.id, id)));
}

/** Handed back after an unexpected failure: queued again, taken once `retryInSeconds` pass. */
export async function releaseImportJob(
  db: Db,
  { agencyId, id, retryInSeconds }: { agencyId: string; id: string; retryInSeconds: number },
) {
  await db
    .update(import_jobs)
    .set({ phase: 'queued', progress: 0, locked_until: sql`now() + make_interval(secs => ${retryInSeconds})` })
    .where(and(eq(import_jobs.agency_id, agencyId), eq(import_jobs.id, id), eq(import_jobs.status, 'processing')));
}

export async function markImportUndone(db: Db, { agencyId, id }: { agencyId: string; id: string }) {
  await db
    .update(import_jobs)
    .set({ status: 'undone', undone_at: sql`now()` })
    .where(and(eq(import_jobs.agency_id, agencyId), eq(import_jobs.id, id)));
}

/**
 * Queued jobs whose worker is not holding them (none yet, or its lease ran out: it crashed), each
 * taken for `leaseSeconds` by this worker; across agencies (the owner's connection).
 */
export async function claimImportJobs(db: Db, { limit, leaseSeconds }: { limit: number; leaseSeconds: number }) {
  return rowsOf<{ agency_id: string; id: string; attempts: number }>(
    await db.execute(sql`
      UPDATE import_jobs j SET locked_until = now() + make_interval(secs => ${leaseSeconds}), attempts = j.attempts + 1
      FROM (
        SELECT agency_id, id FROM import_jobs
        WHERE status = 'processing' AND (locked_until IS NULL OR locked_until < now())
        ORDER BY created_at
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      ) due
      WHERE j.agency_id = due.agency_id AND j.id = due.id
      RETURNING j.agency_id, j.id, j.attempts`),
  );
}

// Presets

const presetColumns = {
  id: import_presets.id,
  kind: import_presets.kind,
  name: import_presets.name,
  mapping: import_presets.mapping,
  created_at: import_presets.created_at,
};

export async function listImportPresets(
  db: Db,
  { agencyId, userId, kind }: { agencyId: string; userId: string; kind?: ImportKind },
): Promise<ImportPreset[]> {
  const rows = await db
    .select(presetColumns)
    .from(import_presets)
    .where(
      and(
        eq(import_presets.agency_id, agencyId),
        eq(import_presets.user_id, userId),
        ...(kind ? [eq(import_presets.kind, kind)] : []),
      ),
    )
    .orderBy(import_presets.name);
  return rows as ImportPreset[];
}

export async function countImportPresets(
  db: Db,
  { agencyId, userId, kind }: { agencyId: string; userId: string; kind: ImportKind },
) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(import_presets)
    .where(
      and(eq(import_presets.agency_id, agencyId), eq(import_presets.user_id, userId), eq(import_presets.kind, kind)),
    );
  return row?.n ?? 0;
}

export async function insertImportPreset(
  db: Db,
  {
    agencyId,
    userId,
    preset,
  }: { agencyId: string; userId: string; preset: { kind: ImportKind; name: string; mapping: Record<string, string> } },
): Promise<ImportPreset> {
  const [row] = await db
    .insert(import_presets)
    .values({ agency_id: agencyId, user_id: userId, ...preset })
    .returning(presetColumns);
  return row as ImportPreset;
}

export async function deleteImportPreset(
  db: Db,
  { agencyId, userId, id }: { agencyId: string; userId: string; id: string },
) {
  const rows = await db
    .delete(import_presets)
    .where(and(eq(import_presets.agency_id, agencyId), eq(import_presets.user_id, userId), eq(import_presets.id, id)))
    .returning({ id: import_presets.id });
  return rows.length > 0;
}

/** Keeps a dry run's answer as the file's last check (one per file: a newer one replaces it). */
export async function saveImportCheck(
  db: Db,
  { agencyId, fileId, key, result }: { agencyId: string; fileId: string; key: string; result: ImportDryRun },
) {
  await db
    .insert(import_checks)
    .values({ agency_id: agencyId, file_id: fileId, key, result: { ...result } })
    .onConflictDoUpdate({
      target: [import_checks.agency_id, import_checks.file_id],
      set: { key, result: { ...result }, checked_at: sql`now()` },
    });
}

/** The file's last dry run when it checked with `key` less than `maxAgeSeconds` ago. */
export async function recentImportCheck(
  db: Db,
  { agencyId, fileId, key, maxAgeSeconds }: { agencyId: string; fileId: string; key: string; maxAgeSeconds: number },
): Promise<ImportDryRun | null> {
  const [row] = await db
    .select({ result: import_checks.result })
    .from(import_checks)
    .where(
      and(
        eq(import_checks.agency_id, agencyId),
        eq(import_checks.file_id, fileId),
        eq(import_checks.key, key),
        sql`${import_checks.checked_at} > now() - make_interval(secs => ${maxAgeSeconds})`,
      ),
    );
  return (row?.result as ImportDryRun | undefined) ?? null;
}

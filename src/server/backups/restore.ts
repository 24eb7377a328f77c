import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from '../db/data-dir-lock';
import { BackupError, backupsDirOf, isDataEntry, pgdataOf, unpackBackup, type BackupManifest } from './backup-file';

export interface RestoreResult {
  manifest: BackupManifest;
  /** Where the data the restore replaced was kept (inside DATA_DIR/backups), or null when there was none. */
  replacedDir: string | null;
  /** The restored database's figures, read by opening it: proof it starts. */
  agencies: number;
}

/** Opens an unpacked database once (PostgreSQL recovers it) and counts its agencies; throws when it does not start. */
async function probe(pgdata: string, file: string): Promise<number> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  try {
    const client = new PGlite({ dataDir: pgdata, extensions: { pg_trgm } });
    try {
      await client.waitReady;
      const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM agencies');
      return rows[0]?.n ?? 0;
    } finally {
      await client.close();
    }
  } catch (err) {
    throw new BackupError(
      'invalid',
      `${path.basename(file)} não abre como banco de dados (${(err as Error).message}). Nada foi alterado.`,
      { cause: err },
    );
  }
}

/**
 * Restores a backup into a data directory (npm run restore). Refused while a process holds the
 * directory (its lock, decision 0009) and for a file that is not a Milheiro backup or is of a newer
 * schema: everything is unpacked and opened aside first, so a refusal leaves the directory as it was.
 * The data it replaces is not deleted: it moves to DATA_DIR/backups/dados-substituidos-<time>/.
 */
export async function restoreBackup(file: string, dataDir: string, now = new Date()): Promise<RestoreResult> {
  await fs.mkdir(dataDir, { recursive: true });
  let lock: DataDirLock;
  try {
    lock = acquireDataDirLock(dataDir);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    const who = err.holder ? ` (PID ${err.holder.pid})` : '';
    throw new BackupError(
      'locked',
      `O diretório ${dataDir} está em uso por um servidor do Milheiro${who}: pare-o antes de restaurar. Nada foi alterado.`,
      { cause: err },
    );
  }
  const backupsDir = backupsDirOf(dataDir);
  const staging = path.join(backupsDir, `.restore-${randomUUID()}`);
  try {
    const manifest = await unpackBackup(path.resolve(file), staging);
    const pgdata = pgdataOf(staging);
    const agencies = await probe(pgdata, file);

    const current = (await fs.readdir(dataDir)).filter(isDataEntry);
    let replacedDir: string | null = null;
    const moved: string[] = [];
    const placed: string[] = [];
    try {
      if (current.length > 0) {
        replacedDir = path.join(backupsDir, `dados-substituidos-${now.toISOString().replace(/[-:.]/g, '')}`);
        await fs.mkdir(replacedDir, { recursive: true });
        for (const name of current) {
          await fs.rename(path.join(dataDir, name), path.join(replacedDir, name));
          moved.push(name);
        }
      }
      for (const name of await fs.readdir(pgdata)) {
        await fs.rename(path.join(pgdata, name), path.join(dataDir, name));
        placed.push(name);
      }
    } catch (err) {
      // Put the directory back as it was before saying so.
      for (const name of placed)
        await fs.rename(path.join(dataDir, name), path.join(pgdata, name)).catch(() => undefined);
      if (replacedDir) {
        for (const name of moved) {
          await fs.rename(path.join(replacedDir, name), path.join(dataDir, name)).catch(() => undefined);
        }
        await fs.rm(replacedDir, { recursive: true, force: true }).catch(() => undefined);
      }
      throw new BackupError(
        'failed',
        `A restauração não pôde trocar os arquivos de ${dataDir} (${(err as Error).message}); os dados anteriores foram mantidos.`,
        { cause: err },
      );
    }
    return { manifest, replacedDir, agencies };
  } finally {
    await fs.rm(staging, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
    lock.release();
  }
}

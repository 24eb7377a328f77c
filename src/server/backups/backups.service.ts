import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'pino';
import type { JobDefinition } from '../jobs/job-queue';
import { backupsDirOf, listBackups, readManifest, rotateBackups, writeBackup, type BackupEntry } from './backup-file';

export const BACKUP_JOB = 'system.backup';

export interface EmbeddedBackupsOptions {
  source: { dataDir: string; pglite: PGlite };
  /** How many backups to keep (env BACKUP_KEEP). */
  keep: number;
  /** The daily backup's hour in the agency's time zone, or null when off (env BACKUP_HOUR). */
  hour: number | null;
  logger: Logger;
}

/**
 * The backups of the embedded database this process serves (issue #21): written by the daily job,
 * by `npm run backup` through the control socket, kept in DATA_DIR/backups. One at a time: a second
 * request while one is being written gets that one.
 */
export class EmbeddedBackups {
  readonly dir: string;
  private running: Promise<BackupEntry & { blockedMs: number }> | null = null;

  constructor(private readonly options: EmbeddedBackupsOptions) {
    this.dir = backupsDirOf(options.source.dataDir);
    // What a process stopped mid-backup (kill -9, power cut) left behind.
    try {
      for (const name of readdirSync(this.dir)) {
        if (name.startsWith('.staging-') || name.startsWith('.restore-')) {
          rmSync(path.join(this.dir, name), { recursive: true, force: true });
        }
      }
    } catch {
      /* no backups yet */
    }
  }

  get keep() {
    return this.options.keep;
  }

  get hour() {
    return this.options.hour;
  }

  /** Writes a backup now, then keeps the newest `keep`; a rotation only ever follows a backup written whole. */
  backupNow(): Promise<BackupEntry & { blockedMs: number }> {
    this.running ??= (async () => {
      try {
        const started = performance.now();
        const entry = await writeBackup(this.options.source, this.dir);
        const removed = await rotateBackups(this.dir, this.options.keep);
        this.options.logger.info(
          {
            backup: entry.name,
            bytes: entry.bytes,
            ms: Math.round(performance.now() - started),
            blockedMs: Math.round(entry.blockedMs),
            removed,
          },
          'backup written',
        );
        return entry;
      } catch (err) {
        this.options.logger.error({ err }, 'backup failed');
        throw err;
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  list(): Promise<BackupEntry[]> {
    return listBackups(this.dir);
  }

  fileOf(name: string) {
    return path.join(this.dir, name);
  }

  /** Resolves once no backup is being written (shutdown waits for it before closing the database). */
  async idle(): Promise<void> {
    await this.running?.catch(() => undefined);
  }

  /** Whether a backup holds this agency's data alone: only then may its admin download it. */
  async holdsOnly(name: string, agencyId: string): Promise<boolean> {
    const manifest = await readManifest(this.fileOf(name));
    return manifest?.agency_ids?.length === 1 && manifest.agency_ids[0] === agencyId;
  }
}

/** The daily backup on the job queue, at BACKUP_HOUR in the agency's time zone. */
export function backupJob(backups: EmbeddedBackups): JobDefinition<Record<string, never>> {
  return {
    name: BACKUP_JOB,
    queue: { retryLimit: 2, retryDelay: 300, retryBackoff: true, expireInSeconds: 1800 },
    cron: backups.hour === null ? undefined : `0 ${backups.hour} * * *`,
    async handle() {
      await backups.backupNow();
    },
  };
}

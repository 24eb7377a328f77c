import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import * as tar from 'tar';
import { knownMigrations } from '../db/schema-status';

/**
 * Backups of the embedded database (issue #21, docs/decisions/0028-backups.md): a gzip'd tar whose
 * first entry is a manifest saying it is Milheiro's and of which schema, then the data directory
 * as it stood at one instant between two statements (PostgreSQL recovers it like after a power cut).
 */
export const BACKUP_FORMAT = 'milheiro-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const BACKUPS_DIR_NAME = 'backups';
const MANIFEST_NAME = 'milheiro-backup.json';
const PGDATA_NAME = 'pgdata';
const BACKUP_NAME = /^milheiro-backup-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z(?:-\d+)?\.tar\.gz$/;

/**
 * What is not part of the database in its directory: the backups themselves, the process lock
 * (decision 0009), the control socket, runtime files PostgreSQL rewrites at start.
 */
const NOT_DATA = /^(backups|milheiro\.lock.*|milheiro\.sock|postmaster\.pid|postmaster\.opts)$/;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_FORMAT_VERSION;
  created_at: string;
  engine: 'pglite';
  /** The migrations applied in the database backed up: how many, the last one's tag and time. */
  schema: { migrations: number; last: string | null; last_when: number | null };
  /** The agencies whose data the file holds: an admin may download it only when it is theirs alone. */
  agency_ids: string[];
}

export interface BackupEntry {
  name: string;
  created_at: string;
  bytes: number;
}

export type BackupProblem = 'not_found' | 'invalid' | 'newer_schema' | 'no_space' | 'locked' | 'failed';

/** A refusal or failure with one Portuguese sentence: what happened and that nothing else changed. */
export class BackupError extends Error {
  constructor(
    readonly problem: BackupProblem,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'BackupError';
  }
}

export function backupsDirOf(dataDir: string) {
  return path.join(dataDir, BACKUPS_DIR_NAME);
}

/** `milheiro-backup-20261127T030000Z.tar.gz`: sorts by time, says it in UTC. */
function backupName(at: Date, attempt: number) {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
  return `milheiro-backup-${stamp}${attempt > 0 ? `-${attempt}` : ''}.tar.gz`;
}

const isNoSpace = (err: unknown) => ['ENOSPC', 'EFBIG', 'EDQUOT'].includes((err as NodeJS.ErrnoException).code ?? '');

/**
 * Copies the data directory's files, leaving out what is not the database: the folders first, then
 * the files several at a time (the statements wait for this copy; libuv's threads share it).
 */
async function copyData(from: string, to: string): Promise<void> {
  const files: [string, string][] = [];
  const walk = async (dir: string, into: string, top: boolean) => {
    await fs.mkdir(into, { recursive: true });
    for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
      if (top && NOT_DATA.test(entry.name)) continue;
      const source = path.join(dir, entry.name);
      const target = path.join(into, entry.name);
      if (entry.isDirectory()) await walk(source, target, false);
      else if (entry.isFile()) files.push([source, target]);
    }
  };
  await walk(from, to, true);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const [source, target] = files[next++]!;
      await fs.copyFile(source, target, fs.constants.COPYFILE_FICLONE);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}

async function appliedSchema(pglite: PGlite): Promise<BackupManifest['schema']> {
  const { rows } = await pglite.query<{ migrations: number; last_when: string | null }>(
    'SELECT count(*)::int AS migrations, max(created_at)::text AS last_when FROM drizzle.__drizzle_migrations',
  );
  const lastWhen = rows[0]?.last_when == null ? null : Number(rows[0].last_when);
  return {
    migrations: rows[0]?.migrations ?? 0,
    last: knownMigrations().find((m) => m.when === lastWhen)?.tag ?? null,
    last_when: lastWhen,
  };
}

async function fsyncPath(file: string) {
  const handle = await fs.open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Writes a backup of the embedded database into `backupsDir` while it keeps serving: the files are
 * copied while the engine is held still (no statement running, no transaction open: ~0.1 s for
 * tens of MB), then compressed with the engine free. Written under a temporary name and renamed
 * once complete and synced: a full disk or a stop halfway leaves the previous backups as they were.
 */
export async function writeBackup(
  source: { dataDir: string; pglite: PGlite },
  backupsDir: string,
  now = new Date(),
): Promise<BackupEntry & { blockedMs: number }> {
  const staging = path.join(backupsDir, `.staging-${randomUUID()}`);
  const partial = `${staging}.partial`;
  try {
    await fs.mkdir(backupsDir, { recursive: true });
    // Written pages reach the files first, so opening the copy replays little.
    await source.pglite.exec('CHECKPOINT');
    const schema = await appliedSchema(source.pglite);
    const agencies = await source.pglite.query<{ id: string }>('SELECT id FROM agencies ORDER BY id');
    let blockedMs = 0;
    await source.pglite._runExclusiveTransaction(() =>
      source.pglite._runExclusiveQuery(async () => {
        const held = performance.now();
        await copyData(source.dataDir, path.join(staging, PGDATA_NAME));
        blockedMs = performance.now() - held;
      }),
    );
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      created_at: now.toISOString(),
      engine: 'pglite',
      schema,
      agency_ids: agencies.rows.map((row) => row.id),
    };
    await fs.writeFile(path.join(staging, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`);
    await tar.create({ gzip: { level: 6 }, file: partial, cwd: staging, portable: true }, [MANIFEST_NAME, PGDATA_NAME]);
    await fsyncPath(partial);
    for (let attempt = 0; ; attempt++) {
      const name = backupName(now, attempt);
      const target = path.join(backupsDir, name);
      try {
        // link() refuses an existing name: two backups in one second keep both.
        await fs.link(partial, target);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EEXIST') continue;
        throw err;
      }
      await fsyncPath(backupsDir);
      const { size } = await fs.stat(target);
      return { name, created_at: manifest.created_at.replace(/\.\d{3}Z$/, 'Z'), bytes: size, blockedMs };
    }
  } catch (err) {
    if (isNoSpace(err)) {
      throw new BackupError(
        'no_space',
        `Sem espaço em disco para gravar o backup em ${backupsDir}. Os backups anteriores e os dados não foram alterados.`,
        { cause: err },
      );
    }
    throw new BackupError(
      'failed',
      `O backup não pôde ser gravado em ${backupsDir}: ${(err as Error).message}. Os backups anteriores e os dados não foram alterados.`,
      { cause: err },
    );
  } finally {
    // Tidying up never hides why the backup failed (a backups "folder" that is a file, say).
    await fs.rm(partial, { force: true }).catch(() => undefined);
    await fs.rm(staging, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 }).catch(() => undefined);
  }
}

/**
 * A backup's manifest, read from the head of the file only (its first entry), or null when the file
 * does not start like a Milheiro backup. Cheap: the list and the download check read it.
 */
export function readManifest(file: string): Promise<BackupManifest | null> {
  return new Promise((resolve) => {
    const input = createReadStream(file);
    const parser = new tar.Parser();
    let settled = false;
    const settle = (manifest: BackupManifest | null) => {
      if (settled) return;
      settled = true;
      input.destroy();
      resolve(manifest && manifest.format === BACKUP_FORMAT ? manifest : null);
    };
    parser.on('entry', (entry: tar.ReadEntry) => {
      if (entry.path !== MANIFEST_NAME || entry.size > 65_536) {
        entry.resume();
        return settle(null);
      }
      const chunks: Buffer[] = [];
      entry.on('data', (chunk: Buffer) => chunks.push(chunk));
      entry.on('end', () => {
        try {
          settle(JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupManifest);
        } catch {
          settle(null);
        }
      });
    });
    parser.on('error', () => settle(null));
    parser.on('end', () => settle(null));
    input.on('error', () => settle(null));
    input.pipe(parser);
  });
}

/** The backups in a directory, newest first (files named as writeBackup names them; others ignored). */
export async function listBackups(backupsDir: string): Promise<BackupEntry[]> {
  let names: string[];
  try {
    names = await fs.readdir(backupsDir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const entries: BackupEntry[] = [];
  for (const name of names) {
    const m = BACKUP_NAME.exec(name);
    if (!m) continue;
    try {
      const { size } = await fs.stat(path.join(backupsDir, name));
      entries.push({ name, created_at: `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`, bytes: size });
    } catch {
      /* removed meanwhile */
    }
  }
  return entries.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.name.localeCompare(a.name));
}

/** Keeps the newest `keep` backups and deletes the rest; returns the names deleted. */
export async function rotateBackups(backupsDir: string, keep: number): Promise<string[]> {
  const old = (await listBackups(backupsDir)).slice(keep);
  for (const entry of old) await fs.rm(path.join(backupsDir, entry.name), { force: true });
  return old.map((entry) => entry.name);
}

/** Whether a name is one of ours (a download or restore never reaches beyond the backups). */
export const isBackupName = (name: string) => BACKUP_NAME.test(name);

const invalid = (file: string, cause?: unknown) =>
  new BackupError(
    'invalid',
    `${path.basename(file)} não é um backup válido do Milheiro (arquivo truncado, corrompido ou de outro programa). Nada foi alterado.`,
    { cause },
  );

/**
 * Unpacks a backup into `intoDir` (which must be empty or absent) and returns its manifest, reading
 * it whole: a truncated or foreign file, or one of a schema newer than this build knows, is refused
 * with nothing outside `intoDir` touched. The database lands in `intoDir/pgdata`.
 */
export async function unpackBackup(file: string, intoDir: string): Promise<BackupManifest> {
  try {
    await fs.access(file);
  } catch (err) {
    throw new BackupError('not_found', `Arquivo de backup não encontrado: ${file}. Nada foi alterado.`, { cause: err });
  }
  await fs.mkdir(intoDir, { recursive: true });
  try {
    await tar.extract({
      file,
      cwd: intoDir,
      strict: true,
      // Files and folders only: no links, devices or paths outside intoDir (tar strips those).
      filter: (_path, entry) => 'type' in entry && (entry.type === 'File' || entry.type === 'Directory'),
    });
  } catch (err) {
    throw invalid(file, err);
  }
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await fs.readFile(path.join(intoDir, MANIFEST_NAME), 'utf8')) as BackupManifest;
    await fs.access(path.join(intoDir, PGDATA_NAME, 'PG_VERSION'));
  } catch (err) {
    throw invalid(file, err);
  }
  if (
    manifest.format !== BACKUP_FORMAT ||
    manifest.engine !== 'pglite' ||
    typeof manifest.schema?.migrations !== 'number'
  ) {
    throw invalid(file);
  }
  if (manifest.version > BACKUP_FORMAT_VERSION) throw newer(file, manifest);
  const known = knownMigrations();
  const last = known.at(-1);
  if (
    manifest.schema.migrations > known.length ||
    (manifest.schema.last_when !== null && last !== undefined && manifest.schema.last_when > last.when)
  ) {
    throw newer(file, manifest);
  }
  return manifest;
}

const newer = (file: string, manifest: BackupManifest) =>
  new BackupError(
    'newer_schema',
    `${path.basename(file)} é de uma versão mais nova do Milheiro (${manifest.schema.migrations} migrações; esta versão conhece ${knownMigrations().length}). Atualize o Milheiro antes de restaurá-lo. Nada foi alterado.`,
  );

export const pgdataOf = (unpackedDir: string) => path.join(unpackedDir, PGDATA_NAME);

/** Whether a name in the data directory is part of the database (restore replaces exactly those). */
export const isDataEntry = (name: string) => !NOT_DATA.test(name);

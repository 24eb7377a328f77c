import { existsSync } from 'node:fs';
import path from 'node:path';
import { formatFileSize } from '../../domain/format';
import { createLogger } from '../logger';
import { createDb } from '../db/client';
import { DataDirLockedError } from '../db/data-dir-lock';
import { InvalidEnvError, loadEnv } from '../env';
import { BackupError, type BackupEntry } from './backup-file';
import { requestBackup } from './backup-control';
import { EmbeddedBackups } from './backups.service';
import { restoreBackup } from './restore';

/*
 * npm run backup            a backup of DATA_DIR now: made by the server that holds it, or by this
 *                           process when none does.
 * npm run restore -- FILE   restores FILE into DATA_DIR, refused while a server holds it.
 */

const when = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: process.env.TZ });

async function backup(dataDir: string, keep: number): Promise<string> {
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    throw new BackupError('not_found', `Não há banco de dados do Milheiro em ${dataDir}: nada a copiar.`);
  }
  const written = (entry: BackupEntry, by: string) =>
    `Backup gravado ${by}: ${path.join(dataDir, 'backups', entry.name)} (${formatFileSize(entry.bytes)}).`;
  const fromServer = await requestBackup(dataDir);
  if (fromServer) return written(fromServer, 'pelo servidor em execução');
  // No server answers: this process opens the directory (refused if one holds it after all).
  const handle = await createDb({ kind: 'pglite', dataDir });
  try {
    const backups = new EmbeddedBackups({
      source: handle.embedded!,
      keep,
      hour: null,
      logger: createLogger('silent'),
    });
    return written(await backups.backupNow(), 'com o servidor parado');
  } finally {
    await handle.close();
  }
}

async function restore(dataDir: string, file: string | undefined): Promise<string> {
  if (!file) throw new BackupError('not_found', 'Diga qual arquivo restaurar: npm run restore -- ARQUIVO');
  const result = await restoreBackup(file, dataDir);
  const kept = result.replacedDir ? ` Os dados que ele substituiu ficaram em ${result.replacedDir}.` : '';
  return (
    `Backup de ${when(result.manifest.created_at)} restaurado em ${dataDir}: ` +
    `${result.agencies} agência(s), ${result.manifest.schema.migrations} migrações.${kept}`
  );
}

async function main() {
  const [command, file] = process.argv.slice(2);
  const env = loadEnv();
  process.env.TZ = env.TZ;
  if (env.DATABASE_URL) {
    throw new BackupError(
      'failed',
      'Com DATABASE_URL o banco é um PostgreSQL: faça e restaure backups com pg_dump e pg_restore (veja "Operations" no README).',
    );
  }
  const dataDir = path.resolve(env.DATA_DIR);
  if (command === 'backup') return backup(dataDir, env.BACKUP_KEEP);
  if (command === 'restore') return restore(dataDir, file);
  throw new BackupError('failed', 'Use: npm run backup, ou npm run restore -- ARQUIVO');
}

main().then(
  (message) => {
    console.log(message);
    process.exit(0);
  },
  (err: unknown) => {
    // Expected refusals read as one sentence; anything else keeps its detail.
    if (err instanceof BackupError || err instanceof DataDirLockedError || err instanceof InvalidEnvError) {
      console.error(err.message);
    } else console.error('Falha:', err);
    process.exit(1);
  },
);

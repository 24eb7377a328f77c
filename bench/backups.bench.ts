import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createApp } from '../src/server/app';
import { backupsDirOf } from '../src/server/backups/backup-file';
import { EmbeddedBackups } from '../src/server/backups/backups.service';
import { restoreBackup } from '../src/server/backups/restore';
import { createDb } from '../src/server/db/client';
import { fmt, largeAgency, stats, time } from './lib';

/**
 * Issue #21: a backup of the embedded database on the large agency (BENCH_BACKUP_CLIENTS clients,
 * BENCH_BACKUP_EMISSIONS emissions, on disk), while requests keep coming: the whole backup, the
 * time statements wait for it (the copy under PGlite's locks), the slowest request served during
 * it, and the restore — beside the yardsticks measured in the same run: `cp -a` of the same
 * directory (the copy's floor) and `tar -czf` of it (the compression's). Also the admin's list
 * (GET /api/v1/backups with 7 backups kept): a list page, ≤ 150 ms p50 on PGlite.
 *
 *   npm run bench backups
 *   BENCH_BACKUP_CLIENTS=5000 BENCH_BACKUP_EMISSIONS=50000 npm run bench backups   # a quick run
 */
export async function runBackupsBench() {
  const clients = Number(process.env.BENCH_BACKUP_CLIENTS ?? 50_000);
  const emissions = Number(process.env.BENCH_BACKUP_EMISSIONS ?? 500_000);
  console.log(
    `\n# Backups of the embedded database (agency of ${clients.toLocaleString('en')} clients, ${emissions.toLocaleString('en')} emissions)`,
  );
  const root = mkdtempSync(path.join(tmpdir(), 'milheiro-bench-backups-'));
  const dataDir = path.join(root, 'data');
  const logger = pino({ level: 'silent' });
  try {
    const handle = await createDb({ kind: 'pglite', dataDir });
    await handle.migrate();
    const backups = new EmbeddedBackups({ source: handle.embedded!, keep: 7, hour: 3, logger });
    const app = createApp({ db: handle.db, logger, backups });
    const { getJson } = await largeAgency('PGlite', handle, app, { clients, emissions });
    await handle.embedded!.pglite.exec('CHECKPOINT');
    const size = execFileSync('du', ['-sm', dataDir], { encoding: 'utf8' }).split('\t')[0];

    // Yardsticks: the same directory copied by cp, and compressed by tar, in this run.
    const copyStart = performance.now();
    execFileSync('cp', ['-a', dataDir, path.join(root, 'copy')]);
    const copyMs = performance.now() - copyStart;
    const tarStart = performance.now();
    execFileSync('tar', ['-czf', path.join(root, 'copy.tar.gz'), '-C', path.join(root, 'copy'), '.']);
    const tarMs = performance.now() - tarStart;
    rmSync(path.join(root, 'copy'), { recursive: true, force: true });

    // A backup alone, then one while a client keeps asking for the clients' list: the slowest answer during it.
    const aloneStart = performance.now();
    await backups.backupNow();
    const aloneMs = performance.now() - aloneStart;
    const page = '/api/v1/clients?page=1&per_page=25';
    const idle = await time(() => getJson(page), 20, 5);
    const state = { running: true };
    const during: number[] = [];
    const load = (async () => {
      while (state.running) {
        const t = performance.now();
        await getJson(page);
        during.push(performance.now() - t);
        // As a client over the network would: the in-process app answers through microtasks only.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const started = performance.now();
    const entry = await backups.backupNow();
    const totalMs = performance.now() - started;
    state.running = false;
    await load;
    const busy = stats(during);

    console.log(`PGlite     data directory ${size} MB → backup ${(entry.bytes / 1_048_576).toFixed(1)} MB`);
    console.log(
      `PGlite     backup (copy + compress), alone     ${(aloneMs / 1000).toFixed(2)} s   yardstick cp -a + tar -czf: ${((copyMs + tarMs) / 1000).toFixed(2)} s`,
    );
    console.log(`PGlite     backup under a steady request load  ${(totalMs / 1000).toFixed(2)} s`);
    console.log(
      `PGlite     statements held (the copy)          ${entry.blockedMs.toFixed(0)} ms   yardstick cp -a: ${copyMs.toFixed(0)} ms`,
    );
    console.log(
      `PGlite     ${page} idle ${fmt(idle)}; during the backup (${during.length} answers) p50 ${busy.p50.toFixed(1)} ms, max ${Math.max(...during).toFixed(0)} ms`,
    );

    for (let i = 0; i < 5; i++) await backups.backupNow();
    const list = await time(() => getJson('/api/v1/backups'), 50, 10);
    console.log(
      `PGlite     GET /api/v1/backups (7 kept)        ${fmt(list)}  target ≤ 150 ms: ${list.p50 <= 150 ? 'met' : 'MISSED'}`,
    );

    const newest = (await backups.list())[0]!;
    await handle.close();
    const restoreStart = performance.now();
    await restoreBackup(path.join(backupsDirOf(dataDir), newest.name), dataDir);
    console.log(
      `PGlite     restore (unpack, open, swap)        ${((performance.now() - restoreStart) / 1000).toFixed(2)} s`,
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/**
 * Demo mode (`npm run demo`): the real app on a throwaway embedded database — a fresh PGlite
 * directory under the system temp dir, filled by the data generator (src/server/demo/: a year of a
 * mid-size agency) and removed on exit — with a demo user whose credentials the sign-in page shows (GET /api/v1/auth/setup).
 * DATABASE_URL and DATA_DIR are ignored: a demo never touches real data.
 *
 * DEMO_CLIENTS (default 400) sets the scale; DEMO_SEED (default 2026) the generated content.
 */
import './heap-tuning';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { backupsDirOf, writeBackup } from './backups/backup-file';
import { createDb } from './db/client';
import { DEMO_CREDENTIALS, seedDemo } from './demo/demo-seed';
import { loadDemoEnv } from './env';
import { createLogger } from './logger';
import { startServer } from './server';

async function main() {
  let env;
  let demoEnv;
  try {
    ({ env, demo: demoEnv } = loadDemoEnv());
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  // Node follows TZ from here on: todayIso() and every local date are the agency's.
  process.env.TZ = env.TZ;
  const logger = createLogger(env.LOG_LEVEL);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'milheiro-demo-'));
  let removed = false;
  const removeDataDir = () => {
    if (removed) return;
    removed = true;
    rmSync(dataDir, { recursive: true, force: true });
  };
  // Also on exits that skip the clean shutdown (a crash at start-up, process.exit elsewhere).
  process.on('exit', removeDataDir);

  const handle = await createDb({ kind: 'pglite', dataDir });
  await handle.migrate();
  const { result } = await seedDemo(handle.db, { clients: demoEnv.DEMO_CLIENTS, seed: demoEnv.DEMO_SEED });
  logger.info(
    {
      dataDir,
      clients: result.clients,
      loyaltyAccounts: result.loyaltyAccounts,
      lots: result.lots,
      emissions: result.emissions,
      passengers: result.passengers,
    },
    'demo database ready (removed on exit)',
  );
  // A first backup, so /config → Segurança shows what the daily one writes (issue #21).
  await writeBackup(handle.embedded!, backupsDirOf(dataDir));
  logger.info(`Demonstração: entre com ${DEMO_CREDENTIALS.identifier} / ${DEMO_CREDENTIALS.password}`);
  startServer({ env, logger, handle, demo: { ...DEMO_CREDENTIALS }, afterClose: removeDataDir });
}

main().catch((err) => {
  console.error('Falha ao iniciar a demonstração do Milheiro:', err);
  process.exit(1);
});

import './heap-tuning';
import path from 'node:path';
import { createDb } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { readSchemaStatus, schemaStatusProblem } from './db/schema-status';
import { loadEnv } from './env';
import { createLogger } from './logger';
import { startServer } from './server';

async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  // Node follows TZ from here on: todayIso() and every local date are the agency's.
  process.env.TZ = env.TZ;
  const logger = createLogger(env.LOG_LEVEL);
  const handle = env.DATABASE_URL
    ? await createDb({ kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DB_POOL_SIZE })
    : await createDb({ kind: 'pglite', dataDir: path.resolve(env.DATA_DIR) });
  // The owner applies the migrations and runs the job worker; requests log in as the
  // least-privilege role (decision 0012).
  const owner = env.MIGRATION_DATABASE_URL
    ? await createDb({ kind: 'postgres', url: env.MIGRATION_DATABASE_URL, poolSize: 3 })
    : undefined;
  // A database a newer Milheiro migrated is refused before anything touches it, and again after
  // migrating (a newer process may have migrated it meanwhile): this build does not know its schema.
  const migrator = owner ?? handle;
  const refuseIfAhead = async () => {
    const status = await readSchemaStatus(migrator.db);
    if (status.state !== 'ahead') return status;
    console.error(`${schemaStatusProblem(status)} Atualize o Milheiro ou restaure um backup compatível.`);
    await handle.close();
    await owner?.close();
    process.exit(1);
  };
  await refuseIfAhead();
  await migrator.migrate();
  const schema = await refuseIfAhead();
  if (schema.state !== 'current') logger.error({ schema }, 'database schema not current after migrating');
  logger.info(
    { database: handle.kind, dataDir: handle.kind === 'pglite' ? path.resolve(env.DATA_DIR) : undefined },
    'database ready',
  );
  startServer({ env, logger, handle, owner });
}

main().catch((err) => {
  // An expected refusal reads as one sentence, not a stack trace.
  if (err instanceof DataDirLockedError) console.error(err.message);
  else console.error('Falha ao iniciar o Milheiro:', err);
  process.exit(1);
});

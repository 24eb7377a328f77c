import type { JobDefinition } from '../jobs/job-queue';
import { runDueImports } from './imports.service';

export const IMPORT_RUN_JOB = 'imports.run';

/**
 * The importer's worker: queued when a request queues an import (the `imports` NOTIFY), and every
 * minute as a safety net (a NOTIFY no process heard, a retry coming due, a crashed worker's lease
 * run out). Several processes may run it at once: each claims different jobs (SKIP LOCKED).
 */
export function importRunJob(): JobDefinition {
  return {
    name: IMPORT_RUN_JOB,
    queue: { retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 1800 },
    cron: '* * * * *',
    async handle(_data, { db, logger }) {
      // Until none is left: a burst of imports does not wait a minute per job.
      while ((await runDueImports(db, { logger })) > 0);
    },
  };
}

import { sql } from 'drizzle-orm';
import { PgBoss, fromDrizzle, type DrizzleTransactionLike, type Job, type QueueOptions } from 'pg-boss';
import type { Logger } from 'pino';
import { AGENCY_TIME_ZONE } from '../agency/agency.queries';
import type { Database, Transaction } from '../db/client';
import { bossConstructorOptions, type JobConnection } from './job-schema';

/** What every job carries: the agency it works for (checked by row-level security when a request queues it). */
export interface JobPayload {
  agency_id?: string;
  [field: string]: unknown;
}

/** What a handler gets besides the payload: the database as the owner (it enters the tenant itself) and the logger. */
export interface JobContext {
  db: Database;
  logger: Logger;
  job: Job<unknown>;
}

export interface JobDefinition<T extends JobPayload = JobPayload> {
  /** The queue's name, kebab-case with a dot per area: `alerts.scan`. */
  name: string;
  /** Retries with backoff, expiry and retention (pg-boss's queue options). */
  queue: QueueOptions;
  /** A cron expression in the agencies' time zone (America/Sao_Paulo), if the job also runs on a calendar. */
  cron?: string;
  /** Jobs fetched per poll and run side by side in this process. */
  batchSize?: number;
  /** Must be idempotent: a job may run more than once (retry after a crash, at-least-once delivery). */
  handle(data: T, context: JobContext): Promise<void>;
}

/** Any definition, whatever its payload (the registry holds several kinds). */
// oxlint-disable-next-line typescript/no-explicit-any -- each definition checks its own payload type
export type AnyJobDefinition = JobDefinition<any>;

export interface JobQueueOptions {
  connection: JobConnection;
  /** The database the handlers use: the owner's connection (decision 0012), entering the tenant per agency. */
  db: Database;
  logger: Logger;
  definitions: readonly AnyJobDefinition[];
  /** How often an idle worker looks for jobs, in seconds (tests shorten it). */
  pollingIntervalSeconds?: number;
  /** Called each time a handler throws (the failures counter of /metrics). */
  onFailure?: (queue: string) => void;
}

export class UnknownQueueError extends Error {
  constructor(name: string) {
    super(`Fila de tarefas desconhecida: ${name}`);
    this.name = 'UnknownQueueError';
  }
}

/**
 * The background jobs (DESIGN §1): pg-boss on the app's own database, so jobs survive restarts and
 * several processes share them without running one twice. `enqueue` writes the job inside the
 * caller's transaction: it runs only if that transaction commits.
 */
export class JobQueue {
  readonly boss: PgBoss;
  private readonly definitions: Map<string, AnyJobDefinition>;
  private started = false;

  constructor(private readonly options: JobQueueOptions) {
    this.boss = new PgBoss({ ...bossConstructorOptions(options.connection), migrate: false });
    this.boss.on('error', (err) => options.logger.warn({ err }, 'job queue error'));
    this.definitions = new Map(options.definitions.map((definition) => [definition.name, definition]));
  }

  /** Creates the queues, schedules the calendar jobs and starts working; queues exist before anything is sent. */
  async start(): Promise<void> {
    await this.boss.start();
    this.started = true;
    for (const definition of this.definitions.values()) {
      const existing = await this.boss.getQueue(definition.name);
      if (existing) await this.boss.updateQueue(definition.name, definition.queue);
      else await this.boss.createQueue(definition.name, definition.queue);
      if (definition.cron) await this.boss.schedule(definition.name, definition.cron, {}, { tz: AGENCY_TIME_ZONE });
      // A calendar turned off (BACKUP_HOUR=off) must not keep its old schedule.
      else await this.boss.unschedule(definition.name);
      await this.boss.work<JobPayload>(
        definition.name,
        {
          batchSize: definition.batchSize ?? 1,
          pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2,
        },
        async (jobs) => {
          for (const job of jobs) await this.run(definition, job);
        },
      );
    }
  }

  private async run(definition: AnyJobDefinition, job: Job<JobPayload>): Promise<void> {
    const started = performance.now();
    try {
      await definition.handle(job.data, { db: this.options.db, logger: this.options.logger, job });
      this.options.logger.debug(
        { job: definition.name, id: job.id, ms: Math.round(performance.now() - started) },
        'job done',
      );
    } catch (err) {
      // pg-boss retries it on the queue's schedule; the log says why.
      this.options.logger.warn({ err, job: definition.name, id: job.id }, 'job failed');
      this.options.onFailure?.(definition.name);
      throw err;
    }
  }

  /**
   * Queues a job inside `tx`: committed with the business change or not at all. Returns the job's id;
   * a job already queued under the same singleton key returns null (nothing to do twice).
   */
  async enqueue(
    tx: Transaction | Database,
    name: string,
    data: JobPayload,
    options: { singletonKey?: string; startAfter?: Date | number } = {},
  ): Promise<string | null> {
    if (!this.definitions.has(name)) throw new UnknownQueueError(name);
    // drizzle's execute answers `{ rows }` on both engines, what the adapter reads.
    return this.boss.send(name, data, { ...options, db: fromDrizzle(tx as DrizzleTransactionLike, sql) });
  }

  /** Queues a job outside any transaction (a one-off after start, a test). */
  async send(
    name: string,
    data: JobPayload,
    options: { singletonKey?: string; startAfter?: Date | number } = {},
  ): Promise<string | null> {
    if (!this.definitions.has(name)) throw new UnknownQueueError(name);
    return this.boss.send(name, data, options);
  }

  /** Stops fetching, lets the jobs in hand finish (up to `timeoutMs`), then closes its connections. */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, close: true, timeout: timeoutMs });
  }
}

import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { PgBoss } from 'pg-boss';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type GaugeConfiguration } from 'prom-client';
import type { PoolStats } from '../db/client';
import type { EventHub } from '../events/event-hub';

/** The route label of whatever no API route answered: static files, the web app's pages, unknown paths. */
export const OTHER_ROUTE = '(other)';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** How long a scrape waits for the job queue's figures before leaving them out. */
const JOBS_TIMEOUT_MS = 2_000;

export interface MetricsSources {
  /** The request database's connections (DbHandle.poolStats). */
  poolStats?: () => PoolStats;
  /** The process's real-time streams. */
  eventHub?: EventHub;
}

type QueueCounts = Pick<
  Awaited<ReturnType<PgBoss['getQueues']>>[number],
  'name' | 'queuedCount' | 'activeCount' | 'failedCount'
>;

/**
 * The figures GET /metrics serves (Prometheus text format, prom-client): one registry per app,
 * never prom-client's global one, as the tests build many apps in one process. Gauges of other
 * parts (pool, streams, job queue) are read at scrape.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly durations: Histogram<'method' | 'route' | 'status'>;
  private readonly jobFailures: Counter<'queue'>;
  private jobs: { boss: Pick<PgBoss, 'getQueues'> } | null = null;
  /** One read of the job queue per scrape, shared by its three gauges (collected side by side). */
  private queueCounts: Promise<QueueCounts[] | null> | null = null;
  private defaultsOn = false;

  constructor(sources: MetricsSources = {}) {
    const registers = [this.registry];
    this.requests = new Counter({
      name: 'milheiro_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.durations = new Histogram({
      name: 'milheiro_http_request_duration_seconds',
      help: 'Time to answer an HTTP request (to its headers, for a stream), by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });

    const gauge = <T extends string>(config: GaugeConfiguration<T>) =>
      this.registry.registerMetric(new Gauge({ ...config, registers: [] }));

    const pool = sources.poolStats;
    if (pool) {
      const stat = (name: string, help: string, read: (s: PoolStats) => number | undefined) =>
        gauge({
          name,
          help,
          collect() {
            this.set(read(pool()) ?? 0);
          },
        });
      stat(
        'milheiro_db_pool_max_connections',
        'Connections the database pool may open (1: the embedded database)',
        (s) => s.max,
      );
      stat('milheiro_db_pool_open_connections', 'Connections the database pool holds open', (s) => s.total);
      // The embedded database has one connection and says nothing of its use.
      if (pool().idle !== undefined) {
        stat('milheiro_db_pool_idle_connections', 'Open connections not in use', (s) => s.idle);
        stat('milheiro_db_pool_waiting_queries', 'Queries waiting for a free connection', (s) => s.waiting);
      }
    }

    const hub = sources.eventHub;
    gauge({
      name: 'milheiro_realtime_streams_open',
      help: 'Real-time event streams (GET /api/v1/events) open in this process',
      collect() {
        this.set(hub?.openStreams ?? 0);
      },
    });

    this.jobFailures = new Counter({
      name: 'milheiro_job_failures_total',
      help: 'Jobs whose handler threw in this process, by queue (pg-boss retries them while retries are left)',
      labelNames: ['queue'],
      registers,
    });
    const queueGauge = (name: string, help: string, read: (q: QueueCounts) => number) => {
      const counts = () => this.readQueueCounts();
      gauge({
        name,
        help,
        labelNames: ['queue'],
        async collect() {
          const queues = await counts();
          this.reset();
          for (const q of queues ?? []) this.set({ queue: q.name }, read(q));
        },
      });
    };
    queueGauge(
      'milheiro_job_queue_depth',
      "Jobs waiting in the queue (ready, deferred or blocked), as of pg-boss's last monitoring pass",
      (q) => q.queuedCount,
    );
    queueGauge('milheiro_job_queue_active', "Jobs running, as of pg-boss's last monitoring pass", (q) => q.activeCount);
    queueGauge(
      'milheiro_job_queue_failed',
      "Failed jobs still kept by the queue's retention, as of pg-boss's last monitoring pass",
      (q) => q.failedCount,
    );
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The job queue whose depth is reported (server.ts, once it is built). */
  watchJobs(jobs: { boss: Pick<PgBoss, 'getQueues'> }): void {
    this.jobs = jobs;
  }

  jobFailed(queue: string): void {
    this.jobFailures.inc({ queue });
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const labels = { method: METHODS.has(method) ? method : 'OTHER', route, status: String(status) };
    this.requests.inc(labels);
    this.durations.observe(labels, seconds);
  }

  /** The text of a scrape. */
  async text(): Promise<string> {
    // Process figures from the first scrape on: each collectDefaultMetrics() keeps an event-loop
    // monitor and a GC observer running for good, which an app that is never scraped (a test's) should not.
    if (!this.defaultsOn) {
      collectDefaultMetrics({ register: this.registry });
      this.defaultsOn = true;
    }
    return this.registry.metrics();
  }

  private readQueueCounts(): Promise<QueueCounts[] | null> {
    const jobs = this.jobs;
    if (!jobs) return Promise.resolve(null);
    if (!this.queueCounts) {
      let timer: NodeJS.Timeout | undefined;
      // A database that does not answer leaves the job figures out, not the whole scrape.
      this.queueCounts = Promise.race([
        jobs.boss.getQueues(),
        new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), JOBS_TIMEOUT_MS))),
      ])
        .catch(() => null)
        .finally(() => {
          clearTimeout(timer);
          this.queueCounts = null;
        });
    }
    return this.queueCounts;
  }
}

/**
 * The route pattern of a request (`/api/v1/clients/:id`), a bounded label: the first route
 * registered for its method that matched, which is the one that answered it or would have past a
 * refusing middleware (401, 403). Middleware and catch-alls are not routes here, so unknown
 * paths, static files and the web app's pages are all OTHER_ROUTE.
 */
export function routeLabel(c: Context): string {
  const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
  const route = matchedRoutes(c).find((r) => r.method === method && !r.path.includes('*'));
  return route?.path ?? OTHER_ROUTE;
}

/** Counts and times every request; first in the chain, so refusals and errors are counted too. */
export function recordRequests(metrics: Metrics): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    metrics.observeRequest(c.req.method, routeLabel(c), c.res.status, (performance.now() - started) / 1000);
  };
}

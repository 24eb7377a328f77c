import type { EmbeddedBackups } from '../backups/backups.service';
import type { EventHub } from '../events/event-hub';
import type { Logger } from 'pino';
import type { Database, Transaction } from '../db/client';
import type { PasswordCost } from '../auth/password';
import type { SessionContext } from '../auth/sessions';
import type { Metrics } from '../ops/metrics';
import type { Lifecycle } from './lifecycle';

export interface AppDeps {
  db: Database;
  logger: Logger;
  /** Demo mode shows the demo sign-in on /entrar. */
  demo?: { identifier: string; password: string } | null;
  cookieSecure?: boolean;
  allowedOrigins?: string[];
  /** How many reverse proxies to trust for X-Forwarded-For (env TRUST_PROXY; true = 1, in tests). */
  trustProxy?: boolean | number;
  /** Built web app to serve with SPA fallback; omitted in API tests. */
  webDir?: string;
  /**
   * Honour the `x-test-today` request header as the request's calendar day. Only a server run
   * with NODE_ENV=test sets it (docs/decisions/0005-test-clock.md).
   */
  testClock?: boolean;
  /**
   * scrypt's cost for new password hashes and for the decoy of an unknown account: OWASP's
   * (PASSWORD_COST) unless a test server sets TEST_PASSWORD_COST (NODE_ENV=test, the tests' apps).
   */
  passwordCost?: PasswordCost;
  /**
   * Hosts a webhook may point at although loopback or private, and over http: tests only (env
   * WEBHOOK_ALLOW_HOSTS under NODE_ENV=test, or the tests' apps).
   */
  webhookAllowHosts?: readonly string[];
  /** Whether SMTP_URL is set: without it e-mails are held in the outbox (/config says so). */
  smtpConfigured?: boolean;
  /** The real-time fan-out of this process (GET /api/v1/events); absent: the stream answers 503. */
  eventHub?: EventHub;
  /** The process's state (stopping on SIGTERM); absent in the API tests' apps: never stopping. */
  lifecycle?: Lifecycle;
  /** The embedded database's backups (listed and downloaded by the admin); null on PostgreSQL. */
  backups?: EmbeddedBackups | null;
  /**
   * The owner's connection when requests log in as the tenant role only (MIGRATION_DATABASE_URL,
   * decision 0012): /api/ready reads the applied migrations through it, which the login may not.
   */
  ownerDb?: Database;
  /** What GET /metrics serves (server.ts builds it with the pool and the job queue); absent: the app makes its own. */
  metrics?: Metrics;
  /** The bearer token GET /metrics asks for (env METRICS_TOKEN); absent: loopback only. */
  metricsToken?: string;
}

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    /** The request's transaction, as the tenant role with its agency set (authenticated routes). */
    db: Transaction;
    session: SessionContext;
    requestId: string;
    /**
     * The request's calendar day, yyyy-MM-dd: the server's local date, or the x-test-today header
     * under the test clock. Everything that validates or counts against "today" reads it here.
     */
    today: string;
  };
};

import pino from 'pino';
import { expect } from 'vitest';
import { createApp, type App } from '../app';
import { TEST_PASSWORD_COST } from '../auth/password';
import type { DbHandle } from '../db/client';
import { EventHub } from '../events/event-hub';
import { createAgencyWithUser } from './factories/agency.factory';
import { createTestDb } from './test-db';

export interface TestContext {
  handle: DbHandle;
  app: App;
  eventHub?: EventHub;
  close(): Promise<void>;
}

export async function createTestContext(
  options: {
    demo?: { identifier: string; password: string };
    testClock?: boolean;
    /** Start this process's real-time hub (GET /api/v1/events answers 503 without it). */
    realtime?: boolean;
    webhookAllowHosts?: readonly string[];
  } = {},
): Promise<TestContext> {
  const handle = await createTestDb();
  const logger = pino({ level: 'silent' });
  const eventHub = options.realtime ? new EventHub({ listen: handle.listen, db: handle.db, logger }) : undefined;
  await eventHub?.start();
  const app = createApp({
    db: handle.db,
    logger,
    trustProxy: true,
    demo: options.demo ?? null,
    testClock: options.testClock ?? false,
    passwordCost: TEST_PASSWORD_COST,
    eventHub,
    webhookAllowHosts: options.webhookAllowHosts,
  });
  return {
    handle,
    app,
    eventHub,
    close: async () => {
      await eventHub?.stop();
      await handle.close();
    },
  };
}

export interface CallOptions {
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is (malformed JSON, a body of an exact size), as JSON unless `headers` say otherwise. */
  rawBody?: string;
  cookie?: string;
  headers?: Record<string, string>;
}

export interface CallResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
  /** The session cookie set by this response, as "name=value". */
  cookie?: string;
}

/** One HTTP call through the real app (routing, middleware, database), as the browser would make it. */
export async function call<T = any>(
  app: App,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<CallResult<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  const res = await app.request(`http://localhost${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  const setCookie = res.headers.get('set-cookie');
  const cookie = setCookie?.match(/milheiro_session=[^;]*/)?.[0];
  return { status: res.status, body: parsed as T, headers: res.headers, cookie };
}

/**
 * Signs the user of `made` (createAgencyWithUser's answer) in through POST /api/v1/auth/sign-in,
 * which must succeed, and answers the session cookie.
 */
export async function signIn(app: App, made: { user: { email: string | null }; password: string }): Promise<string> {
  const res = await call(app, 'POST', '/api/v1/auth/sign-in', {
    body: { identifier: made.user.email, password: made.password },
  });
  expect(res.status).toBe(200);
  return res.cookie!;
}

/** A new agency with one user (createAgencyWithUser), signed in through the app: its id and session cookie. */
export async function signedInAgency(ctx: TestContext) {
  const made = await createAgencyWithUser(ctx.handle.db);
  const cookie = await signIn(ctx.app, made);
  return { ...made, agencyId: made.agency.id, cookie };
}

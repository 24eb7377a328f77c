import pino from 'pino';
import { createApp, type App } from '../app';
import type { DbHandle } from '../db/client';
import { createTestDb } from './test-db';

export interface TestContext {
  handle: DbHandle;
  app: App;
  close(): Promise<void>;
}

export async function createTestContext(
  options: { demo?: { identifier: string; password: string }; testClock?: boolean } = {},
): Promise<TestContext> {
  const handle = await createTestDb();
  const app = createApp({
    db: handle.db,
    logger: pino({ level: 'silent' }),
    trustProxy: true,
    demo: options.demo ?? null,
    testClock: options.testClock ?? false,
  });
  return { handle, app, close: () => handle.close() };
}

export interface CallOptions {
  body?: unknown;
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
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
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

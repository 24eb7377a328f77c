import http from 'node:http';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { clients } from '../db/schema';
import { JSON_BODY_LIMIT_BYTES, PAYLOAD_TOO_LARGE_MESSAGE } from '../http/body-limit';
import { call, createTestContext, type TestContext } from '../testing/test-app';
import { createAgencyWithUser, TEST_PASSWORD } from '../testing/factories/agency.factory';

let ctx: TestContext;
let cookie: string;
let server: ServerType;
let port: number;

const TOO_LARGE = { error: { code: 'PAYLOAD_TOO_LARGE', message: PAYLOAD_TOO_LARGE_MESSAGE } };

beforeAll(async () => {
  ctx = await createTestContext();
  const { user } = await createAgencyWithUser(ctx.handle.db);
  const signIn = await call(ctx.app, 'POST', '/api/v1/auth/sign-in', {
    body: { identifier: user.email, password: TEST_PASSWORD },
  });
  cookie = signIn.cookie!;
  await new Promise<void>((resolve) => {
    server = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      port = info.port;
      resolve();
    });
  });
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await ctx?.close();
});

/** A body of `size` bytes that is valid JSON, so only its size can be refused. */
const jsonOfSize = (size: number) =>
  JSON.stringify({ name: 'Cliente grande', notes: 'x'.repeat(size - 40) }).padEnd(size, ' ');

describe('request body limit', () => {
  it('refuses a 2 MB JSON body with 413 and a Portuguese message, signed in or not, writing nothing', async () => {
    const body = jsonOfSize(2 * 1024 * 1024);
    for (const [path, withCookie] of [
      ['/api/v1/clients', true],
      ['/api/v1/clients', false],
      ['/api/v1/auth/sign-in', false],
      ['/api/v1/no-such-route', false],
    ] as const) {
      const res = await call(ctx.app, 'POST', path, {
        rawBody: body,
        cookie: withCookie ? cookie : undefined,
        headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
      });
      expect(res.status, path).toBe(413);
      expect(res.body).toEqual(TOO_LARGE);
    }
    const [row] = await ctx.handle.db.select({ n: count() }).from(clients);
    expect(row!.n).toBe(0);
  });

  it('lets a body at the limit through to validation', async () => {
    const res = await call(ctx.app, 'POST', '/api/v1/clients', {
      rawBody: jsonOfSize(JSON_BODY_LIMIT_BYTES),
      cookie,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.notes).toBe('Observações devem ter no máximo 2000 caracteres');
  });

  it('refuses by Content-Length before a byte of the body arrives', async () => {
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/clients',
        headers: { 'content-type': 'application/json', 'content-length': String(200 * 1024 * 1024) },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          resolve({ status: res.statusCode!, body: text });
          req.destroy();
        });
      });
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(status).toBe(413);
    expect(JSON.parse(body)).toEqual(TOO_LARGE);
  });

  it('cuts off a chunked body without Content-Length once it passes the limit, instead of reading all of it', async () => {
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const offered = 200 * 1024 * 1024;
    const result = await new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
      let sent = 0;
      let answered = false;
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/clients',
        headers: { 'content-type': 'application/json', cookie },
      });
      expect(req.getHeader('content-length')).toBeUndefined();
      // Writes until the socket's buffer is full, then again on 'drain', until an answer arrives.
      const pump = (): void => {
        if (answered) return;
        while (sent < offered) {
          sent += chunk.length;
          if (!req.write(chunk)) {
            req.once('drain', pump);
            return;
          }
        }
        req.end();
      };
      req.on('response', (res) => {
        answered = true;
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => {
          resolve({ status: res.statusCode!, body: text, sent });
          req.destroy();
        });
      });
      // The server may close the socket while we still write; only a missing answer is a failure.
      req.on('error', (err) => (answered ? undefined : reject(err)));
      req.write('{"name":"');
      pump();
    });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toEqual(TOO_LARGE);
    // Answered after about 1 MB, not after reading the 200 MB offered (socket buffers allow some slack).
    expect(result.sent).toBeLessThan(32 * 1024 * 1024);
  });
});

import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app';
import type { DbHandle } from '../db/client';
import { inlineScriptHashes } from '../http/security-headers';
import { createTestDb } from '../testing/test-db';

const root = path.resolve(import.meta.dirname, '../../..');
const webDir = mkdtempSync(path.join(tmpdir(), 'milheiro-web-'));
let handle: DbHandle;

/** The app serving a web directory made from the source index.html, as `vite build` keeps its theme script. */
function appWith(cookieSecure: boolean): App {
  return createApp({ db: handle.db, logger: pino({ level: 'silent' }), cookieSecure, webDir });
}

beforeAll(async () => {
  copyFileSync(path.join(root, 'index.html'), path.join(webDir, 'index.html'));
  copyFileSync(path.join(root, 'src/web/public/favicon.svg'), path.join(webDir, 'favicon.svg'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'assets/index-abc123.js'), 'console.log(1)');
  handle = await createTestDb();
});
afterAll(async () => {
  await handle?.close();
  rmSync(webDir, { recursive: true, force: true });
});

/** The theme script's hash, computed here on its own from the source page. */
function themeScriptHash() {
  const html = readFileSync(path.join(root, 'index.html'), 'utf8');
  const start = html.indexOf('<script>') + '<script>'.length;
  const body = html.slice(start, html.indexOf('</script>', start));
  expect(body).toContain("localStorage.getItem('milheiro-ui')");
  return `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
}

function directives(csp: string | null) {
  return Object.fromEntries(
    (csp ?? '').split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

function expectBrowserHeaders(headers: Headers) {
  const csp = directives(headers.get('content-security-policy'));
  expect(csp['default-src']).toEqual(["'self'"]);
  expect(csp['script-src']).toEqual(["'self'", themeScriptHash()]);
  expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
  expect(csp['connect-src']).toEqual(["'self'"]);
  expect(csp['img-src']).toEqual(["'self'", 'data:']);
  expect(csp['object-src']).toEqual(["'none'"]);
  expect(csp['base-uri']).toEqual(["'self'"]);
  expect(csp['form-action']).toEqual(["'self'"]);
  expect(csp['frame-ancestors']).toEqual(["'none'"]);
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  const permissions = headers.get('permissions-policy');
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb'])
    expect(permissions).toContain(`${feature}=()`);
  expect(headers.get('x-powered-by')).toBeNull();
}

describe('browser security headers', () => {
  it('finds exactly the one inline script of index.html, the theme script', () => {
    const html = readFileSync(path.join(root, 'index.html'), 'utf8');
    expect(inlineScriptHashes(html)).toEqual([themeScriptHash()]);
    expect(inlineScriptHashes(html.replaceAll('\n', '\r\n'))).toEqual([themeScriptHash()]);
  });

  it('are on API answers, errors included, without HSTS over plain HTTP', async () => {
    const app = appWith(false);
    for (const [pathname, status] of [
      ['/api/v1/auth/setup', 200],
      ['/api/health', 200],
      ['/api/v1/clients', 401],
      ['/api/nada-aqui', 404],
    ] as const) {
      const res = await app.request(`http://localhost${pathname}`);
      expect(res.status, pathname).toBe(status);
      expectBrowserHeaders(res.headers);
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('are on the app shell, its static files and a missing asset', async () => {
    const app = appWith(false);
    for (const [pathname, status] of [
      ['/', 200],
      ['/clientes', 200],
      ['/favicon.svg', 200],
      ['/assets/index-abc123.js', 200],
      ['/assets/index-gone.js', 404],
    ] as const) {
      const res = await app.request(`http://localhost${pathname}`);
      expect(res.status, pathname).toBe(status);
      expectBrowserHeaders(res.headers);
    }
    const shell = await app.request('http://localhost/clientes');
    expect(await shell.text()).toContain("localStorage.getItem('milheiro-ui')");
  });

  it('add HSTS when the app is served over HTTPS (COOKIE_SECURE)', async () => {
    const app = appWith(true);
    for (const pathname of ['/api/v1/auth/setup', '/clientes']) {
      const res = await app.request(`https://milheiro.example${pathname}`);
      expectBrowserHeaders(res.headers);
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    }
  });
});

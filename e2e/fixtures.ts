import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags this machine needs: no sandbox as root, and no background calls to the closed network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface BrowserSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  baseURL: string;
  close(): Promise<void>;
}

/** A real Chromium with a fresh profile, against the server started by global-setup. */
export async function openBrowser(options: { width?: number; height?: number; colorScheme?: 'light' | 'dark' } = {}): Promise<BrowserSession> {
  const baseURL = inject('baseURL');
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'milheiro-chromium-'));
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--user-data-dir=${userDataDir}`],
  });
  const context = await browser.newContext({
    baseURL,
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    colorScheme: options.colorScheme ?? 'light',
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return {
    browser,
    context,
    page,
    baseURL,
    close: async () => {
      await browser.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Calls the API as the browser's signed-in user (sharing its cookies), for seeding data. */
export async function apiAs(context: BrowserContext, method: string, pathname: string, body?: unknown) {
  const res = await context.request.fetch(`/api/v1${pathname}`, {
    method,
    data: body === undefined ? undefined : body,
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
  });
  return { status: res.status(), body: res.status() === 204 ? null : await res.json() };
}

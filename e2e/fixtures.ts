import { expect as playwrightExpect } from '@playwright/test';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

/** How long an action, or an assertion on the page, may wait (the machine has 2 cores). */
export const TIMEOUT_MS = 15_000;

/**
 * Playwright's assertions, run under Vitest (docs/decisions/0015-e2e-assertions.md): on a locator
 * or a page they retry until they hold or TIMEOUT_MS passes (web-first); on plain values they are
 * the usual matchers. Every e2e check uses this `expect`, never Vitest's.
 */
export const expect = playwrightExpect.configure({ timeout: TIMEOUT_MS });

/** For text assertions: the text as rendered (innerText, white space collapsed), as a user reads it. */
export const AS_READ = { useInnerText: true } as const;

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

export interface NewPageOptions {
  width?: number;
  height?: number;
  colorScheme?: 'light' | 'dark';
  /** Cookies (and storage) to start from, e.g. a signed-in session's. */
  storageState?: BrowserContextOptions['storageState'];
}

export interface BrowserHandle {
  browser: Browser;
  newPage(options?: NewPageOptions): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

/**
 * A real Chromium; launch() gives it a fresh temporary profile (Playwright's own
 * --user-data-dir), and each page gets its own context (cookies, storage).
 */
export async function openBrowser(baseURL: string): Promise<BrowserHandle> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  openBrowsers.add(browser);
  browser.on('disconnected', () => openBrowsers.delete(browser));
  return {
    browser,
    newPage: async (options = {}) => {
      const context = await browser.newContext({
        baseURL,
        viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
        colorScheme: options.colorScheme ?? 'light',
        locale: 'pt-BR',
        timezoneId: 'America/Sao_Paulo',
        storageState: options.storageState,
      });
      context.setDefaultTimeout(TIMEOUT_MS);
      return { context, page: await context.newPage() };
    },
    close: () => browser.close(),
  };
}

const openBrowsers = new Set<Browser>();

/**
 * What a failed test leaves on screen, for the CI log where no one can look: each open page's
 * address, its toasts, alerts and dialogs. Called when a test fails, before its pages close
 * (e2e/session.ts; e2e/setup.ts for the specs that open their own). Once per test.
 */
export async function reportFailure(test: string): Promise<void> {
  if (reported.has(test)) return;
  const screen = await describeOpenPages();
  if (screen === '') return;
  reported.add(test);
  console.log(`[e2e] ${test} failed; on screen:\n${screen}`);
}
const reported = new Set<string>();

async function describeOpenPages(): Promise<string> {
  const lines: string[] = [];
  for (const browser of openBrowsers) {
    for (const context of browser.contexts()) {
      for (const page of context.pages()) {
        lines.push(`page ${page.url()}`);
        const shown = await page
          .locator('[data-sonner-toast], [role="alert"], [role="dialog"], [role="alertdialog"]')
          .allInnerTexts()
          .catch((error: unknown) => [`(unreadable: ${String(error)})`]);
        for (const text of shown) lines.push(`  shown: ${text.replace(/\s+/g, ' ').slice(0, 600)}`);
      }
    }
  }
  return lines.join('\n');
}

/**
 * Calls the API with the context's cookies (the signed-in user), to seed data fast. `headers`
 * are sent as given, e.g. `{ 'x-test-today': '2025-01-15' }`: the test server (NODE_ENV=test)
 * then takes that day as today, to seed lots already past their expiry
 * (docs/decisions/0005-test-clock.md).
 */
export async function apiAs(
  context: BrowserContext,
  method: string,
  pathname: string,
  body?: unknown,
  headers?: Record<string, string>,
) {
  const res = await context.request.fetch(`/api/v1${pathname}`, {
    method,
    data: body === undefined ? undefined : JSON.stringify(body),
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
  });
  const text = await res.text();
  return { status: res.status(), body: text ? JSON.parse(text) : null };
}

export const OWNER = {
  agency: { legal_name: 'Potiguar Viagens e Turismo Ltda', trade_name: 'Potiguar Milhas', cnpj: '11.222.333/0001-81' },
  user: { name: 'Maria José Souza', email: 'maria@potiguar.com.br', phone: '(84) 99876-5432', password: 'Segura123' },
};

/** Whether the context's cookies hold a live session. */
export async function isSignedIn(context: BrowserContext): Promise<boolean> {
  return (await context.request.get('/api/v1/auth/me')).ok();
}

/** Signs the context in as OWNER, creating the agency through the API on a fresh server. */
export async function signInAsOwner(context: BrowserContext) {
  const setup = await apiAs(context, 'GET', '/auth/setup');
  const res = setup.body.needs_setup
    ? await apiAs(context, 'POST', '/auth/sign-up', OWNER)
    : await apiAs(context, 'POST', '/auth/sign-in', { identifier: OWNER.user.email, password: OWNER.user.password });
  if (res.status >= 300) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

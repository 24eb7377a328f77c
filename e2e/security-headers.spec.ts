import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ConsoleMessage, Page } from 'playwright-core';
import { beforeEach, describe, it } from 'vitest';
import { expect } from './fixtures';
import { ClientsPage } from './pages/clients-page';
import { ShellPage } from './pages/shell-page';
import { useSpecSession } from './session';

/**
 * The app under its Content-Security-Policy (#11 item 7, DESIGN §4): the built page's only inline
 * script is the theme script, allowed by hash; Radix dialogs and sonner toasts, which insert
 * styles at run time, work with no violation reported.
 */
const session = useSpecSession();
const builtIndex = readFileSync(path.resolve(import.meta.dirname, '../dist/web/index.html'), 'utf8');
let consoleProblems: string[];
let page: Page;

declare global {
  interface Window {
    __cspViolations: string[];
  }
}

function watchConsole(p: Page) {
  p.on('console', (msg: ConsoleMessage) => {
    if (/Content.Security.Policy|Permissions.Policy|Refused to/i.test(msg.text())) consoleProblems.push(msg.text());
  });
}

async function violations(p: Page) {
  return p.evaluate(() => window.__cspViolations);
}

beforeEach(async () => {
  consoleProblems = [];
  // Before any page script runs, on every page of the test's context.
  await session.context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener(
      'securitypolicyviolation',
      (e) => window.__cspViolations.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sample}`),
      true,
    );
  });
  page = session.page;
  watchConsole(page);
});

describe('content security policy', () => {
  it('builds a page whose only inline script is the theme script, and serves its hash in the policy', async () => {
    const inline = [...builtIndex.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes]) => !/\bsrc=/.test(attributes!),
    );
    expect(inline).toHaveLength(1);
    expect(inline[0]![2]).toContain("localStorage.getItem('milheiro-ui')");
    const hash = `'sha256-${createHash('sha256').update(inline[0]![2]!).digest('base64')}'`;

    const response = await page.goto('/clientes');
    const csp = response!.headers()['content-security-policy']!;
    expect(csp).toContain(`script-src 'self' ${hash};`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response!.headers()['x-content-type-options']).toBe('nosniff');
    await expect(new ClientsPage(page).heading()).toBeVisible();
  });

  it('runs the theme script under the policy, before and without the app bundle', async () => {
    const shell = new ShellPage(page);
    await page.goto('/clientes');
    await shell.chooseTheme('Modo Escuro');
    const bare = await session.context.newPage();
    watchConsole(bare);
    // Without the app's scripts only the inline theme script can set the class.
    await bare.route('**/assets/*.js', (route) => route.abort());
    await bare.goto('/clientes');
    await expect(new ShellPage(bare).root()).toContainClass('dark');
    expect(await violations(bare)).toEqual([]);
    await bare.close();
  });

  it('opens a dialog and shows a toast with their run-time styles and no violation', async () => {
    const clients = new ClientsPage(page);
    await clients.goto();
    await clients.openNew();
    // react-remove-scroll's style element took effect: the page behind the dialog cannot scroll.
    await expect(page.locator('body')).toHaveCSS('overflow', 'hidden');
    await clients.fillForm({ name: 'Helena Duarte', email: 'helena@duarte.com.br' });
    await clients.submit('Criar');
    await expect(clients.toast('Cliente criado')).toBeVisible();
    // sonner's style element took effect: the toaster is laid out above the page.
    await expect(page.locator('[data-sonner-toaster]')).toHaveCSS('position', 'fixed');
    await expect(clients.dialog()).toHaveCount(0);

    expect(await violations(page)).toEqual([]);
    expect(consoleProblems).toEqual([]);
  });
});

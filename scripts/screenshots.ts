// Screenshots of pages in light and dark at 1280 and 390 px, for looking at what we build:
//   npx tsx scripts/screenshots.ts [/path ...]      (writes ./screenshots, git-ignored)
// Starts its own server on a fresh database (builds nothing: run `npm run build` first).
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, OWNER } from '../e2e/fixtures';
import { startServer } from '../e2e/server';

const paths = process.argv.slice(2).length
  ? process.argv.slice(2)
  : [
      '/entrar',
      '/',
      '/clientes',
      '/config?tab=agencia',
      '/config?tab=financeiro',
      '/config?tab=notificacoes',
      '/config?tab=seguranca',
    ];
const out = 'screenshots';
mkdirSync(out, { recursive: true });

const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  for (const scheme of ['light', 'dark'] as const) {
    for (const width of [1280, 390]) {
      const context = await browser.newContext({
        baseURL: server.baseURL,
        viewport: { width, height: width > 500 ? 800 : 844 },
        colorScheme: scheme,
        locale: 'pt-BR',
      });
      const page = await context.newPage();
      for (const p of paths) {
        if (p !== '/entrar') {
          const me = await context.request.get('/api/v1/auth/me');
          if (me.status() !== 200) {
            const setup = await (await context.request.get('/api/v1/auth/setup')).json();
            const res = setup.needs_setup
              ? await context.request.post('/api/v1/auth/sign-up', { data: OWNER })
              : await context.request.post('/api/v1/auth/sign-in', {
                  data: { identifier: OWNER.user.email, password: OWNER.user.password },
                });
            if (!res.ok()) throw new Error(`sign-in: ${res.status()}`);
          }
        }
        await page.goto(p);
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(400);
        const name = `${p.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'dashboard'}-${scheme}-${width}.png`;
        await page.screenshot({ path: `${out}/${name}`, fullPage: true });
        console.log(`${out}/${name}`);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}

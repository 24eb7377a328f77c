import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, it } from 'vitest';
import { AS_READ, expect, signInAsOwner } from './fixtures';
import { CHEAP_LOT, seedCustomer, seedEmission, seedLotInAccount, type Customer } from './seed';
import { useSpecSession } from './session';

/**
 * Errors and waiting (#14): when the API cannot be reached, every data area — the list, its
 * summary cards, a record, a record's table — shows its error state with 'Tentar Novamente'
 * instead of a skeleton for good, and loads once the API answers; while the browser is offline the
 * app shell says so, and what failed is fetched again when it is back. The API's failure is a
 * network failure (Playwright aborts the request), as when the server is down.
 */
const session = useSpecSession();
let page: Page;
let first: Customer;
let second: Customer;
let lotId: string;

/**
 * An unreachable API fails at once, so an area shows its error after the retries' 1 + 2 + 4 s
 * (src/web/lib/query-client.ts); the rest is room for a busy 2-core machine.
 */
const ERROR_SHOWN = { timeout: 30_000 };

/**
 * Waits for `locator` with the page's clock (installed before the page loads, running at its own
 * pace) jumped a second ahead between looks: the retries' 7 s pass in a moment, the same timers
 * firing in the same order as they would.
 */
async function visibleSoon(target: Page, locator: Locator) {
  await expect
    .poll(
      async () => {
        if (await locator.isVisible()) return true;
        await target.clock.fastForward(1_000);
        return locator.isVisible();
      },
      { timeout: ERROR_SHOWN.timeout, intervals: [100] },
    )
    .toBe(true);
}
const NETWORK_MESSAGE = 'Erro de conexão. Verifique sua internet.';

beforeAll(async () => {
  const { context } = await session.browser.newPage();
  await signInAsOwner(context);
  first = await seedCustomer(context, { name: 'Iracema Tabajara' }, { account_number: 'ERR-1' });
  second = await seedCustomer(context, { name: 'Ubirajara Potiguara' }, { account_number: 'ERR-2' });
  lotId = await seedLotInAccount(context, first.accountId, CHEAP_LOT);
  await seedEmission(context, first, lotId, { pnr: 'ERR123', route: 'NAT-GRU', miles: 10_000, revenueCents: 150_000 });
  await context.close();
});

beforeEach(() => {
  ({ page } = session);
});

/** Requests to exactly this API path (any query string). */
const apiPath = (pathname: string) => (url: URL) => url.pathname === `/api/v1${pathname}`;

function retryIn(scope: Locator) {
  return scope.getByRole('button', { name: 'Tentar Novamente' });
}

async function seriousViolations(target: Page) {
  const results = await new AxeBuilder({ page: target })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** The page in `colorScheme`, once the theme switch's 0.3 s easing is over. */
async function switchTheme(target: Page, colorScheme: 'light' | 'dark') {
  await target.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
  await expect(target.locator('html.dark')).toHaveCount(colorScheme === 'dark' ? 1 : 0);
  await expect(target.locator('html.theme-transition')).toHaveCount(0);
  await expect
    .poll(() => target.evaluate(() => document.getAnimations().filter((a) => a instanceof CSSTransition).length))
    .toBe(0);
}

/** No serious or critical axe violation on the page as it is, light and dark. */
async function expectAccessibleInBothThemes(target: Page) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await switchTheme(target, colorScheme);
    expect(await seriousViolations(target), colorScheme).toEqual([]);
  }
  await switchTheme(target, 'light');
}

const LISTS = [
  {
    path: '/clientes',
    api: '/clients',
    summary: 'Resumo dos clientes',
    listError: 'Erro ao carregar clientes',
    rowTestId: 'client-row',
    row: 'Iracema Tabajara',
    figure: { label: 'Total de Clientes', value: '2' },
  },
  {
    path: '/lotes',
    api: '/lots',
    summary: 'Resumo dos lotes',
    listError: 'Erro ao carregar lotes',
    rowTestId: 'lot-row',
    row: 'Conta: ERR-1',
    figure: { label: 'Total de Milhas', value: '10.000' },
  },
  {
    path: '/emissoes',
    api: '/emissions',
    summary: 'Resumo das emissões',
    listError: 'Erro ao carregar emissões',
    rowTestId: 'emission-row',
    row: 'ERR123',
    figure: { label: 'Total de Emissões', value: '1' },
  },
] as const;

describe('errors and waiting', () => {
  for (const list of LISTS) {
    it(`${list.path}: the list and its summary cards show 'Tentar Novamente' while the API is down, then load`, async () => {
      const down = apiPath(list.api);
      await page.route(down, (route) => route.abort());
      await page.clock.install();
      await page.goto(list.path);

      const summary = page.getByRole('region', { name: list.summary });
      const listError = page.getByRole('alert').filter({ hasText: list.listError });
      await visibleSoon(page, retryIn(summary));
      await expect(summary).toContainText('Erro ao carregar o resumo', AS_READ);
      await visibleSoon(page, retryIn(listError));
      await expect(listError).toContainText(NETWORK_MESSAGE, AS_READ);
      // The cards gave way to the error: no skeleton left pulsing.
      await expect(summary.locator('[data-slot="skeleton"]')).toHaveCount(0);
      if (list.path === '/clientes') await expectAccessibleInBothThemes(page);

      await page.unroute(down);
      await retryIn(summary).click();
      await expect(page.getByTestId(list.rowTestId).filter({ hasText: list.row })).toBeVisible();
      await expect(summary.locator('[data-slot="card"]').filter({ hasText: list.figure.label })).toContainText(
        list.figure.value,
        AS_READ,
      );
      await expect(page.getByRole('button', { name: 'Tentar Novamente' })).toHaveCount(0);
    });
  }

  it("a record's page shows 'Tentar Novamente' while the API is down, then the record", async () => {
    const down = (url: URL) => url.pathname.startsWith(`/api/v1/clients/${first.clientId}`);
    await page.route(down, (route) => route.abort());
    await page.clock.install();
    await page.goto(`/clientes/${first.clientId}`);

    const error = page.getByRole('alert').filter({ hasText: 'Erro ao carregar cliente' });
    await visibleSoon(page, retryIn(error));
    await expect(error).toContainText(NETWORK_MESSAGE, AS_READ);

    await page.unroute(down);
    await retryIn(error).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Iracema Tabajara' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tentar Novamente' })).toHaveCount(0);
  });

  it("a record's table shows its own error while the record shows, then its rows", async () => {
    const down = apiPath(`/lots/${lotId}/allocations`);
    await page.route(down, (route) => route.abort());
    await page.clock.install();
    await page.goto(`/lotes/${lotId}`);

    await expect(page.getByRole('heading', { level: 1 })).toContainText('LATAM', AS_READ);
    const error = page.getByRole('alert').filter({ hasText: 'Erro ao carregar' });
    await visibleSoon(page, retryIn(error));

    await page.unroute(down);
    await retryIn(error).click();
    await expect(page.getByTestId('allocation-row').filter({ hasText: 'ERR123' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tentar Novamente' })).toHaveCount(0);
  });

  it('says so while the browser is offline, and fetches again what failed once it is back', async () => {
    const { context } = session;
    const banner = page.getByRole('status').filter({ hasText: NETWORK_MESSAGE });

    // The client page's code is loaded while online; the second client is what will fail.
    await page.goto(`/clientes/${first.clientId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Iracema Tabajara' })).toBeVisible();
    await page.goto('/clientes');
    await expect(page.getByTestId('client-row')).toHaveCount(2);
    await expect(banner).toHaveCount(0);

    await context.setOffline(true);
    await expect(banner).toBeVisible();
    await page.getByRole('link', { name: 'Ubirajara Potiguara' }).first().click();
    await expect(page).toHaveURL(`/clientes/${second.clientId}`);
    // Offline, the query fails like any other (it does not wait, paused, for the connection).
    const error = page.getByRole('alert').filter({ hasText: 'Erro ao carregar cliente' });
    await expect(retryIn(error)).toBeVisible(ERROR_SHOWN);
    await expect(error).toContainText(NETWORK_MESSAGE, AS_READ);
    await expectAccessibleInBothThemes(page);

    await context.setOffline(false);
    await expect(banner).toHaveCount(0);
    // Fetched again without a click.
    await expect(page.getByRole('heading', { level: 1, name: 'Ubirajara Potiguara' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tentar Novamente' })).toHaveCount(0);
  });
});

import type { BrowserContext, Page } from 'playwright-core';
import { beforeEach, describe, it } from 'vitest';
import type { Dashboard } from '../src/domain/dashboard/dashboard.schema';
import { formatCnpj } from '../src/domain/documents';
import { formatCents, formatNumber } from '../src/domain/format';
import { apiAs, AS_READ, expect, OWNER } from './fixtures';
import { DashboardPage } from './pages/dashboard-page';
import { BIG_LOT, CHEAP_LOT, seedCustomer, seedEmission, seedLotInAccount } from './seed';
import { onPhone, useSpecSession } from './session';

/**
 * / through the real UI (issue #18, spec part 1 §2 "Dashboard (/)"): a new agency's empty state
 * leads to /lotes; after a lot and an emission the cards, panels and chart show GET
 * /api/v1/dashboard's figures (on a phone, the first four cards only); a colleague's emission in
 * another browser moves 'Emissões Ativas' without a reload; the period lives in the address and
 * changes the figures; a failed load offers 'Tentar Novamente'.
 *
 * The tests share the file's agency and run in order: the first one starts from no data.
 */
const session = useSpecSession();
let context: BrowserContext;
let page: Page;
let dashboard: DashboardPage;

beforeEach(() => {
  ({ context, page } = session);
  dashboard = new DashboardPage(page);
});

async function dashboardOf(query = ''): Promise<Dashboard> {
  const res = await apiAs(context, 'GET', `/dashboard${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe('dashboard', () => {
  it('leads a new agency to Lotes, then shows its lot and emission as the API counts them', async () => {
    await dashboard.goto();
    await expect(dashboard.empty()).toContainText('Nenhum dado disponível', AS_READ);
    await expect(dashboard.empty()).toContainText(
      'Comece cadastrando lotes e fazendo emissões para visualizar suas métricas.',
      AS_READ,
    );
    await dashboard.empty().getByRole('link', { name: 'Ir para Lotes' }).click();
    await expect(page).toHaveURL(/\/lotes$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Lotes de Milhas' })).toBeVisible();

    const customer = await seedCustomer(context, { name: 'Iracema Painel Souza' }, { account_number: 'DB-1001' });
    const lotId = await seedLotInAccount(context, customer.accountId, CHEAP_LOT);
    const emissionId = await seedEmission(context, customer, lotId, {
      pnr: 'DASH01',
      route: 'NAT-GRU',
      miles: 10_000,
      revenueCents: 250_000,
      feesCents: 4_590,
    });
    const d = await dashboardOf();
    expect(d.kpis.miles_balance).toBe(CHEAP_LOT.quantity - 10_000);
    expect(d.kpis.active_emissions).toBe(1);
    expect(d.kpis.active_clients).toBe(1);

    await dashboard.goto();
    await expect(dashboard.empty()).toHaveCount(0);
    await expect(dashboard.agency()).toContainText(OWNER.agency.trade_name, AS_READ);
    await expect(dashboard.agency().getByTestId('agency-cnpj')).toHaveText(formatCnpj(OWNER.agency.cnpj));
    await expect(dashboard.kpiValue('miles')).toHaveText(formatNumber(d.kpis.miles_balance));
    await expect(dashboard.kpiValue('profit')).toHaveText(formatCents(d.kpis.profit_cents.current));
    await expect(dashboard.kpi('profit')).toContainText('Lucro Mensal', AS_READ);
    await expect(dashboard.kpiValue('emissions')).toHaveText(formatNumber(d.kpis.active_emissions));
    await expect(dashboard.kpiValue('clients')).toHaveText(formatNumber(d.kpis.active_clients));
    await expect(dashboard.kpiValue('cost')).toHaveText('R$\u00a00,0180');
    await expect(dashboard.kpiValue('expiring')).toHaveText(formatNumber(d.kpis.lots_expiring));
    await expect(dashboard.kpiValue('alerts')).toHaveText(formatNumber(d.kpis.pending_alerts));
    // A new agency's first emission and client: nothing to compare with last month.
    await expect(dashboard.kpiTrend('emissions')).toHaveText('Novo no período');
    await expect(dashboard.kpi('clients')).toHaveAttribute('href', '/clientes?status=active');

    // The panels: the client ranked with its revenue in whole reais, the emission's line leading to it.
    const top = dashboard.topClients().getByRole('listitem').first();
    await expect(top).toContainText('Iracema Painel Souza', AS_READ);
    await expect(top).toContainText('1 emissão', AS_READ);
    await expect(top).toContainText(formatCents(d.top_clients[0]!.revenue_cents, 0), AS_READ);
    await expect(top.getByRole('link')).toHaveAttribute('href', `/clientes/${customer.clientId}`);
    const line = dashboard
      .activity()
      .getByRole('listitem')
      .filter({ has: page.locator(`a[href="/emissoes/${emissionId}"]`) });
    await expect(line).toContainText('Emissão', AS_READ);

    // The chart draws, and its table (for screen readers, and on 'Ver tabela') has the six months.
    await expect(page.getByTestId('dashboard-monthly-chart').locator('svg.recharts-surface')).toBeVisible();
    await expect(dashboard.monthlyTable().getByRole('row')).toHaveCount(1 + d.monthly.length);
    await expect(dashboard.monthlyTable().getByRole('row').last()).toContainText(
      formatCents(d.monthly.at(-1)!.revenue_cents),
      AS_READ,
    );

    // 'Atualizar' asks again.
    const again = page.waitForResponse((res) => res.url().includes('/api/v1/dashboard'));
    await dashboard.refresh().click();
    expect((await again).status()).toBe(200);

    // On a phone: the first four cards, not the last three; nothing wider than the screen.
    await onPhone(session, async (phone) => {
      const small = new DashboardPage(phone);
      await small.goto();
      await expect(small.kpiValue('emissions')).toHaveText(formatNumber(d.kpis.active_emissions));
      await expect(small.kpi('alerts')).toBeHidden();
      await expect(small.kpi('cost')).toBeHidden();
      await expect
        .poll(() => phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
        .toBe(0);

      // Nothing moves while the figures come, held back here half a second: the period line names
      // the compared period at once and the agency card is drawn from the session, so the cards
      // below stay where they were first drawn (the layout shifts the browser reports add to 0;
      // before, 0.22 on a phone).
      await phone.addInitScript(() => {
        const w = window as unknown as { shifted: number };
        w.shifted = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) w.shifted += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await phone.route('**/api/v1/dashboard**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 500));
        await route.continue();
      });
      await small.goto();
      await expect(small.kpiValue('emissions')).toHaveText(formatNumber(d.kpis.active_emissions));
      await expect(phone.getByTestId('dashboard-period')).toBeVisible();
      expect(await phone.evaluate(() => (window as unknown as { shifted: number }).shifted)).toBeLessThan(0.01);
    });
  });

  it("counts a colleague's new emission in 'Emissões Ativas' without a reload", async () => {
    const stream = page.waitForRequest((req) => req.url().includes('/api/v1/events'));
    await dashboard.goto();
    const before = (await dashboardOf()).kpis.active_emissions;
    await expect(dashboard.kpiValue('emissions')).toHaveText(formatNumber(before));
    await stream;
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    const colleague = await session.browser.newPage();
    try {
      await colleague.context.addCookies(await context.cookies());
      const customer = await seedCustomer(
        colleague.context,
        { name: 'Colega Tempo Real' },
        { account_number: 'DB-2002' },
      );
      const lotId = await seedLotInAccount(colleague.context, customer.accountId, BIG_LOT);
      await seedEmission(colleague.context, customer, lotId, {
        pnr: 'DASH02',
        route: 'REC-GIG',
        miles: 10_000,
        revenueCents: 300_000,
      });
    } finally {
      await colleague.context.close();
    }

    await expect(dashboard.kpiValue('emissions')).toHaveText(formatNumber(before + 1));
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  });

  it('keeps the period in the address and shows its figures', async () => {
    await dashboard.goto();
    await expect(dashboard.kpiValue('miles')).toHaveText(/\d/);
    await dashboard.period().selectOption({ label: 'Este ano' });
    await expect(page).toHaveURL(/\?periodo=ano$/);
    // The year, and while it is under way "2026 até 27/11/2026" once its figures say up to when they count.
    await expect(dashboard.periodLabel()).toHaveText(/^\d{4}( até \d{2}\/\d{2}\/\d{4})?$/);
    await expect(dashboard.kpi('profit')).toContainText('Lucro do Período', AS_READ);
    await expect(dashboard.kpiTrend('miles')).toContainText(/vs\. ano anterior|Novo no período/, AS_READ);

    // A month long past: no profit, no emission created in it; the stocks stay today's.
    await dashboard.period().selectOption({ label: 'Personalizado' });
    // The boxes arrive with the period shown so far, written to the address: type once they have.
    await expect(page).toHaveURL(/\?de=\d{4}-\d{2}-\d{2}&ate=\d{4}-\d{2}-\d{2}$/);
    await expect(dashboard.periodDay('from')).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
    // One box right after the other: each writes its own end over the address as last written.
    await dashboard.periodDay('from').fill('01/01/2025');
    await dashboard.periodDay('to').fill('31/01/2025');
    await expect(dashboard.periodDay('from')).toHaveValue('01/01/2025');
    await expect(dashboard.periodDay('to')).toHaveValue('31/01/2025');
    await expect(page).toHaveURL(/\?de=2025-01-01&ate=2025-01-31$/);
    const past = await dashboardOf('?from=2025-01-01&to=2025-01-31');
    expect(past.kpis.profit_cents.current).toBe(0);
    await expect(dashboard.periodLabel()).toHaveText('janeiro de 2025');
    await expect(dashboard.kpiValue('profit')).toHaveText(formatCents(0));
    await expect(dashboard.kpi('emissions')).toContainText('0 criadas no período', AS_READ);
    await expect(dashboard.kpiValue('emissions')).toHaveText(formatNumber(past.kpis.active_emissions));

    // Reloaded, the address keeps it; 'Este mês' goes back to the plain address and this month's figures.
    await page.reload();
    await expect(dashboard.period()).toHaveValue('personalizado');
    await expect(dashboard.kpiValue('profit')).toHaveText(formatCents(0));
    await dashboard.period().selectOption({ label: 'Este mês' });
    await expect(page).toHaveURL(/\/$/);
    const now = await dashboardOf();
    await expect(dashboard.kpiValue('profit')).toHaveText(formatCents(now.kpis.profit_cents.current));
  });

  it("shows the spec's error with 'Tentar Novamente', then the figures", async () => {
    // A 4xx is not retried: the error shows at once.
    const api = '**/api/v1/dashboard**';
    await page.route(api, (route) =>
      route.fulfill({ status: 400, json: { error: { code: 'TEST', message: 'Falha de teste' } } }),
    );
    await dashboard.goto();
    const error = page.getByRole('alert').filter({ hasText: 'Erro ao carregar dados' });
    await expect(error).toContainText('Não foi possível carregar os dados do dashboard. Tente novamente.', AS_READ);
    await page.unroute(api);
    await error.getByRole('button', { name: 'Tentar Novamente' }).click();
    await expect(error).toHaveCount(0);
    await expect(dashboard.kpiValue('miles')).toHaveText(/\d/);
  });
});

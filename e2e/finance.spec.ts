import { beforeEach, describe, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { addDaysIso, addMonthsIso, formatCents, formatPercent } from '../src/domain/format';
import type { FinanceSummary } from '../src/domain/finance/summary.schema';
import { apiAs, AS_READ, expect } from './fixtures';
import { browserToday, CHEAP_LOT, seedCustomer, seedEmission, seedLotInAccount } from './seed';
import { useSpecSession } from './session';

/**
 * /financeiro through the real UI (issue #15 "Finance", spec part 2 §2): the empty state of a new
 * agency; then, with an emission and postings, the accrual cards and the cash figures exactly as
 * GET /api/v1/finance/summary computes them, the chart with its table, and the previous month in
 * the address with its own figures; the lot's performance as GET /api/v1/finance/lots computes it.
 */
const session = useSpecSession();
let context: BrowserContext;
let page: Page;

beforeEach(() => {
  ({ context, page } = session);
});

const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
const monthEnd = (day: string) => addDaysIso(addMonthsIso(monthStart(day), 1)!, -1)!;
/** "novembro de 2026", as the period control names a month. */
const monthLabel = (day: string) =>
  new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day.slice(0, 7)}-15T12:00:00Z`),
  );

async function summaryOf(query = ''): Promise<FinanceSummary> {
  const res = await apiAs(context, 'GET', `/finance/summary${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function post(body: Record<string, unknown>) {
  const res = await apiAs(context, 'POST', '/finance/entries', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

/** The figures the page shows for a summary: the four accrual cards and the cash. */
async function expectFigures(summary: FinanceSummary) {
  const cards = page.getByRole('region', { name: 'Competência do período' });
  await expect(cards).toContainText(formatCents(summary.accrual.revenue_cents), AS_READ);
  await expect(cards).toContainText(formatCents(summary.accrual.cost_cents), AS_READ);
  await expect(cards).toContainText(formatCents(summary.accrual.margin_cents), AS_READ);
  await expect(page.getByTestId('cash-in')).toHaveText(formatCents(summary.cash.in_cents));
  await expect(page.getByTestId('cash-out')).toHaveText(formatCents(summary.cash.out_cents));
  await expect(page.getByTestId('cash-net')).toHaveText(formatCents(summary.cash.net_cents));
  await expect(page.getByTestId('diff-receivables')).toHaveText(formatCents(summary.receivables_cents));
}

describe('finance', () => {
  it('shows the month as the API computes it, the chart with its table, and the previous month', async () => {
    // A new agency: nothing to show yet.
    await page.goto('/financeiro');
    await expect(page.getByTestId('finance-empty')).toContainText('Nenhum dado financeiro ainda', AS_READ);

    const today = browserToday();
    const previousMonth = addMonthsIso(monthStart(today), -1)!;
    const c = await seedCustomer(context, { name: 'Helena Financeira' }, { account_number: 'FIN-77' });
    const lotId = await seedLotInAccount(context, c.accountId, CHEAP_LOT);
    const emissionId = await seedEmission(context, c, lotId, {
      pnr: 'FINX01',
      route: 'NAT-GRU',
      miles: 10_000,
      revenueCents: 250_000,
      feesCents: 4_590,
      ravCents: 2_000,
    });
    await post({
      kind: 'revenue',
      category: 'revenue',
      amount_cents: 150_000,
      entry_date: today,
      payment_method: 'pix',
      description: 'Sinal da passagem FINX01',
      emission_id: emissionId,
    });
    await post({ kind: 'expense', category: 'fees', amount_cents: 4_590, entry_date: today, payment_method: 'card' });
    await post({
      kind: 'revenue',
      category: 'other',
      amount_cents: 33_333,
      entry_date: `${previousMonth.slice(0, 7)}-15`,
      payment_method: 'transfer',
      description: 'Recebimento do mês anterior',
    });

    const current = await summaryOf();
    const previous = await summaryOf(`?from=${previousMonth}&to=${monthEnd(previousMonth)}`);
    expect(current.accrual.revenue_cents).toBeGreaterThanOrEqual(250_000);
    expect(previous.cash.in_cents).not.toBe(current.cash.in_cents);

    await page.goto('/financeiro');
    await expect(page.getByTestId('finance-period')).toHaveText(monthLabel(today));
    await expectFigures(current);
    await expect(page.getByRole('region', { name: 'Competência do período' })).toContainText(
      `${current.accrual.margin_percent.toFixed(2).replace('.', ',')}%`,
      AS_READ,
    );

    // The receipt, with its emission.
    const receipts = page.getByRole('list', { name: 'Recebimentos recentes' });
    await expect(receipts).toContainText('Sinal da passagem FINX01', AS_READ);
    await expect(receipts.getByRole('link', { name: 'Ver emissão' }).first()).toHaveAttribute(
      'href',
      `/emissoes/${emissionId}`,
    );

    // The lot's performance: the miles the emission used from it, their cost, and what they carried.
    const lots = await apiAs(context, 'GET', '/finance/lots');
    expect(lots.status).toBe(200);
    const lot = lots.body.data.find((l: { id: string }) => l.id === lotId);
    expect(lot.miles_used).toBe(10_000);
    const lotRow = page.getByTestId('lot-performance-row').filter({ has: page.locator(`a[href="/lotes/${lotId}"]`) });
    await expect(lotRow).toContainText(formatCents(lot.used_cost_cents), AS_READ);
    await expect(lotRow).toContainText(formatCents(lot.revenue_cents), AS_READ);
    await expect(lotRow).toContainText(formatCents(lot.margin_cents), AS_READ);
    await expect(lotRow).toContainText(formatPercent(lot.roi_percent), AS_READ);

    // The client's page: what its emission was paid and still owes.
    await page.goto(`/clientes/${c.clientId}`);
    const stats = page.getByRole('region', { name: 'Indicadores do cliente' });
    const figure = (label: string, cents: number) =>
      new RegExp(`${label}\\s*${formatCents(cents).replace(/[.$]/g, '\\$&')}`);
    await expect(stats).toContainText(figure('Recebido', 150_000), AS_READ);
    await expect(stats).toContainText(figure('A receber', 100_000), AS_READ);
    await page.goBack();

    // The chart draws; its table carries the same months for screen readers and on 'Ver tabela'.
    await expect(page.getByTestId('finance-chart').locator('svg.recharts-surface').first()).toBeVisible();
    const table = page.getByRole('table', { name: /Receita, custo e margem por mês/ });
    await expect(table.getByRole('row')).toHaveCount(13);
    await expect(table.getByRole('row').last()).toContainText(
      formatCents(current.monthly.at(-1)!.revenue_cents),
      AS_READ,
    );
    await page.getByRole('button', { name: 'Ver tabela' }).click();
    await expect(table).toBeVisible();
    await expect(page.getByTestId('finance-chart')).toHaveCount(0);

    // The previous month: in the address, with its own figures.
    await page.getByRole('button', { name: 'Mês anterior' }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]de=${previousMonth}&ate=${monthEnd(previousMonth)}`));
    await expect(page.getByTestId('finance-period')).toHaveText(monthLabel(previousMonth));
    await expectFigures(previous);
    await page.getByRole('button', { name: 'Mês atual' }).click();
    await expect(page.getByTestId('finance-period')).toHaveText(monthLabel(today));
    await expect(page.getByTestId('cash-in')).toHaveText(formatCents(current.cash.in_cents));
  });

  it("shows the summary's error with 'Tentar Novamente', then the figures", async () => {
    // A 4xx is not retried: the error shows at once.
    const summary = '**/api/v1/finance/summary**';
    await page.route(summary, (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ error: { message: 'Falha de teste' } }),
      }),
    );
    await page.goto('/financeiro');
    const error = page.getByRole('alert').filter({ hasText: 'Erro ao carregar o financeiro' });
    await expect(error.getByRole('button', { name: 'Tentar Novamente' })).toBeVisible();
    await page.unroute(summary);
    await error.getByRole('button', { name: 'Tentar Novamente' }).click();
    await expect(page.getByRole('button', { name: 'Tentar Novamente' })).toHaveCount(0);
    await expect(page.getByTestId('finance-period')).toBeVisible();
  });
});

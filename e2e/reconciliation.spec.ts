import { readFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { beforeEach, describe, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { RECONCILIATION_EXPORT_HEADERS } from '../src/domain/finance/reconciliation.schema';
import { apiAs, AS_READ, expect } from './fixtures';
import { BIG_LOT, browserToday, seedCustomer, seedEmission, seedLotInAccount, type Customer } from './seed';
import { useSpecSession } from './session';

/**
 * /conciliador through the real UI (spec part 2 §2 "/conciliador", §5 "Posting dialog", §8, §9
 * "Conciliation"; issue #15 "Reconciliation"): an emission's missing fees posted from its 'Taxas'
 * button, the missing postings of two emissions posted in one confirmed step, the discrepancies'
 * CSV, and 'Somente discrepâncias' kept in the address. The database is this file's; each test
 * seeds its own client and emissions and reads the agency-wide counts against the API.
 */
const session = useSpecSession();
let context: BrowserContext;
let page: Page;

beforeEach(() => {
  ({ context, page } = session);
});

/** A client of its own with one big lot: every test's emissions draw from it. */
async function seedClient(name: string, account: string): Promise<{ customer: Customer; lotId: string }> {
  const customer = await seedCustomer(context, { name }, { account_number: account });
  return { customer, lotId: await seedLotInAccount(context, customer.accountId, BIG_LOT) };
}

interface Row {
  emission_id: string;
  missing: Record<'revenue' | 'fees' | 'miles_cost' | 'rav', number>;
}

async function reconciliationOf(emissionId: string): Promise<Row> {
  const res = await apiAs(context, 'GET', '/reconciliation?limit=100');
  expect(res.status).toBe(200);
  return res.body.data.find((row: Row) => row.emission_id === emissionId);
}

async function counts(): Promise<{ total: number; discrepancies: number }> {
  return (await apiAs(context, 'GET', '/reconciliation?limit=1')).body.counts;
}

const row = (pnr: string): Locator => page.getByTestId('reconciliation-row').filter({ hasText: pnr });
const card = (label: string): Locator =>
  page.getByRole('region', { name: 'Resumo da conciliação' }).locator('[data-slot="card"]').filter({ hasText: label });
const toast = (title: string): Locator =>
  page
    .getByRole('region', { name: /Notificações/ })
    .locator('[data-sonner-toast]')
    .filter({ hasText: title });

describe('reconciliation', () => {
  it('posts an emission’s missing fees from its row; the badge goes and the counts change', async () => {
    const { customer, lotId } = await seedClient('Helena Duarte', 'REC-1');
    const emissionId = await seedEmission(context, customer, lotId, {
      pnr: 'RECFEE',
      route: 'REC-GRU',
      miles: 10_000,
      revenueCents: 180_000,
      feesCents: 12_345,
    });
    // Everything but the fees is posted already, so the fees are the emission's one discrepancy.
    const before = await reconciliationOf(emissionId);
    for (const [kind, category] of [
      ['revenue', 'revenue'],
      ['expense', 'miles_cost'],
    ] as const) {
      const res = await apiAs(context, 'POST', '/finance/entries', {
        kind,
        category,
        amount_cents: before.missing[category],
        entry_date: browserToday(),
        emission_id: emissionId,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const { total, discrepancies } = await counts();

    await page.goto('/conciliador');
    await expect(page.getByRole('heading', { level: 1, name: 'Conciliador Financeiro' })).toBeVisible();
    await expect(row('RECFEE')).toContainText('Taxas faltantes', AS_READ);
    await expect(row('RECFEE')).not.toContainText('Receita faltante', AS_READ);
    await expect(card('Total de emissões')).toContainText(String(total), AS_READ);
    await expect(card('Discrepâncias')).toContainText(String(discrepancies), AS_READ);

    await row('RECFEE')
      .getByRole('button', { name: /^Taxas/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Lançar Taxas' });
    await expect(dialog.getByLabel('Valor (R$)')).toHaveValue('123,45');
    await expect(dialog.getByLabel('Descrição')).toHaveValue('Taxas — RECFEE REC-GRU');
    // The dialog passes axe in both themes (the page itself is in accessibility.spec.ts).
    for (const scheme of ['dark', 'light'] as const) {
      // Once the theme switch's easing and the dialog's entrance are over.
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await expect(page.locator('html.dark')).toHaveCount(scheme === 'dark' ? 1 : 0);
      await expect(page.locator('html.theme-transition')).toHaveCount(0);
      await expect.poll(() => page.evaluate(() => document.getAnimations().length)).toBe(0);
      const { violations } = await new AxeBuilder({ page })
        .include('[role="dialog"]')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    }
    // The value is required.
    await dialog.getByLabel('Valor (R$)').fill('');
    await dialog.getByRole('button', { name: 'Criar' }).click();
    await expect(dialog.getByText('Informe o valor')).toBeVisible();
    await dialog.getByLabel('Valor (R$)').fill('123,45');
    await dialog.getByRole('button', { name: 'Criar' }).click();
    await expect(toast('Lançamento criado')).toBeVisible();
    await expect(dialog).toBeHidden();

    await expect(row('RECFEE')).not.toContainText('Taxas faltantes', AS_READ);
    await expect(row('RECFEE')).toContainText('Conciliado', AS_READ);
    await expect(row('RECFEE').getByRole('button', { name: /^Taxas/ })).toHaveCount(0);
    await expect(card('Discrepâncias')).toContainText(String(discrepancies - 1), AS_READ);
    expect((await reconciliationOf(emissionId)).missing.fees).toBe(0);
  });

  it('posts every missing amount of two selected emissions after a confirmation', async () => {
    const { customer, lotId } = await seedClient('Otávio Brandão', 'REC-2');
    for (const pnr of ['BULKAA', 'BULKBB']) {
      await seedEmission(context, customer, lotId, {
        pnr,
        route: 'BSB-REC',
        miles: 5_000,
        revenueCents: 90_000,
        feesCents: 4_000,
      });
    }
    await page.goto('/conciliador');
    for (const pnr of ['BULKAA', 'BULKBB']) {
      await expect(row(pnr)).toContainText('Taxas faltantes', AS_READ);
      await row(pnr).getByRole('checkbox').check();
    }
    await page.getByRole('button', { name: 'Lançar faltantes (2)' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Lançar valores faltantes?' });
    await expect(confirm).toContainText('2 emissões selecionadas', AS_READ);
    await confirm.getByRole('button', { name: 'Lançar faltantes (2)' }).click();
    // Revenue, fees and miles cost of each (no RAV).
    await expect(toast('6 lançamentos criados')).toBeVisible();
    for (const pnr of ['BULKAA', 'BULKBB']) {
      await expect(row(pnr)).toContainText('Conciliado', AS_READ);
      await expect(row(pnr).getByTestId('reconciliation-alert')).toHaveCount(0);
      await expect(row(pnr).getByRole('checkbox')).not.toBeChecked();
    }
    await expect(page.getByRole('button', { name: /Lançar faltantes/ })).toHaveCount(0);
  });

  it('exports the discrepancies as CSV and keeps "Somente discrepâncias" in the address', async () => {
    const { customer, lotId } = await seedClient('Iara Fonseca', 'REC-3');
    await seedEmission(context, customer, lotId, {
      pnr: 'CSVRAV',
      route: 'FOR-GIG',
      miles: 4_000,
      revenueCents: 70_000,
      ravCents: 2_500,
    });

    await page.goto('/conciliador');
    const only = page.getByRole('switch', { name: 'Somente discrepâncias' });
    await expect(only).not.toBeChecked();
    await only.click();
    await expect(page).toHaveURL(/[?&]discrepancias=true/);
    await expect(row('CSVRAV')).toContainText('RAV faltante', AS_READ);
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Somente discrepâncias' })).toBeChecked();
    await expect(row('CSVRAV')).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^discrepancias_\d{8}_\d{6}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(RECONCILIATION_EXPORT_HEADERS.map((h) => `"${h}"`).join(';'));
    expect(lines.some((line) => line.startsWith('"CSVRAV";"FOR-GIG";"Iara Fonseca"'))).toBe(true);
    await expect(toast('Exportação concluída')).toBeVisible();
  });
});

import { AxeBuilder } from '@axe-core/playwright';
import { beforeEach, describe, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { formatDate } from '../src/domain/format';
import { apiAs, AS_READ, expect } from './fixtures';
import { LotsPage } from './pages/lots-page';
import { daysFromToday } from './seed';
import { useSpecSession } from './session';

/**
 * Transfers of points with bonus through the real UI (issue #23, decision 0029): 100,000 Livelo
 * points bought at R$ 35 the thousand go to Smiles with 100 % bonus, the base credited today and
 * the bonus in 15 days. /lotes shows the 100,000 credited in its stock and the 100,000 bonus
 * "a creditar" apart; the bonus marked as received early makes 200,000 miles at half the points'
 * cost per mile. (The credits.due job on the test clock is driven by the API tests: the browser's
 * server has no clock to move.) Then the ratios card of /config → Financeiro.
 */
const session = useSpecSession();
let context: BrowserContext;
let page: Page;

beforeEach(() => {
  ({ context, page } = session);
});

const seriousViolations = async (p: Page) =>
  (await new AxeBuilder({ page: p }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(' | ')}`);

describe('transfers', () => {
  it('transfers Livelo points to Smiles with a bonus to come, and credits the bonus when it arrives', async () => {
    const client = await apiAs(context, 'POST', '/clients', {
      name: 'Joana Darc Fernandes',
      document: '390.533.447-05',
      email: 'joana.fernandes@exemplo.com.br',
      loyalty_accounts: [
        { program: 'LIVELO', account_number: 'LIV-5050' },
        { program: 'SMILES', account_number: 'SML-7070' },
      ],
    });
    expect(client.status, JSON.stringify(client.body)).toBe(201);
    const accounts = (await apiAs(context, 'GET', `/accounts?client_id=${client.body.id}`)).body.data as {
      id: string;
      program: string;
    }[];
    const livelo = accounts.find((a) => a.program === 'LIVELO')!.id;
    const smiles = accounts.find((a) => a.program === 'SMILES')!.id;
    const bought = await apiAs(context, 'POST', '/lots', {
      program: 'LIVELO',
      account_id: livelo,
      original_quantity: '100000',
      cost_per_mile: '0,0350',
      purchase_date: daysFromToday(-2),
      expiry_date: daysFromToday(700),
      supplier: 'Livelo (compra de pontos)',
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);

    const lots = new LotsPage(page);
    await lots.goto();
    await expect(page.getByTestId('pending-credits-empty')).toBeVisible();
    await page.getByRole('button', { name: 'Transferir pontos' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Conta de origem')).toContainText('LIV-5050', AS_READ);
    await dialog.getByLabel('Conta de origem').selectOption(livelo);
    await dialog.getByLabel('Conta de destino').selectOption(smiles);
    await expect(dialog.getByLabel('Paridade (milhas por ponto)')).toHaveValue('1');
    await dialog.getByLabel('Pontos', { exact: true }).fill('100000');
    await dialog.getByLabel('Bônus (%)').fill('100');
    const bonusDay = daysFromToday(15);
    await dialog.getByLabel('Crédito do bônus').fill(formatDate(bonusDay).replace(/\//g, ''));
    await expect(dialog).toContainText('Você receberá 100.000 milhas + 100.000 de bônus', AS_READ);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Transferir' }).click();
    await lots.expectToast('Transferência registrada');
    await expect(dialog).toHaveCount(0);

    // The base is stock; the bonus is "a creditar", in no balance.
    await expect(lots.summaryCard('Total de Milhas')).toContainText('100.000', AS_READ);
    const section = page.getByRole('region', { name: 'Milhas a creditar' });
    await expect(section.getByTestId('credit-total')).toContainText('100.000', AS_READ);
    const credit = section.getByTestId('credit-row').filter({ hasText: 'SML-7070' });
    await expect(credit).toContainText(formatDate(bonusDay), AS_READ);
    await expect(credit).toContainText('17,50', AS_READ);
    await expect(lots.summaryCard('Custo Médio por Milha')).toContainText('0,0175', AS_READ);

    // The bonus arrives early: marked as received, it becomes a lot.
    await credit.getByRole('button', { name: /^Marcar como recebido/ }).click();
    const receive = page.getByRole('dialog');
    await expect(receive.getByLabel('Quantidade recebida')).toHaveValue('100000');
    await receive.getByRole('button', { name: 'Marcar como recebido' }).click();
    await lots.expectToast('Crédito recebido');
    await expect(page.getByTestId('pending-credits-empty')).toBeVisible();
    // 200,000 miles at R$ 0,0175 the mile: half the points' R$ 0,0350.
    await expect(lots.summaryCard('Total de Milhas')).toContainText('200.000', AS_READ);
    await expect(lots.summaryCard('Custo Médio por Milha')).toContainText('0,0175', AS_READ);
    await expect(lots.row('SML-7070')).toHaveCount(2);
    expect(await seriousViolations(page)).toEqual([]);

    // Each account's history: its balance beside the recount of its movements.
    await page.goto(`/contas/${smiles}`);
    const main = page.locator('main');
    await expect(page.getByText('Saldo conferido com o histórico')).toBeVisible();
    await expect(main).toContainText('200.000', AS_READ);
    await expect(main).toContainText('Transferência recebida', AS_READ);
    await expect(main).toContainText('Bônus de transferência', AS_READ);
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`/contas/${livelo}`);
    await expect(page.getByText('Saldo conferido com o histórico')).toBeVisible();
    await expect(main).toContainText('Transferência enviada', AS_READ);
    await expect(main).toContainText('Compra', AS_READ);
  });

  it('shows the ratios of the points programmes in /config → Financeiro, and saves one', async () => {
    await page.goto('/config?tab=financeiro');
    const card = page.getByRole('region', { name: 'Paridades de transferência' });
    await expect(card).toBeVisible();
    const tap = card.getByRole('textbox', { name: /Livelo para TAP Miles&Go/ });
    await tap.fill('0,5');
    await tap.press('Enter');
    await expect(new LotsPage(page).toast('Paridade salva')).toBeVisible();
    const saved = (await apiAs(context, 'GET', '/conversions')).body.data as {
      source_program: string;
      destination_program: string;
      ratio: string;
    }[];
    expect(saved).toContainEqual(
      expect.objectContaining({ source_program: 'LIVELO', destination_program: 'TAP', ratio: '0.5000' }),
    );
    expect(await seriousViolations(page)).toEqual([]);
  });
});

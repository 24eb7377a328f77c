import { beforeEach, describe, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { formatDate } from '../src/domain/format';
import { expectNoSeriousAxeViolations } from './axe';
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
    // The agency's ratios answer late (as on a busy server): the pair is chosen before they come,
    // and 'Paridade' still gets the pair's ratio when they do.
    await page.route('**/api/v1/conversions', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.continue();
    });
    await lots.goto();
    await expect(page.getByTestId('pending-credits-empty')).toBeVisible();
    await page.getByRole('button', { name: 'Transferir pontos' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Conta de origem')).toContainText('LIV-5050', AS_READ);
    await dialog.getByLabel('Conta de origem').selectOption(livelo);
    await dialog.getByLabel('Conta de destino').selectOption(smiles);
    await expect(dialog.getByLabel('Paridade (milhas por ponto)')).toHaveValue('1');
    await page.unroute('**/api/v1/conversions');
    await dialog.getByLabel('Pontos', { exact: true }).fill('100000');
    await dialog.getByLabel('Bônus (%)').fill('100');
    const bonusDay = daysFromToday(15);
    await dialog.getByLabel('Crédito do bônus').fill(formatDate(bonusDay).replace(/\//g, ''));
    await expect(dialog).toContainText('Você receberá 100.000 milhas + 100.000 de bônus', AS_READ);
    await expectNoSeriousAxeViolations(page);
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
    // The transfer itself, below the lots: 100.000 points, half its miles to come, R$ 17,50 the thousand.
    const transfer = page.getByRole('region', { name: 'Transferências de pontos' }).getByTestId('transfer-row');
    await expect(transfer).toHaveCount(1);
    await expect(transfer).toContainText('100.000 pontos', AS_READ);
    await expect(transfer).toContainText('100.000 milhas a creditar', AS_READ);
    await expect(transfer).toContainText('17,50 o milheiro', AS_READ);
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
    await expectNoSeriousAxeViolations(page);

    // Each account's history: its balance beside the recount of its movements.
    await page.goto(`/contas/${smiles}`);
    const main = page.locator('main');
    await expect(page.getByText('Saldo conferido com o histórico')).toBeVisible();
    await expect(main).toContainText('200.000', AS_READ);
    await expect(main).toContainText('Transferência recebida', AS_READ);
    await expect(main).toContainText('Bônus de transferência', AS_READ);
    await expectNoSeriousAxeViolations(page);
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
    await expectNoSeriousAxeViolations(page);
  });

  it('subscribes an account to a club: the months already due come in at once, and ending it stops the billing', async () => {
    const client = await apiAs(context, 'POST', '/clients', {
      name: 'Otávio Ribeiro Nunes',
      document: '529.982.247-25',
      email: 'otavio.nunes@exemplo.com.br',
      loyalty_accounts: [{ program: 'SMILES', account_number: 'SML-3131' }],
    });
    expect(client.status, JSON.stringify(client.body)).toBe(201);
    const lots = new LotsPage(page);
    await lots.goto();
    const section = page.getByRole('region', { name: 'Clubes de milhas' });
    await expect(section.getByTestId('clubs-empty')).toBeVisible();
    await section.getByRole('button', { name: 'Novo clube' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo clube' });
    await dialog.getByRole('button', { name: 'Salvar clube' }).click();
    await expect(dialog).toContainText('Conta é obrigatória');
    await expect(dialog).toContainText('Nome do plano é obrigatório');
    await dialog.getByLabel('Conta').selectOption({ label: 'Smiles · SML-3131 — Otávio Ribeiro Nunes' });
    await dialog.getByLabel('Plano').fill('Clube Smiles 10.000');
    await dialog.getByLabel('Milhas por mês').fill('10000');
    await dialog.getByLabel('Mensalidade (R$)').fill('399,90');
    await dialog.getByLabel('Dia da cobrança').fill('32');
    await dialog.getByRole('button', { name: 'Salvar clube' }).click();
    await expect(dialog).toContainText('Dia de cobrança deve estar entre 1 e 31');
    // Joined three months ago on the billing day: three months are due and billed on saving.
    const start = daysFromToday(-92);
    await dialog.getByLabel('Dia da cobrança').fill(String(Number(start.slice(8, 10))));
    await dialog.getByLabel('Início da assinatura').fill(formatDate(start));
    await expect(dialog.getByTestId('club-preview')).toContainText('39,99 o milheiro', AS_READ);
    await expect(dialog.getByTestId('club-preview')).toContainText(/Ao salvar, \d meses já vencidos/, AS_READ);
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: 'Salvar clube' }).click();
    await lots.expectToast('Clube cadastrado');
    const row = section.getByTestId('club-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Clube Smiles 10.000', AS_READ);
    await expect(row).toContainText('10.000 milhas/mês', AS_READ);
    const clubs = (await apiAs(context, 'GET', '/clubs')).body.data as { id: string; charges: number }[];
    expect(clubs[0]!.charges).toBeGreaterThanOrEqual(3);
    await expect(row).toContainText(`${clubs[0]!.charges} meses cobrados`, AS_READ);
    // Each month is a lot of the account, in the lots' table.
    await expect(lots.row('SML-3131')).toHaveCount(clubs[0]!.charges);
    await expectNoSeriousAxeViolations(page);

    await row.getByRole('button', { name: 'Encerrar Clube Smiles 10.000' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('deixa de ser cobrado');
    await confirm.getByRole('button', { name: 'Encerrar clube' }).click();
    await lots.expectToast('Clube encerrado');
    await expect(row).toContainText('Encerrado em', AS_READ);
    await expect(row.getByRole('button', { name: /Encerrar/ })).toHaveCount(0);
  });
});

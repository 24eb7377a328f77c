import { beforeEach, describe, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { formatCents } from '../src/domain/format';
import { expectNoSeriousAxeViolations } from './axe';
import { apiAs, AS_READ, expect } from './fixtures';
import { LotsPage } from './pages/lots-page';
import { daysFromToday } from './seed';
import { onPhone, useSpecSession } from './session';

/**
 * Sales of miles (issue #23, decision 0029 "Sales of miles"): 30,000 Smiles miles bought at R$ 17,50
 * the thousand sold at R$ 25,00 in 2× from /lotes ("Vender milhas"); the sale and its profit below
 * the lots and in /financeiro; its two instalments in "Contas a receber", one marked "Recebido".
 */
const session = useSpecSession();
let context: BrowserContext;
let page: Page;

beforeEach(() => {
  ({ context, page } = session);
});

describe('sales of miles', () => {
  it('sells 30,000 miles and shows the receivables and the profit', async () => {
    const client = await apiAs(context, 'POST', '/clients', {
      name: 'Otávio Brandão Reis',
      document: '390.533.447-05',
      email: 'otavio.reis@exemplo.com.br',
      loyalty_accounts: [{ program: 'SMILES', account_number: 'SML-3030' }],
    });
    expect(client.status, JSON.stringify(client.body)).toBe(201);
    const accountId = (client.body as { loyalty_accounts: { id: string }[] }).loyalty_accounts[0]!.id;
    // 100,000 miles at R$ 17,50 the thousand.
    const lot = await apiAs(context, 'POST', '/lots', {
      program: 'SMILES',
      account_id: accountId,
      original_quantity: 100_000,
      cost_per_mile: '0.0175',
      purchase_date: daysFromToday(-3),
      supplier: 'Smiles (compra de milhas)',
    });
    expect(lot.status, JSON.stringify(lot.body)).toBe(201);

    // 30,000 at R$ 25,00 = R$ 750,00; their cost R$ 525,00; profit R$ 225,00; 2× of R$ 375,00.
    const lots = new LotsPage(page);
    await lots.goto();
    // The header's button (the empty sales list offers one too).
    await page.getByRole('button', { name: 'Vender milhas' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Vender milhas' });
    await dialog
      .getByLabel('Conta', { exact: true })
      .selectOption({ label: 'Smiles · SML-3030 — Otávio Brandão Reis' });
    await dialog.getByLabel('Comprador', { exact: true }).fill('Milhas Já Intermediação Ltda');
    await dialog.getByLabel('Milhas', { exact: true }).fill('30000');
    await dialog.getByLabel('Preço do milheiro (R$)', { exact: true }).fill('0,00');
    await dialog.getByRole('button', { name: 'Registrar venda' }).click();
    await expect(dialog).toContainText('Preço do milheiro deve ser maior que R$ 0,00', AS_READ);
    await dialog.getByLabel('Preço do milheiro (R$)', { exact: true }).fill('25,00');
    await dialog.getByLabel('Parcelas', { exact: true }).fill('2');
    await expect(dialog.getByTestId('sale-preview-price')).toContainText(formatCents(75_000), AS_READ);
    await expect(dialog.getByTestId('sale-preview-profit')).toContainText(formatCents(22_500), AS_READ);
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: 'Registrar venda' }).click();
    await lots.expectToast('Venda registrada');

    const sales = page.getByRole('region', { name: 'Vendas de milhas' });
    const row = sales.getByTestId('sale-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Milhas Já Intermediação Ltda', AS_READ);
    await expect(row).toContainText('30.000 milhas', AS_READ);
    await expect(row).toContainText(formatCents(52_500), AS_READ);
    await expect(row).toContainText(formatCents(22_500), AS_READ);
    await expect(row).toContainText('Recebido 0/2', AS_READ);
    await expect(sales.getByTestId('sales-totals')).toContainText(formatCents(22_500), AS_READ);
    // The miles left the lot: 70,000 remain.
    const left = (await apiAs(context, 'GET', `/lots/${(lot.body as { id: string }).id}`)).body as {
      lot: { remaining_quantity: number };
    };
    expect(left.lot.remaining_quantity).toBe(70_000);
    await expectNoSeriousAxeViolations(page);

    // /financeiro: the period's sales and their profit; the two instalments to receive.
    await page.goto('/financeiro');
    await expect(page.getByTestId('sales-profit')).toContainText(formatCents(22_500), AS_READ);
    await expect(page.getByTestId('sales-to-receive')).toContainText(formatCents(75_000), AS_READ);
    const receivables = page.getByRole('region', { name: 'Contas a receber' });
    const rows = receivables.getByTestId('receivable-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('Parcela 1/2', AS_READ);
    await expect(rows.first()).toContainText(formatCents(37_500), AS_READ);
    await expect(rows.nth(1)).toContainText('Parcela 2/2', AS_READ);
    await expectNoSeriousAxeViolations(page);

    await rows
      .first()
      .getByRole('button', { name: /^Recebido/ })
      .click();
    const receipt = page.getByRole('dialog', { name: 'Registrar recebimento' });
    await receipt.getByLabel('Forma de recebimento', { exact: true }).selectOption({ label: 'PIX' });
    await receipt.getByRole('button', { name: 'Registrar recebimento' }).click();
    await lots.expectToast('Recebimento registrado');
    await expect(rows.first()).toContainText('Recebida', AS_READ);
    await expect(page.getByTestId('sales-to-receive')).toContainText(formatCents(37_500), AS_READ);
    const received = (await apiAs(context, 'GET', '/receivables?status=received')).body.data as {
      instalment: number;
    }[];
    expect(received.map((r) => r.instalment)).toEqual([1]);

    // Back on /lotes, the sale counts what came in and can no longer be cancelled.
    await lots.goto();
    await expect(row).toContainText('Recebido 1/2', AS_READ);
    await expect(row.getByRole('button', { name: /^Cancelar/ })).toBeDisabled();
  });

  it('"Desfazer" a receipt marked by mistake: the instalment is to receive again and its posting goes', async () => {
    await page.goto('/financeiro');
    const receivables = page.getByRole('region', { name: 'Contas a receber' });
    const first = receivables.getByTestId('receivable-row').first();
    await expect(first).toContainText('Recebida', AS_READ);
    await first.getByRole('button', { name: /^Desfazer recebimento/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Desfazer recebimento?' });
    await expect(confirm).toContainText('volta a ficar a receber', AS_READ);
    await confirm.getByRole('button', { name: 'Desfazer recebimento' }).click();
    await new LotsPage(page).expectToast('Recebimento desfeito');
    await expect(first.getByRole('button', { name: /^Recebido/ })).toBeVisible();
    await expect(page.getByTestId('sales-to-receive')).toContainText(formatCents(75_000), AS_READ);
    const received = (await apiAs(context, 'GET', '/receivables?status=received')).body.data as unknown[];
    expect(received).toEqual([]);
    await expectNoSeriousAxeViolations(page);
  });

  it('"Cancelar venda" once nothing was received: the miles go back to their lot', async () => {
    const lots = new LotsPage(page);
    await lots.goto();
    const row = page.getByRole('region', { name: 'Vendas de milhas' }).getByTestId('sale-row');
    await row.getByRole('button', { name: /^Cancelar/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancelar venda?' });
    await expect(confirm).toContainText('As milhas voltam aos lotes de onde saíram', AS_READ);
    await confirm.getByRole('button', { name: 'Cancelar venda' }).click();
    await lots.expectToast('Venda cancelada', '30.000 milhas voltaram aos lotes de Smiles · conta SML-3030.');
    await expect(confirm).toBeHidden();
    await expect(row).toContainText('Cancelada', AS_READ);
    const [lot] = (await apiAs(context, 'GET', '/lots?search=SML-3030')).body.data as { remaining_quantity: number }[];
    expect(lot?.remaining_quantity).toBe(100_000);
  });

  it('a buyer too long for a phone is cut with an ellipsis and read whole on focus', async () => {
    const [account] = (await apiAs(context, 'GET', '/lots?search=SML-3030')).body.data as { account_id: string }[];
    const buyer = 'Companhia Brasileira de Intermediação de Milhas e Turismo Corporativo Ltda';
    const contact = 'departamento.financeiro.compras@companhiabrasileirademilhas.com.br';
    const sale = await apiAs(context, 'POST', '/sales', {
      account_id: account!.account_id,
      buyer_name: buyer,
      buyer_contact: contact,
      miles: 10_000,
      price_per_thousand_cents: 'R$ 25,00',
      instalments: 1,
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    await onPhone(session, async (phone) => {
      await phone.goto('/lotes');
      const row = phone
        .getByRole('region', { name: 'Vendas de milhas' })
        .getByTestId('sale-row')
        .filter({ hasText: 'Companhia Brasileira' });
      for (const text of [buyer, contact]) {
        const cut = row.locator('[data-truncated]', { hasText: text });
        await expect(cut).toHaveAttribute('data-state', 'closed');
        await cut.focus();
        await expect(phone.getByRole('tooltip')).toHaveText(text);
        await cut.blur();
        await expect(phone.getByRole('tooltip')).toHaveCount(0);
      }
    });
  });
});

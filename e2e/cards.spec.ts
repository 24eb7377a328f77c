import { beforeEach, describe, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { cardDueDates, splitInstalments } from '../src/domain/cards/card.rules';
import { formatCents, formatDate } from '../src/domain/format';
import { expectNoSeriousAxeViolations } from './axe';
import { apiAs, AS_READ, expect } from './fixtures';
import { LotsPage } from './pages/lots-page';
import { daysFromToday } from './seed';
import { useSpecSession } from './session';

/**
 * Cards and purchases in instalments (issue #23, decision 0029 "Cards"): a card registered in
 * /financeiro; 50,000 Livelo points bought on it in 10× from "Novo Lote"; the ten instalments on
 * the card's due dates in "Contas a pagar"; one marked as paid reaches cash, and 'Desfazer' takes it back.
 */
const session = useSpecSession();
let context: BrowserContext;
let page: Page;

beforeEach(() => {
  ({ context, page } = session);
});

describe('cards', () => {
  it('buys 50,000 Livelo points on a card in 10× and pays the first instalment from /financeiro', async () => {
    const client = await apiAs(context, 'POST', '/clients', {
      name: 'Helena Vasconcelos Prado',
      document: '111.444.777-35',
      email: 'helena.prado@exemplo.com.br',
      loyalty_accounts: [{ program: 'LIVELO', account_number: 'LIV-2424' }],
    });
    expect(client.status, JSON.stringify(client.body)).toBe(201);

    // The card, in /financeiro → Cartões.
    await page.goto('/financeiro');
    const cardsSection = page.getByRole('region', { name: 'Cartões' });
    await cardsSection.getByRole('button', { name: 'Novo cartão' }).click();
    const cardDialog = page.getByRole('dialog', { name: 'Novo cartão' });
    await cardDialog.getByLabel('Nome').fill('Itaú Azul');
    await cardDialog.getByLabel('Dia de fechamento').fill('32');
    await cardDialog.getByLabel('Dia de vencimento').fill('15');
    await cardDialog.getByRole('button', { name: 'Salvar cartão' }).click();
    await expect(cardDialog).toContainText('Dia de fechamento deve estar entre 1 e 31');
    await cardDialog.getByLabel('Dia de fechamento').fill('5');
    await cardDialog.getByRole('button', { name: 'Salvar cartão' }).click();
    const lots = new LotsPage(page);
    await lots.expectToast('Cartão cadastrado');
    await expect(cardsSection.getByTestId('card-row')).toContainText('Itaú Azul', AS_READ);

    // 50,000 points at R$ 0,035: R$ 1.750,00 in 10× of R$ 175,00.
    const purchase = daysFromToday(-1);
    await lots.goto();
    await lots.openNew();
    await lots.fillForm({
      program: 'Livelo',
      account: 'LIV-2424 — Helena Vasconcelos Prado',
      quantity: '50000',
      cost: '0,035',
      purchaseDate: formatDate(purchase),
      supplier: 'Livelo (compra de pontos)',
    });
    await lots.field('Pagamento').selectOption({ label: 'Cartão Itaú Azul (Visa)' });
    await lots.field('Parcelas').selectOption({ label: `10× de ${formatCents(17_500)}` });
    const dues = cardDueDates({ closing_day: 5, due_day: 15 }, purchase, 10);
    await expect(lots.dialog()).toContainText(`1ª parcela vence em ${formatDate(dues[0]!)}`, AS_READ);
    await lots.submit('Criar');
    await lots.expectToast('Lote criado');

    // Ten instalments on the card's due dates, in "Contas a pagar".
    await page.goto('/financeiro');
    const payables = page.getByRole('region', { name: 'Contas a pagar' });
    const rows = payables.getByTestId('payable-row');
    // This month and the eleven after: the ten fall within them.
    await expect(rows).toHaveCount(10);
    expect(splitInstalments(175_000, 10)).toEqual(Array(10).fill(17_500));
    await expect(rows.first()).toContainText(formatDate(dues[0]!), AS_READ);
    await expect(rows.first()).toContainText('Parcela 1/10', AS_READ);
    await expect(rows.first()).toContainText(formatCents(17_500), AS_READ);
    await expect(rows.nth(1)).toContainText(formatDate(dues[1]!), AS_READ);
    await expectNoSeriousAxeViolations(page);

    await rows
      .first()
      .getByRole('button', { name: /Marcar como pago/ })
      .click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(formatCents(17_500), AS_READ);
    await confirm.getByRole('button', { name: 'Marcar como pago' }).click();
    await lots.expectToast('Parcela paga');
    await expect(rows.first()).toContainText('Paga', AS_READ);
    const paid = (await apiAs(context, 'GET', '/payables?status=paid')).body.data as { instalment: number }[];
    expect(paid.map((p) => p.instalment)).toEqual([1]);
    await expect(page.getByRole('region', { name: 'Cartões' }).getByTestId('card-row')).toContainText(
      formatCents(157_500),
      AS_READ,
    );

    // The lot's page says how it is being paid.
    await rows.first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/lotes\/[0-9a-f-]{36}$/);
    const instalments = page.getByRole('region', { name: 'Parcelas no cartão' });
    await expect(instalments).toContainText(
      `Comprado no cartão Itaú Azul em 10×: ${formatCents(17_500)} pagos, ${formatCents(157_500)} a pagar.`,
      AS_READ,
    );
    await expect(instalments.getByTestId('payable-row')).toHaveCount(10);

    // "Desfazer" a payment marked by mistake, from the lot's page: the instalment is to pay again
    // and its expense leaves the finance postings.
    const paidRow = instalments.getByTestId('payable-row').first();
    await paidRow.getByRole('button', { name: /^Desfazer pagamento/ }).click();
    const undo = page.getByRole('alertdialog', { name: 'Desfazer pagamento?' });
    await expect(undo).toContainText('volta a ficar a pagar', AS_READ);
    await expectNoSeriousAxeViolations(page);
    await undo.getByRole('button', { name: 'Desfazer pagamento' }).click();
    await lots.expectToast('Pagamento desfeito');
    await expect(paidRow.getByRole('button', { name: /^Marcar como pago/ })).toBeVisible();
    await expect(instalments).toContainText(
      `Comprado no cartão Itaú Azul em 10×: ${formatCents(0)} pagos, ${formatCents(175_000)} a pagar.`,
      AS_READ,
    );
    expect((await apiAs(context, 'GET', '/payables?status=paid')).body.data).toEqual([]);
  });
});

import type { Locator, Page } from 'playwright-core';
import { expect } from '../fixtures';
import { ListPage } from './list-page';

export type LotColumn = 'Programa' | 'Quantidade' | 'Custo' | 'Vencimento' | 'Status';

export interface LotFormInput {
  /** Catalogue name, as the select shows it: 'LATAM Pass', 'Smiles'... */
  program?: string;
  /** An option label of 'Conta', or 'new' for '+ Nova conta'. */
  account?: string;
  accountNumber?: string;
  /** Typed key by key, so the digit filter runs. */
  quantity?: string;
  /** Typed key by key, so the decimal filter runs. */
  cost?: string;
  /** dd/mm/aaaa, typed. */
  purchaseDate?: string;
  /** dd/mm/aaaa, typed. */
  expiryDate?: string;
  /** A supplier's name: chosen in 'Fornecedor' when registered, else registered through 'Novo fornecedor'. */
  supplier?: string;
  notes?: string;
}

/** /lotes, its dialogs and /lotes/:id (spec part 1 §2 "Miles lots"). */
export class LotsPage extends ListPage<LotColumn> {
  constructor(page: Page) {
    super(page, {
      path: '/lotes',
      heading: 'Lotes de Milhas',
      rowTestId: 'lot-row',
      table: 'Lotes de milhas',
      noun: 'lotes',
    });
  }

  search() {
    return this.page.getByRole('searchbox', { name: 'Buscar lotes' });
  }

  programFilter() {
    return this.page.getByLabel('Filtrar por programa');
  }

  statusFilter() {
    return this.page.getByLabel('Filtrar por status');
  }

  /** The row whose text contains `text` (an account number, a supplier shown elsewhere is not in the row). */
  row(text: string) {
    return this.rows().filter({ hasText: text });
  }

  /** Each row's 'Conta: …' line, top to bottom (every lot of these tests has an account number). */
  accountLines() {
    return this.rows().getByText(/^Conta: /);
  }

  /** Asserts, retrying, that the rows show exactly these account numbers, in this order. */
  async expectAccounts(expected: string[]) {
    // One read of every row per try: rows re-render while a new page arrives.
    await expect(this.accountLines()).toHaveText(expected.map((account) => `Conta: ${account}`));
  }

  summary() {
    return this.page.getByRole('region', { name: 'Resumo dos lotes' });
  }

  summaryCard(label: string) {
    return this.summary().locator('[data-slot="card"]').filter({ hasText: label });
  }

  countdown(row: Locator) {
    return row.getByTestId('expiry-countdown');
  }

  async rowAction(text: string, action: 'Visualizar' | 'Editar' | 'Excluir') {
    await this.row(text).getByRole('button', { name: 'Ações' }).click();
    await this.page.getByRole('menuitem', { name: action }).click();
  }

  async select(text: string) {
    await this.row(text).getByRole('checkbox').click();
  }

  async openNew() {
    // The header's button (an empty list shows a second one).
    await this.button('Novo Lote').first().click();
    await this.dialog().getByRole('heading', { name: 'Novo Lote de Milhas' }).waitFor();
  }

  async fillForm(input: LotFormInput) {
    if (input.program !== undefined) await this.field('Programa').selectOption({ label: input.program });
    if (input.account !== undefined) {
      const conta = this.field('Conta');
      // The accounts of the program load first.
      await conta.locator('option', { hasText: '+ Nova conta' }).waitFor({ state: 'attached' });
      await conta.selectOption(input.account === 'new' ? { label: '+ Nova conta' } : { label: input.account });
    }
    if (input.accountNumber !== undefined) await this.field('Número da conta').fill(input.accountNumber);
    if (input.quantity !== undefined) await this.type('Quantidade de milhas', input.quantity);
    if (input.cost !== undefined) await this.type('Custo por milha (R$)', input.cost);
    if (input.purchaseDate !== undefined) await this.type('Data de compra', input.purchaseDate);
    if (input.expiryDate !== undefined) await this.type('Data de vencimento', input.expiryDate);
    if (input.supplier !== undefined) await this.chooseSupplier(input.supplier);
    if (input.notes !== undefined) await this.field('Observações').fill(input.notes);
  }

  /** 'Fornecedor' (issue #23): the supplier named `name`, registered first through 'Novo fornecedor' if it is not yet. */
  async chooseSupplier(name: string) {
    const select = this.field('Fornecedor');
    // The agency's suppliers load first.
    await expect(select).toBeEnabled();
    if ((await select.getByRole('option', { name, exact: true }).count()) > 0) {
      await select.selectOption({ label: name });
      return;
    }
    await this.dialog().getByRole('button', { name: 'Novo fornecedor' }).click();
    const supplierDialog = this.page.getByRole('dialog', { name: 'Novo fornecedor' });
    await supplierDialog.getByLabel('Nome', { exact: true }).fill(name);
    await supplierDialog.getByRole('button', { name: 'Criar', exact: true }).click();
    await expect(supplierDialog).toHaveCount(0);
    await expect(select.locator('option:checked')).toHaveText(name);
  }

  formSummary() {
    return this.dialog().getByRole('region', { name: 'Resumo do lote' });
  }
}

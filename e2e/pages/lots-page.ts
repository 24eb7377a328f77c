import type { Locator, Page } from 'playwright-core';
import { expect } from '../fixtures';

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
  supplier?: string;
  notes?: string;
}

/** /lotes, its dialogs and /lotes/:id (spec part 1 §2 "Miles lots"). */
export class LotsPage {
  constructor(readonly page: Page) {}

  async goto(query = '') {
    await this.page.goto(`/lotes${query}`);
    await this.heading().waitFor();
  }

  heading() {
    return this.page.getByRole('heading', { level: 1, name: 'Lotes de Milhas' });
  }

  button(name: string) {
    return this.page.getByRole('button', { name, exact: true });
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

  table() {
    return this.page.getByRole('table', { name: 'Lotes de milhas' });
  }

  rows() {
    return this.page.getByTestId('lot-row');
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

  columnHeader(column: LotColumn) {
    return this.table().getByRole('columnheader', { name: column });
  }

  async sortBy(column: LotColumn) {
    await this.columnHeader(column).getByRole('button').click();
  }

  /** Asserts, retrying, that `column` is sorted in this direction (its aria-sort). */
  async expectSort(column: LotColumn, direction: 'ascending' | 'descending') {
    await expect(this.columnHeader(column)).toHaveAttribute('aria-sort', direction);
  }

  summary() {
    return this.page.getByRole('region', { name: 'Resumo dos lotes' });
  }

  summaryCard(label: string) {
    return this.summary().locator('[data-slot="card"]').filter({ hasText: label });
  }

  pagination() {
    return this.page.getByRole('navigation', { name: 'Paginação de lotes' });
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

  dialog() {
    return this.page.getByRole('dialog');
  }

  alertDialog() {
    return this.page.getByRole('alertdialog');
  }

  field(label: string) {
    return this.dialog().getByLabel(label, { exact: true });
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
    if (input.supplier !== undefined) await this.field('Fornecedor').fill(input.supplier);
    if (input.notes !== undefined) await this.field('Observações').fill(input.notes);
  }

  private async type(label: string, value: string) {
    const input = this.field(label);
    await input.fill('');
    await input.pressSequentially(value);
  }

  formSummary() {
    return this.dialog().getByRole('region', { name: 'Resumo do lote' });
  }

  async submit(label: 'Criar' | 'Atualizar') {
    await this.dialog().getByRole('button', { name: label, exact: true }).click();
  }

  /** A sonner toast by its title; its text includes the description. */
  toast(title: string): Locator {
    return this.page
      .getByRole('region', { name: /Notificações/ })
      .locator('[data-sonner-toast]')
      .filter({ hasText: title });
  }
}

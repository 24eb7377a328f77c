import type { Locator, Page } from 'playwright-core';
import { expect } from '../fixtures';

export type ClientColumn = 'Cliente' | 'Status' | 'Emissões' | 'Total Gasto';

export interface ClientFormInput {
  name?: string;
  status?: 'Ativo' | 'Inativo' | 'Bloqueado';
  email?: string;
  /** Typed key by key, so the mask runs. */
  phone?: string;
  /** Typed key by key, so the mask runs. */
  document?: string;
  /** Digits typed as dd/mm/aaaa, e.g. '12051980'. */
  birthDate?: string;
  notes?: string;
}

/** /clientes and its dialogs (spec part 1 §2 "Clients"). */
export class ClientsPage {
  constructor(readonly page: Page) {}

  async goto(query = '') {
    await this.page.goto(`/clientes${query}`);
    await this.heading().waitFor();
  }

  heading() {
    return this.page.getByRole('heading', { level: 1, name: 'Clientes' });
  }

  button(name: string) {
    return this.page.getByRole('button', { name, exact: true });
  }

  search() {
    return this.page.getByPlaceholder('Buscar clientes...');
  }

  statusFilter() {
    return this.page.getByLabel('Filtrar por status');
  }

  table() {
    return this.page.getByRole('table', { name: 'Clientes' });
  }

  rows() {
    return this.page.getByTestId('client-row');
  }

  row(name: string) {
    return this.rows().filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  /** Each row's name, top to bottom: its first link, in the table and in the phone's cards alike. */
  names() {
    return this.rows().locator('xpath=(.//a)[1]');
  }

  /** Asserts, retrying, that the rows show exactly these names, in this order. */
  async expectNames(expected: string[]) {
    // One read of every row per try: rows re-render while a new page arrives.
    await expect(this.names()).toHaveText(expected);
  }

  columnHeader(column: ClientColumn) {
    return this.table().getByRole('columnheader', { name: column });
  }

  async sortBy(column: ClientColumn) {
    await this.columnHeader(column).getByRole('button').click();
  }

  /** Asserts, retrying, that `column` is sorted in this direction (its aria-sort). */
  async expectSort(column: ClientColumn, direction: 'ascending' | 'descending') {
    await expect(this.columnHeader(column)).toHaveAttribute('aria-sort', direction);
  }

  summaryCard(label: string) {
    return this.page
      .getByRole('region', { name: 'Resumo dos clientes' })
      .locator('[data-slot="card"]')
      .filter({ hasText: label });
  }

  pagination() {
    return this.page.getByRole('navigation', { name: 'Paginação de clientes' });
  }

  async openRowMenu(name: string) {
    await this.row(name).getByRole('button', { name: 'Ações' }).click();
  }

  async rowAction(name: string, action: 'Visualizar' | 'Editar' | 'Excluir') {
    await this.openRowMenu(name);
    await this.page.getByRole('menuitem', { name: action }).click();
  }

  async select(name: string) {
    await this.page.getByRole('checkbox', { name: `Selecionar ${name}` }).click();
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
    await this.button('Novo Cliente').first().click();
    await this.dialog().getByRole('heading', { name: 'Novo Cliente' }).waitFor();
  }

  async fillForm(input: ClientFormInput) {
    if (input.name !== undefined) await this.field('Nome *').fill(input.name);
    if (input.status !== undefined) await this.field('Status').selectOption({ label: input.status });
    if (input.email !== undefined) await this.field('Email').fill(input.email);
    if (input.phone !== undefined) {
      await this.field('Telefone').fill('');
      await this.field('Telefone').pressSequentially(input.phone);
    }
    if (input.document !== undefined) {
      await this.field('CPF').fill('');
      await this.field('CPF').pressSequentially(input.document);
    }
    if (input.birthDate !== undefined) {
      await this.field('Data de Nascimento').fill('');
      await this.field('Data de Nascimento').pressSequentially(input.birthDate);
    }
    if (input.notes !== undefined) await this.field('Observações').fill(input.notes);
  }

  async addProgram(programLabel: string, accountNumber: string) {
    await this.field('Programa').selectOption({ label: programLabel });
    await this.field('Número da conta').fill(accountNumber);
    await this.dialog().getByRole('button', { name: 'Adicionar' }).click();
  }

  addedPrograms() {
    return this.dialog().getByRole('list', { name: 'Programas adicionados' }).getByRole('listitem');
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

import type { Page } from 'playwright-core';
import { expect } from '../fixtures';
import { ListPage } from './list-page';

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
export class ClientsPage extends ListPage<ClientColumn> {
  constructor(page: Page) {
    super(page, {
      path: '/clientes',
      heading: 'Clientes',
      rowTestId: 'client-row',
      table: 'Clientes',
      noun: 'clientes',
    });
  }

  search() {
    return this.page.getByPlaceholder('Buscar clientes...');
  }

  statusFilter() {
    return this.page.getByLabel('Filtrar por status');
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

  summaryCard(label: string) {
    return this.page
      .getByRole('region', { name: 'Resumo dos clientes' })
      .locator('[data-slot="card"]')
      .filter({ hasText: label });
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

  async openNew() {
    // The header's button (an empty list shows a second one).
    await this.button('Novo Cliente').first().click();
    await this.dialog().getByRole('heading', { name: 'Novo Cliente' }).waitFor();
  }

  async fillForm(input: ClientFormInput) {
    if (input.name !== undefined) await this.field('Nome *').fill(input.name);
    if (input.status !== undefined) await this.field('Status').selectOption({ label: input.status });
    if (input.email !== undefined) await this.field('Email').fill(input.email);
    if (input.phone !== undefined) await this.type('Telefone', input.phone);
    if (input.document !== undefined) await this.type('CPF', input.document);
    if (input.birthDate !== undefined) await this.type('Data de Nascimento', input.birthDate);
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
}

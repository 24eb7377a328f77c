import type { Locator, Page } from 'playwright-core';
import { AS_READ, expect } from '../fixtures';

export interface ListPageOptions {
  /** The list's address, e.g. '/clientes'. */
  path: string;
  /** Its level-1 heading. */
  heading: string;
  /** The data-testid of its rows (table rows, or cards on a phone). */
  rowTestId: string;
  /** The accessible name of its table, when it has sortable columns. */
  table?: string;
  /** The plural noun the list names its rows by, e.g. 'clientes' ('Paginação de clientes'). */
  noun: string;
}

/**
 * What the record lists (/clientes, /lotes, /emissoes) have alike: the heading, the buttons, the
 * rows and sortable column headers, the form dialog and the confirmation, the toasts.
 */
export class ListPage<Column extends string = string> {
  constructor(
    readonly page: Page,
    private readonly list: ListPageOptions,
  ) {}

  async goto(query = '') {
    await this.page.goto(`${this.list.path}${query}`);
    await this.heading().waitFor();
  }

  heading() {
    return this.page.getByRole('heading', { level: 1, name: this.list.heading });
  }

  button(name: string) {
    return this.page.getByRole('button', { name, exact: true });
  }

  table() {
    return this.page.getByRole('table', { name: this.list.table });
  }

  rows() {
    return this.page.getByTestId(this.list.rowTestId);
  }

  columnHeader(column: Column) {
    return this.table().getByRole('columnheader', { name: column });
  }

  async sortBy(column: Column) {
    await this.columnHeader(column).getByRole('button').click();
  }

  /** Asserts, retrying, that `column` is sorted in this direction (its aria-sort). */
  async expectSort(column: Column, direction: 'ascending' | 'descending') {
    await expect(this.columnHeader(column)).toHaveAttribute('aria-sort', direction);
  }

  /** Asserts, retrying, the phone's layout: `count` rows as cards, no table, nothing wider than the screen. */
  async expectCards(count: number) {
    await expect(this.rows().first()).toBeVisible();
    await expect(this.table()).toHaveCount(0);
    await expect(this.rows()).toHaveCount(count);
    await expect
      .poll(() => this.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
      .toBe(0);
  }

  /** The phone's sort: the 'Ordenar por' select that stands in for the column headers. */
  async sortOnPhone(label: string) {
    await this.page.getByLabel('Ordenar por').selectOption({ label });
  }

  pagination() {
    return this.page.getByRole('navigation', { name: `Paginação de ${this.list.noun}` });
  }

  dialog() {
    return this.page.getByRole('dialog');
  }

  alertDialog() {
    return this.page.getByRole('alertdialog');
  }

  field(label: string): Locator {
    return this.dialog().getByLabel(label, { exact: true });
  }

  /** Types `value` key by key into the emptied field, so its mask or filter runs. */
  protected async type(label: string, value: string) {
    const input = this.field(label);
    await input.fill('');
    await input.pressSequentially(value);
  }

  async submit(label: 'Criar' | 'Atualizar') {
    await this.dialog().getByRole('button', { name: label, exact: true }).click();
  }

  /** Asserts, retrying, that the toast titled `title` shows, and `description` in its text when given. */
  async expectToast(title: string, description?: string) {
    await expect(this.toast(title)).toBeVisible();
    if (description !== undefined) await expect(this.toast(title)).toContainText(description, AS_READ);
  }

  /** A sonner toast by its title; its text includes the description. */
  toast(title: string): Locator {
    return this.page
      .getByRole('region', { name: /Notificações/ })
      .locator('[data-sonner-toast]')
      .filter({ hasText: title });
  }
}

import type { Locator, Page } from 'playwright-core';
import { AS_READ, expect } from '../fixtures';

/** A file as the file input takes it. */
export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** /importador (spec part 2 §2, issue #17): the import wizard and the history. */
export class ImporterPage {
  constructor(readonly page: Page) {}

  async goto(query = '') {
    await this.page.goto(`/importador${query}`);
    await this.heading().waitFor();
  }

  heading() {
    return this.page.getByRole('heading', { level: 1, name: 'Importador CSV' });
  }

  wizard() {
    return this.page.getByRole('region', { name: 'Nova importação' });
  }

  history() {
    return this.page.getByRole('region', { name: 'Histórico de importações' });
  }

  kind(label: 'Clientes' | 'Lotes de Milhas' | 'Emissões') {
    return this.wizard().getByRole('radio', { name: label, exact: true });
  }

  /** Picks the kind as a user does, on its card (the radio itself is visually hidden). */
  async chooseKind(label: 'Clientes' | 'Lotes de Milhas' | 'Emissões') {
    await this.wizard()
      .locator('label')
      .filter({ has: this.page.getByRole('radio', { name: label, exact: true }) })
      .click();
  }

  /** The stepper's current step (aria-current="step"). */
  currentStep() {
    return this.wizard().getByRole('list', { name: 'Etapas da importação' }).locator('[aria-current="step"]');
  }

  stepHeading() {
    return this.wizard().locator('#import-step-title');
  }

  async upload(file: UploadFile) {
    await this.wizard()
      .getByLabel(/^(Escolher|Trocar) arquivo/)
      .setInputFiles(file);
  }

  /** A control of the wizard by its exact label (a mapping select: 'Nome *', 'Telefone'). */
  field(label: string): Locator {
    return this.wizard().getByLabel(label, { exact: true });
  }

  button(name: string) {
    return this.wizard().getByRole('button', { name, exact: true });
  }

  async next() {
    await this.button('Próximo').click();
  }

  count(testId: 'count-total' | 'count-valid' | 'count-invalid' | 'count-existing') {
    return this.wizard().getByTestId(testId);
  }

  errorRows() {
    return this.wizard().getByTestId('dry-run-error');
  }

  historyRows() {
    return this.history().getByTestId('import-history-row');
  }

  /** Asserts, retrying, that the toast titled `title` shows, and `description` in its text when given. */
  async expectToast(title: string, description?: string) {
    const toast = this.page
      .getByRole('region', { name: /Notificações/ })
      .locator('[data-sonner-toast]')
      .filter({ hasText: title });
    await expect(toast.first()).toBeVisible();
    if (description !== undefined) await expect(toast.first()).toContainText(description, AS_READ);
  }
}

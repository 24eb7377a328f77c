import type { Page } from 'playwright-core';
import { formatCents, formatNumber } from '../../src/domain/format';
import { AS_READ, expect } from '../fixtures';
import { ListPage } from './list-page';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface EmissionDataInput {
  route?: string;
  pnr?: string;
  /** dd/mm/aaaa, typed. */
  departureDate?: string;
  /** Typed key by key, so the digit filter runs. */
  miles?: string;
  fees?: string;
  revenue?: string;
  rav?: string;
  passengers?: { name: string; cpf: string }[];
}

/** /emissoes, the 'Nova Emissão' wizard and /emissoes/:id (spec part 2 §2). */
export class EmissionsPage extends ListPage {
  constructor(page: Page) {
    super(page, { path: '/emissoes', heading: 'Emissões', rowTestId: 'emission-row', noun: 'emissões' });
  }

  row(text: string) {
    return this.rows().filter({ hasText: text });
  }

  summaryCard(label: string) {
    return this.page
      .getByRole('region', { name: 'Resumo das emissões' })
      .locator('[data-slot="card"]')
      .filter({ has: this.page.getByText(label, { exact: true }) });
  }

  /** Asserts, retrying, the four cards' figures (the list's summary, over its search and filters). */
  async expectSummary(figures: { total: number; issued: number; pending: number; revenueCents: number }) {
    const value = (label: string, text: string) =>
      expect(this.summaryCard(label)).toHaveText(
        new RegExp(`^${escapeRegExp(label)}\\s+${escapeRegExp(text)}\\s`),
        AS_READ,
      );
    await value('Total de Emissões', formatNumber(figures.total));
    await value('Emitidas', formatNumber(figures.issued));
    await value('Pendentes', formatNumber(figures.pending));
    await value('Receita (emitidas)', formatCents(figures.revenueCents));
  }

  // --- wizard -------------------------------------------------------------------------------

  override dialog() {
    return this.page.getByRole('dialog', { name: 'Nova Emissão' });
  }

  async openWizard() {
    await this.button('Nova Emissão').first().click();
    await this.dialog().waitFor();
  }

  currentStep() {
    return this.dialog().locator('[aria-current="step"]');
  }

  next() {
    return this.dialog().getByRole('button', { name: 'Próximo' }).click();
  }

  back() {
    return this.dialog().getByRole('button', { name: 'Voltar' }).click();
  }

  confirm() {
    return this.dialog().getByRole('button', { name: 'Confirmar emissão' }).click();
  }

  async chooseClient(search: string, name: string) {
    await this.dialog().getByPlaceholder('Buscar cliente...').fill(search);
    await this.dialog()
      .getByRole('list', { name: 'Clientes encontrados' })
      .getByRole('button', { name: new RegExp(name) })
      .click();
    await this.dialog().getByTestId('wizard-selected-client').waitFor();
  }

  /** Picks the account whose option label contains `text` ('LATAM Pass · 123'). */
  async chooseAccount(text: string) {
    const select = this.field('Conta de fidelidade');
    await select.locator('option', { hasText: text }).first().waitFor({ state: 'attached' });
    const value = await select.locator('option', { hasText: text }).first().getAttribute('value');
    await select.selectOption(value);
  }

  async fillData(input: EmissionDataInput) {
    if (input.route !== undefined) await this.field('Rota').fill(input.route);
    if (input.pnr !== undefined) await this.field('PNR (opcional)').fill(input.pnr);
    if (input.departureDate !== undefined) await this.type('Data de embarque', input.departureDate);
    if (input.miles !== undefined) await this.type('Milhas', input.miles);
    if (input.fees !== undefined) await this.field('Taxas (R$)').fill(input.fees);
    if (input.revenue !== undefined) await this.field('Receita (R$)').fill(input.revenue);
    if (input.rav !== undefined) await this.field('RAV (R$)').fill(input.rav);
    for (const [i, p] of (input.passengers ?? []).entries()) {
      if (i > 0 && (await this.field(`Nome do passageiro ${i + 1}`).count()) === 0) {
        await this.dialog().getByRole('button', { name: 'Adicionar passageiro' }).click();
      }
      await this.field(`Nome do passageiro ${i + 1}`).fill(p.name);
      const cpf = this.dialog().locator(`#emission-passenger-${i}-cpf`);
      await cpf.fill('');
      await cpf.pressSequentially(p.cpf);
    }
  }

  lotSuggestion() {
    return this.dialog().getByTestId('lot-suggestion');
  }

  estimate() {
    return this.dialog().getByTestId('wizard-estimate');
  }

  review() {
    return this.dialog().getByTestId('wizard-review');
  }

  // --- detail -------------------------------------------------------------------------------

  async gotoDetail(id: string) {
    await this.page.goto(`/emissoes/${id}`);
  }

  detailStatus() {
    return this.page.getByTestId('emission-status').first();
  }

  timeline() {
    return this.page.getByTestId('emission-timeline');
  }

  /** Clicks a life-cycle button and confirms it in its modal. */
  async runAction(label: string, confirmLabel = label) {
    await this.button(label).click();
    const alert = this.alertDialog();
    await alert.waitFor();
    await alert.getByRole('button', { name: confirmLabel, exact: true }).click();
    await alert.waitFor({ state: 'hidden' });
  }
}

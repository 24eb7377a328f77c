import type { Locator, Page } from 'playwright-core';
import { AS_READ, expect } from '../fixtures';
import { ListPage } from './list-page';

export interface SimulationInput {
  /** The option whose label contains this text ('LATAM Pass'). */
  program?: string;
  /** The account option containing this text (its number). */
  account?: string;
  /** The lot option containing this text ('R$ 18,00/mil'). */
  lot?: string;
  miles: string;
  fees?: string;
  ravMode?: 'receita' | 'custo';
  markup?: string;
  rav?: string;
}

/** /simulador and its "Cotação" card (issue #19). */
export class SimulatorPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/simulador');
    await this.page.getByRole('heading', { level: 1, name: 'Simulador de Preços' }).waitFor();
    await this.field('Milhas necessárias').waitFor();
  }

  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  private async chooseOption(label: string, text: string) {
    const select = this.field(label);
    const option = select.locator('option', { hasText: text }).first();
    await option.waitFor({ state: 'attached' });
    await select.selectOption((await option.getAttribute('value'))!);
  }

  async chooseClient(search: string, name: string) {
    await this.page.getByPlaceholder('Buscar por nome, CPF/CNPJ ou email...').fill(search);
    await this.page
      .getByRole('list', { name: 'Clientes encontrados' })
      .getByRole('button', { name: new RegExp(name) })
      .click();
    await this.page.getByTestId('simulator-client').waitFor();
  }

  async simulate(input: SimulationInput) {
    if (input.program) await this.chooseOption('Programa', input.program);
    if (input.account) await this.chooseOption('Conta (opcional)', input.account);
    if (input.lot) await this.chooseOption('Lote', input.lot);
    await this.field('Milhas necessárias').fill(input.miles);
    if (input.fees !== undefined) await this.field('Taxas de embarque (R$)').fill(input.fees);
    if (input.ravMode) await this.page.getByLabel(`RAV como ${input.ravMode}`).check();
    if (input.markup !== undefined) await this.field('Markup (%)').fill(input.markup);
    if (input.rav !== undefined) await this.field('RAV (R$)').fill(input.rav);
    await this.page.getByRole('button', { name: 'Calcular Preço' }).click();
  }

  /** A figure of the result panel by its test id ('result-price'). */
  figure(
    id:
      | 'result-miles-cost'
      | 'result-fees'
      | 'result-rav'
      | 'result-markup'
      | 'result-price'
      | 'result-margin'
      | 'result-margin-percent',
  ) {
    return this.page.getByTestId(id);
  }

  warnings() {
    return this.page.getByTestId('simulation-warnings');
  }

  async expectFigures(figures: Partial<Record<Parameters<SimulatorPage['figure']>[0], string>>) {
    for (const [id, text] of Object.entries(figures)) {
      await expect(this.figure(id as Parameters<SimulatorPage['figure']>[0])).toHaveText(text!, AS_READ);
    }
  }

  async save(trip: { route: string; departure?: string; passengers?: string[] }) {
    await this.field('Rota').fill(trip.route);
    if (trip.departure) {
      const input = this.field('Data de ida');
      await input.fill('');
      await input.pressSequentially(trip.departure);
    }
    if (trip.passengers) await this.field('Passageiros (opcional)').fill(trip.passengers.join('\n'));
    await this.page.getByRole('button', { name: 'Salvar Cotação' }).click();
  }
}

/** /cotacoes and /cotacoes/:id. */
export class QuotesPage extends ListPage {
  constructor(page: Page) {
    super(page, { path: '/cotacoes', heading: 'Cotações', rowTestId: 'quote-row', noun: 'cotações' });
  }

  status() {
    return this.page.getByTestId('quote-status').first();
  }

  /** Clicks a status button and confirms it in its modal. */
  async markAs(label: 'Marcar como enviada' | 'Marcar como aceita' | 'Marcar como recusada') {
    await this.button(label).click();
    const alert = this.alertDialog();
    await alert.waitFor();
    await alert.getByRole('button', { name: label, exact: true }).click();
    await alert.waitFor({ state: 'hidden' });
  }
}

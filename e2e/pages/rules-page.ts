import type { Page } from 'playwright-core';
import { ListPage } from './list-page';

export interface RuleFormInput {
  /** The programme's name as the select shows it ('Smiles'); only for a new rule. */
  program?: string;
  minMargin?: string;
  minPercent?: string;
  rav?: string;
  cpmCap?: string;
  sla?: string;
}

/** /regras (spec part 2 §2 "Regras & Políticas"): the rules table, its form dialog and the delete confirmation. */
export class RulesPage extends ListPage {
  constructor(page: Page) {
    super(page, { path: '/regras', heading: 'Regras & Políticas', rowTestId: 'rule-row', noun: 'regras' });
  }

  row(program: string) {
    return this.page.locator(`[data-testid="rule-row"][data-program="${program}"]`);
  }

  programSelect() {
    return this.field('Programa');
  }

  async fillForm(input: RuleFormInput) {
    if (input.program !== undefined) await this.programSelect().selectOption({ label: input.program });
    if (input.minMargin !== undefined) await this.field('Margem mínima (R$)').fill(input.minMargin);
    if (input.minPercent !== undefined) await this.field('Margem mínima (%)').fill(input.minPercent);
    if (input.rav !== undefined) await this.field('RAV padrão (R$)').fill(input.rav);
    if (input.cpmCap !== undefined) await this.field('CPM máximo (opcional)').fill(input.cpmCap);
    if (input.sla !== undefined) await this.field('Meta de SLA (horas)').fill(input.sla);
  }

  async create(input: RuleFormInput) {
    await this.button('Nova Regra').first().click();
    await this.dialog().waitFor();
    await this.fillForm(input);
    await this.submit('Criar');
  }
}

import type { Page } from 'playwright-core';

export class ConfigPage {
  constructor(readonly page: Page) {}

  async goto(tab?: 'agencia' | 'financeiro' | 'notificacoes' | 'seguranca') {
    await this.page.goto(tab ? `/config?tab=${tab}` : '/config');
  }

  tab(name: 'Agência' | 'Financeiro' | 'Notificações' | 'Segurança') {
    return this.page.getByRole('tab', { name });
  }

  agencyForm() {
    return this.page.getByRole('form', { name: 'Dados da agência' });
  }

  saveAgencyButton() {
    return this.agencyForm().getByRole('button', { name: 'Salvar alterações' });
  }
}

import type { Page } from 'playwright-core';

export class SignInPage {
  constructor(readonly page: Page) {}

  async goto(redirect?: string) {
    await this.page.goto(redirect ? `/entrar?redirect=${encodeURIComponent(redirect)}` : '/entrar');
  }

  async createAccount(input: {
    legalName: string;
    tradeName: string;
    cnpj: string;
    name: string;
    email: string;
    phone?: string;
    password: string;
  }) {
    const form = this.page.getByRole('form', { name: 'Criar conta' });
    await form.getByLabel('Razão social').fill(input.legalName);
    await form.getByLabel('Nome fantasia').fill(input.tradeName);
    await form.getByLabel('CNPJ').pressSequentially(input.cnpj);
    await form.getByLabel('Seu nome').fill(input.name);
    await form.getByLabel('E-mail').fill(input.email);
    if (input.phone) await form.getByLabel('Telefone').pressSequentially(input.phone);
    await form.getByLabel('Senha', { exact: true }).fill(input.password);
    await form.getByLabel('Confirmar senha').fill(input.password);
    await form.getByRole('button', { name: 'Criar conta' }).click();
  }

  async signIn(identifier: string, password: string) {
    await this.page.getByLabel('E-mail ou telefone').fill(identifier);
    await this.page.getByLabel('Senha', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Entrar', exact: true }).click();
  }
}

import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { ConfigPage } from './pages/config-page';
import { ShellPage } from './pages/shell-page';
import { SignInPage } from './pages/sign-in-page';
import { useSpecSession } from './session';

/**
 * Issue 2's journey on a fresh installation: first-run account creation → sign-in → every route
 * by the g keys → theme kept across reload → 404 → agency form (CNPJ error, then saved) →
 * password change → sign-out.
 */
const session = useSpecSession({ signIn: false });
let context: BrowserContext;
let page: Page;

const account = {
  legalName: 'Potiguar Viagens e Turismo Ltda',
  tradeName: 'Potiguar Milhas',
  cnpj: '11222333000181',
  name: 'Maria José Souza',
  email: 'maria@potiguar.com.br',
  phone: '84998765432',
  password: 'Segura123',
};

beforeAll(() => {
  ({ context, page } = session);
});

describe('foundation journey', () => {
  it('sends a signed-out visitor to /entrar and offers "Criar conta" on a fresh installation', async () => {
    await page.goto('/clientes');
    await page.waitForURL(/\/entrar\?redirect=%2Fclientes$/);
    await page.getByRole('tab', { name: 'Criar conta' }).waitFor();
  });

  it('shows the CNPJ check-digit and password messages, then creates the agency and lands where it was going', async () => {
    const signIn = new SignInPage(page);
    await signIn.createAccount({ ...account, cnpj: '11222333000182', password: 'fraca' });
    await page.getByText('CNPJ inválido').waitFor();
    await page.getByText('A senha deve ter pelo menos 8 caracteres').first().waitFor();
    const cnpj = page.getByRole('form', { name: 'Criar conta' }).getByLabel('CNPJ');
    await cnpj.fill('');
    await cnpj.pressSequentially(account.cnpj);
    expect(await cnpj.inputValue()).toBe('11.222.333/0001-81');
    await page.getByRole('form', { name: 'Criar conta' }).getByLabel('Senha', { exact: true }).fill(account.password);
    await page.getByRole('form', { name: 'Criar conta' }).getByLabel('Confirmar senha').fill(account.password);
    await page.getByRole('form', { name: 'Criar conta' }).getByRole('button', { name: 'Criar conta' }).click();
    await page.waitForURL((url) => url.pathname === '/clientes');
    await expect(page.getByTestId('sidebar-agency').innerText()).resolves.toContain('Potiguar Milhas');
  });

  it('closes open sign-up once the first account exists', async () => {
    const other = await session.browser.newPage();
    await other.page.goto('/entrar');
    await other.page.getByLabel('E-mail ou telefone').waitFor();
    expect(await other.page.getByRole('tab', { name: 'Criar conta' }).count()).toBe(0);
    const res = await other.context.request.post('/api/v1/auth/sign-up', {
      data: { agency: { legal_name: 'Outra', trade_name: 'Outra', cnpj: '11444777000161' }, user: { name: 'Intrusa', email: 'x@y.com', password: 'Segura123' } },
    });
    expect(res.status()).toBe(409);
    await other.context.close();
  });

  it('signs out and signs back in by phone, returning to the page asked for', async () => {
    const shell = new ShellPage(page);
    await shell.signOut();
    await page.waitForURL(/\/entrar/);
    await page.goto('/config?tab=financeiro');
    await page.waitForURL(/\/entrar\?redirect=/);
    const signIn = new SignInPage(page);
    await signIn.signIn(account.email, 'Errada123');
    await page.getByText('E-mail/telefone ou senha incorretos.').waitFor();
    await signIn.signIn('(84) 99876-5432', account.password);
    await page.waitForURL((url) => url.pathname === '/config' && url.search === '?tab=financeiro');
  });

  it('moves through every area with the g keys, with the hint bar and exact active item', async () => {
    const shell = new ShellPage(page);
    await page.goto('/');
    await shell.heading().waitFor();
    const routes: [string, string, string][] = [
      ['c', '/clientes', 'Clientes'],
      ['l', '/lotes', 'Lotes de Milhas'],
      ['e', '/emissoes', 'Emissões'],
      ['n', '/conciliador', 'Conciliador Financeiro'],
      ['i', '/importador', 'Importador CSV'],
      ['a', '/alertas', 'Centro de Alertas'],
      ['f', '/financeiro', 'Financeiro'],
      ['s', '/simulador', 'Simulador de Preços'],
      ['g', '/config', 'Configurações'],
      ['d', '/', 'Dashboard'],
    ];
    for (const [key, path, title] of routes) {
      await page.locator('body').press('g');
      const hint = page.getByTestId('g-hint');
      await hint.waitFor();
      expect(await hint.innerText()).toContain('Pressione: d=Dashboard | c=Clientes | l=Lotes | e=Emissões');
      await page.locator('body').press(key);
      await page.waitForURL((url) => url.pathname === path);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      const active = page.locator('nav a[aria-current="page"]');
      expect(await active.count()).toBe(1);
      expect(await active.getAttribute('href')).toBe(path);
    }
    // /regras has no shortcut but a sidebar item.
    await page.getByRole('link', { name: 'Regras' }).click();
    await page.getByRole('heading', { level: 1, name: 'Regras & Políticas' }).waitFor();
  });

  it('ignores the g keys while typing and when a modifier is held', async () => {
    await page.goto('/config?tab=agencia');
    const field = page.getByLabel('Nome Fantasia');
    await field.click();
    await field.press('End');
    await field.press('g');
    await field.press('c');
    expect(new URL(page.url()).pathname).toBe('/config');
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.down('Control');
    await page.keyboard.press('g');
    await page.keyboard.up('Control');
    await page.keyboard.press('c');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/config');
  });

  it('keeps the chosen theme across a reload', async () => {
    const shell = new ShellPage(page);
    await page.goto('/');
    await shell.chooseTheme('Modo Escuro');
    expect(await shell.isDark()).toBe(true);
    await page.reload();
    await shell.heading().waitFor();
    expect(await shell.isDark()).toBe(true);
    await shell.chooseTheme('Modo Claro');
    await page.reload();
    await shell.heading().waitFor();
    expect(await shell.isDark()).toBe(false);
  });

  it('shows the 404 page for an unknown path, with a way home', async () => {
    await page.goto('/rota-que-nao-existe');
    await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Voltar para o início' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('refuses a bad CNPJ in the agency form, then saves the agency for real', async () => {
    const config = new ConfigPage(page);
    await config.goto('agencia');
    const form = config.agencyForm();
    const cnpj = form.getByLabel('CNPJ');
    await cnpj.fill('');
    await cnpj.pressSequentially('11222333000182');
    await cnpj.blur();
    await form.getByText('CNPJ inválido').waitFor();
    expect(await config.saveAgencyButton().isDisabled()).toBe(true);

    await cnpj.fill('');
    await cnpj.pressSequentially('11444777000161');
    await form.getByLabel('Nome Fantasia').fill('Potiguar Milhas & Viagens');
    await form.getByLabel('Situação Cadastral').selectOption('Ativa');
    await form.getByLabel('Data de Abertura').fill('15/03/2024');
    await form.getByLabel('Endereço').fill('Av. Engenheiro Roberto Freire, 1000 - Ponta Negra, Natal/RN');
    await form.getByLabel('CNAE Principal').fill('7911-2/00');
    await form.getByLabel('Capital Social').fill('50.000,00');
    await form.getByLabel('Telefone').fill('');
    await form.getByLabel('Telefone').pressSequentially('8433334444');
    expect(await form.getByLabel('Telefone').inputValue()).toBe('(84) 3333-4444');
    await config.saveAgencyButton().click();
    await page.getByText('Agência atualizada').waitFor();

    await page.reload();
    await config.agencyForm().getByLabel('Nome Fantasia').waitFor();
    expect(await config.agencyForm().getByLabel('Nome Fantasia').inputValue()).toBe('Potiguar Milhas & Viagens');
    expect(await config.agencyForm().getByLabel('CNPJ').inputValue()).toBe('11.444.777/0001-61');
    expect(await config.agencyForm().getByLabel('Data de Abertura').inputValue()).toBe('15/03/2024');
    await expect(page.getByTestId('sidebar-agency').innerText()).resolves.toContain('Potiguar Milhas & Viagens');
    const api = await context.request.get('/api/v1/agency');
    expect(await api.json()).toMatchObject({ cnpj: '11444777000161', share_capital_cents: 5_000_000, phone: '8433334444', opened_on: '2024-03-15' });
  });

  it('saves the financial settings', async () => {
    const config = new ConfigPage(page);
    await config.goto('financeiro');
    await page.getByLabel('Dias de alerta antes do vencimento').fill('45');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await page.getByText('Configurações salvas').waitFor();
    const api = await context.request.get('/api/v1/agency/settings');
    expect((await api.json()).expiry_alert_days).toBe(45);
  });

  it('changes the password and signs out; the old password no longer works', async () => {
    const config = new ConfigPage(page);
    await config.goto('seguranca');
    await page.getByLabel('Senha atual').fill(account.password);
    await page.getByLabel('Nova senha', { exact: true }).fill('NovaSenha9');
    await page.getByLabel('Confirmar nova senha').fill('NovaSenha9');
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await page.getByText('Senha alterada').waitFor();

    await new ShellPage(page).signOut();
    await page.waitForURL(/\/entrar/);
    const me = await context.request.get('/api/v1/auth/me');
    expect(me.status()).toBe(401);
    const signIn = new SignInPage(page);
    await signIn.signIn(account.email, account.password);
    await page.getByText('E-mail/telefone ou senha incorretos.').waitFor();
    await signIn.signIn(account.email, 'NovaSenha9');
    await page.waitForURL((url) => url.pathname === '/');
  });
});

import { beforeEach, describe, it, onTestFinished } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { apiAs, AS_READ, expect, OWNER } from './fixtures';
import { ConfigPage } from './pages/config-page';
import { ShellPage } from './pages/shell-page';
import { SignInPage } from './pages/sign-in-page';
import { useSpecSession } from './session';

/**
 * Issue 2's journey, from an agency signed in as OWNER (the first run itself is
 * first-run.spec.ts): sign-out and sign-in → every route by the g keys → theme kept across
 * reload → 404 → agency form (CNPJ error, then saved) → settings → password change.
 */
const session = useSpecSession();
let context: BrowserContext;
let page: Page;

const NEW_PASSWORD = 'NovaSenha9';

beforeEach(() => {
  ({ context, page } = session);
});

/** The other tests sign in with OWNER's password: the password test puts it back, however it ended. */
async function restoreOwnerPassword() {
  const { context: other } = await session.browser.newPage();
  try {
    const signedIn = await apiAs(other, 'POST', '/auth/sign-in', {
      identifier: OWNER.user.email,
      password: NEW_PASSWORD,
    });
    if (signedIn.status !== 200) return;
    const res = await apiAs(other, 'PUT', '/auth/password', {
      current_password: NEW_PASSWORD,
      new_password: OWNER.user.password,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(204);
  } finally {
    await other.close();
  }
}

describe('foundation journey', () => {
  it('closes open sign-up once the first account exists', async () => {
    const other = await session.browser.newPage();
    try {
      await other.page.goto('/entrar');
      await expect(other.page.getByLabel('E-mail ou telefone')).toBeVisible();
      await expect(other.page.getByRole('tab', { name: 'Criar conta' })).toHaveCount(0);
      const res = await other.context.request.post('/api/v1/auth/sign-up', {
        data: {
          agency: { legal_name: 'Outra', trade_name: 'Outra', cnpj: '11444777000161' },
          user: { name: 'Intrusa', email: 'x@y.com', password: 'Segura123' },
        },
      });
      expect(res.status()).toBe(409);
    } finally {
      await other.context.close();
    }
  });

  it('signs out and signs back in by phone, returning to the page asked for', async () => {
    const shell = new ShellPage(page);
    await page.goto('/');
    await expect(shell.heading()).toBeVisible();
    await shell.signOut();
    await expect(page).toHaveURL(/\/entrar/);
    await page.goto('/config?tab=financeiro');
    await expect(page).toHaveURL(/\/entrar\?redirect=/);
    const signIn = new SignInPage(page);
    await signIn.signIn(OWNER.user.email, 'Errada123');
    await expect(page.getByText('E-mail/telefone ou senha incorretos.')).toBeVisible();
    await signIn.signIn(OWNER.user.phone, OWNER.user.password);
    await expect(page).toHaveURL((url) => url.pathname === '/config' && url.search === '?tab=financeiro');
  });

  it('moves through every area with the g keys, with the hint bar and exact active item', async () => {
    const shell = new ShellPage(page);
    await page.goto('/');
    await expect(shell.heading()).toBeVisible();
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
      await expect(page.getByTestId('g-hint')).toContainText(
        'Pressione: d=Dashboard | c=Clientes | l=Lotes | e=Emissões',
        AS_READ,
      );
      await page.locator('body').press(key);
      await expect(page).toHaveURL((url) => url.pathname === path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const active = page.locator('nav a[aria-current="page"]');
      await expect(active).toHaveCount(1);
      await expect(active).toHaveAttribute('href', path);
    }
    // /regras has no shortcut but a sidebar item.
    await page.getByRole('link', { name: 'Regras' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Regras & Políticas' })).toBeVisible();
  });

  it('ignores the g keys while typing and when a modifier is held', async () => {
    const shell = new ShellPage(page);
    await page.goto('/config?tab=agencia');
    const field = page.getByLabel('Nome Fantasia');
    await expect(field).not.toHaveValue('');
    await field.click();
    await field.press('End');
    await field.press('g');
    await field.press('c');
    // The keys went into the field, not to the shortcut.
    await expect(field).toHaveValue(/gc$/);
    await expect(page).toHaveURL((url) => url.pathname === '/config');
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.down('Control');
    await page.keyboard.press('g');
    await page.keyboard.up('Control');
    await page.keyboard.press('c');
    // A shortcut typed after those keys is handled after them: had Control+g then c gone to
    // /clientes, Back from where the shortcut lands would return there and not to /config.
    await shell.go('l');
    await expect(page).toHaveURL((url) => url.pathname === '/lotes');
    await page.goBack();
    await expect(page).toHaveURL((url) => url.pathname === '/config');
  });

  it('keeps the chosen theme across a reload', async () => {
    const shell = new ShellPage(page);
    await page.goto('/');
    await shell.chooseTheme('Modo Escuro');
    await expect(shell.root()).toContainClass('dark');
    await page.reload();
    await expect(shell.heading()).toBeVisible();
    await expect(shell.root()).toContainClass('dark');
    await shell.chooseTheme('Modo Claro');
    await page.reload();
    await expect(shell.heading()).toBeVisible();
    await expect(shell.root()).not.toContainClass('dark');
  });

  it('shows the 404 page for an unknown path, with a way home', async () => {
    await page.goto('/rota-que-nao-existe');
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Voltar para o início' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });

  it('refuses a bad CNPJ in the agency form, then saves the agency for real', async () => {
    const config = new ConfigPage(page);
    await config.goto('agencia');
    const form = config.agencyForm();
    const cnpj = form.getByLabel('CNPJ');
    await cnpj.fill('');
    await cnpj.pressSequentially('11222333000182');
    await cnpj.blur();
    await expect(form.getByText('CNPJ inválido')).toBeVisible();
    await expect(config.saveAgencyButton()).toBeDisabled();

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
    await expect(form.getByLabel('Telefone')).toHaveValue('(84) 3333-4444');
    await config.saveAgencyButton().click();
    await expect(page.getByText('Agência atualizada')).toBeVisible();

    await page.reload();
    await expect(config.agencyForm().getByLabel('Nome Fantasia')).toHaveValue('Potiguar Milhas & Viagens');
    await expect(config.agencyForm().getByLabel('CNPJ')).toHaveValue('11.444.777/0001-61');
    await expect(config.agencyForm().getByLabel('Data de Abertura')).toHaveValue('15/03/2024');
    await expect(page.getByTestId('sidebar-agency')).toContainText('Potiguar Milhas & Viagens', AS_READ);
    const api = await context.request.get('/api/v1/agency');
    expect(await api.json()).toMatchObject({
      cnpj: '11444777000161',
      share_capital_cents: 5_000_000,
      phone: '8433334444',
      opened_on: '2024-03-15',
    });
  });

  it('saves the financial settings, numbers typed and shown the Brazilian way, within their limits (0–1000 %, DESIGN §4)', async () => {
    const config = new ConfigPage(page);
    await config.goto('financeiro');
    const markup = page.getByLabel('Markup padrão (%)');
    await expect(markup).toHaveValue('15');
    await markup.fill('1500');
    await markup.blur();
    await expect(page.getByText('O markup deve ser no máximo 1000%')).toBeVisible();
    // A dot is read as the decimal separator it was meant to be, and shown as a comma.
    await markup.fill('18.5');
    await markup.blur();
    await expect(markup).toHaveValue('18,5');
    await page.getByLabel('Dias de alerta antes do vencimento').fill('45');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await expect(page.getByText('Configurações salvas')).toBeVisible();
    const api = await context.request.get('/api/v1/agency/settings');
    expect(await api.json()).toMatchObject({ expiry_alert_days: 45, default_markup_percent: 18.5 });
    await page.reload();
    await expect(page.getByLabel('Markup padrão (%)')).toHaveValue('18,5');
  });

  it('changes the password and signs out; the old password no longer works', async () => {
    onTestFinished(restoreOwnerPassword);
    const config = new ConfigPage(page);
    await config.goto('seguranca');
    await page.getByLabel('Senha atual').fill(OWNER.user.password);
    await page.getByLabel('Nova senha', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirmar nova senha').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await expect(page.getByText('Senha alterada')).toBeVisible();

    await new ShellPage(page).signOut();
    await expect(page).toHaveURL(/\/entrar/);
    const me = await context.request.get('/api/v1/auth/me');
    expect(me.status()).toBe(401);
    const signIn = new SignInPage(page);
    await signIn.signIn(OWNER.user.email, OWNER.user.password);
    await expect(page.getByText('E-mail/telefone ou senha incorretos.')).toBeVisible();
    await signIn.signIn(OWNER.user.email, NEW_PASSWORD);
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });
});

import { describe, it } from 'vitest';
import { AS_READ, expect } from './fixtures';
import { EmissionsPage } from './pages/emissions-page';
import { SignInPage } from './pages/sign-in-page';
import { useSpecSession } from './session';

/**
 * Issue 2's first run, on an installation of its own: a first visit is sent to /entrar, creates
 * the agency there, and lands where it was going. An installation has one first run, so this is
 * one test; foundation.spec.ts takes the journey on from a signed-in agency.
 */
const session = useSpecSession({ signIn: false });

const account = {
  legalName: 'Potiguar Viagens e Turismo Ltda',
  tradeName: 'Potiguar Milhas',
  cnpj: '11222333000181',
  name: 'Maria José Souza',
  email: 'maria@potiguar.com.br',
  phone: '84998765432',
  password: 'Segura123',
};

describe('first run', () => {
  it('sends a signed-out visitor to /entrar, offers "Criar conta", shows the CNPJ and password messages, creates the agency and lands where it was going, with no emission yet', async () => {
    const { page } = session;
    await page.goto('/clientes');
    await expect(page).toHaveURL(/\/entrar\?redirect=%2Fclientes$/);
    await expect(page.getByRole('tab', { name: 'Criar conta' })).toBeVisible();

    const signIn = new SignInPage(page);
    await signIn.createAccount({ ...account, cnpj: '11222333000182', password: 'fraca' });
    await expect(page.getByText('CNPJ inválido')).toBeVisible();
    await expect(page.getByText('A senha deve ter pelo menos 8 caracteres').first()).toBeVisible();
    const form = page.getByRole('form', { name: 'Criar conta' });
    const cnpj = form.getByLabel('CNPJ');
    await cnpj.fill('');
    await cnpj.pressSequentially(account.cnpj);
    await expect(cnpj).toHaveValue('11.222.333/0001-81');
    await form.getByLabel('Senha', { exact: true }).fill(account.password);
    await form.getByLabel('Confirmar senha').fill(account.password);
    await form.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/clientes');
    await expect(page.getByTestId('sidebar-agency')).toContainText('Potiguar Milhas', AS_READ);

    // The new agency's emission list: its empty state, with a second 'Nova Emissão' button.
    const emissions = new EmissionsPage(page);
    await emissions.goto();
    await expect(page.getByText('Nenhuma emissão encontrada')).toBeVisible();
    await expect(emissions.button('Nova Emissão')).toHaveCount(2);
    await expect(emissions.summaryCard('Total de Emissões')).toContainText('0', AS_READ);
    await expect(emissions.summaryCard('Receita (emitidas)')).toContainText('R$', AS_READ);
  });
});

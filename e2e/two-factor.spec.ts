import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { totpCodeAt } from '../src/server/auth/totp';
import { startSmtpServer, type SmtpTestServer } from '../src/server/email/__tests__/smtp-test-server';
import { expectNoSeriousAxeViolations } from './axe';
import { apiAs, AS_READ, expect, OWNER } from './fixtures';
import { ConfigPage } from './pages/config-page';
import { ShellPage } from './pages/shell-page';
import { SignInPage } from './pages/sign-in-page';
import { TwoFactorPage } from './pages/two-factor-page';
import { useSpecSession } from './session';

/**
 * Two-factor sign-in and password recovery through the real UI (issue #20): enrolling an
 * authenticator app in /config → Segurança (the code computed here from the key the page shows,
 * with the server's own TOTP library), signing in again with password and code, and "Esqueci minha
 * senha" end to end through a real SMTP server on 127.0.0.1. Each test leaves OWNER as it found
 * them (password, no second factor), so the tests pass in any order.
 */
let smtp: SmtpTestServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});
const session = useSpecSession({ env: () => ({ SMTP_URL: smtp.url }) });
let context: BrowserContext;
let page: Page;

beforeEach(() => {
  ({ context, page } = session);
});

describe('two-factor sign-in', () => {
  it('enrols an authenticator app, signs out and signs in again with password and code', async () => {
    const config = new ConfigPage(page);
    const tf = new TwoFactorPage(page);
    await config.goto('seguranca');
    await expect(page.getByText('Sua conta entra só com a senha.')).toBeVisible();
    await page.getByRole('button', { name: 'Ativar', exact: true }).click();

    const dialog = tf.dialog();
    await expect(dialog.getByRole('heading', { name: 'Ativar verificação em duas etapas' })).toBeVisible();
    await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible();
    await expect(dialog.getByTestId('totp-manual-key')).toHaveText(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    await expectNoSeriousAxeViolations(page);
    const secret = await tf.manualKey();

    await dialog.getByLabel('Código de verificação').fill('000000');
    await dialog.getByRole('button', { name: 'Ativar' }).click();
    // One in a million: 000000 is the right code; then this step's code is refused as used.
    await expect(dialog.getByText('Código incorreto ou expirado')).toBeVisible();
    await dialog.getByLabel('Código de verificação').fill(totpCodeAt(secret, Date.now()));
    await dialog.getByRole('button', { name: 'Ativar' }).click();
    await expect(tf.recoveryCodes()).toHaveCount(10);
    const recoveryCodes = await tf.recoveryCodes().allInnerTexts();
    await expect(dialog).toContainText('não serão mostrados de novo', AS_READ);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Baixar .txt' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('milheiro-codigos-de-recuperacao.txt');
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: 'Guardei os códigos' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('10 códigos de recuperação disponíveis')).toBeVisible();

    await new ShellPage(page).signOut();
    await expect(page).toHaveURL(/\/entrar/);
    const signIn = new SignInPage(page);
    await signIn.goto('/clientes');
    await signIn.signIn(OWNER.user.email, OWNER.user.password);
    const codeForm = tf.codeForm();
    await expect(codeForm).toBeVisible();
    await expect(page.getByRole('button', { name: 'Usar um código de recuperação' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await codeForm.getByLabel('Código de verificação').fill('12345');
    await codeForm.getByRole('button', { name: 'Verificar' }).click();
    await expect(codeForm.getByText('Informe o código de 6 dígitos do aplicativo autenticador')).toBeVisible();
    // The next step's code: inside the ±1 window, and later than the step the enrolment used.
    await codeForm.getByLabel('Código de verificação').fill(totpCodeAt(secret, Date.now() + 30_000));
    await codeForm.getByRole('button', { name: 'Verificar' }).click();
    await expect(page).toHaveURL(/\/clientes$/);

    // Leave OWNER as found: off again, with the password and a recovery code.
    await config.goto('seguranca');
    await page.getByRole('button', { name: 'Desativar' }).click();
    await dialog.getByLabel('Senha').fill(OWNER.user.password);
    await dialog.getByRole('button', { name: 'Usar um código de recuperação' }).click();
    await dialog.getByLabel('Código de recuperação').fill(recoveryCodes[0]!);
    await dialog.getByRole('button', { name: 'Desativar' }).click();
    await expect(tf.toast('Verificação em duas etapas desativada')).toBeVisible();
    await expect(page.getByText('Sua conta entra só com a senha.')).toBeVisible();
  });
});

describe('password recovery', () => {
  it('"Esqueci minha senha" sends a single-use link that sets a new password and ends the sessions', async () => {
    const other = await session.browser.newPage();
    const visitor = other.page;
    try {
      const signIn = new SignInPage(visitor);
      await signIn.goto();
      await visitor.getByRole('link', { name: 'Esqueci minha senha' }).click();
      await expect(visitor).toHaveURL(/\/esqueci-senha$/);
      await expect(visitor.getByRole('heading', { name: 'Esqueci minha senha' })).toBeVisible();
      await expectNoSeriousAxeViolations(visitor);
      await visitor.getByLabel('E-mail').fill(OWNER.user.email);
      await visitor.getByRole('button', { name: 'Enviar link' }).click();
      await expect(
        visitor.getByRole('status').filter({ hasText: 'Se houver uma conta com esse e-mail' }),
      ).toBeVisible();

      await expect.poll(() => smtp.received.length, { timeout: 30_000 }).toBeGreaterThan(0);
      const { to, mail } = smtp.received.at(-1)!;
      expect(to).toEqual([OWNER.user.email]);
      expect(mail.subject).toBe('Redefinição de senha do Milheiro');
      const link = /https?:\/\/\S+\/redefinir-senha\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? '');
      expect(link).not.toBeNull();
      const path = `/redefinir-senha/${link![1]}`;

      await visitor.goto(path);
      await expect(visitor.getByRole('heading', { name: 'Redefinir senha' })).toBeVisible();
      await expect(visitor.getByLabel('Nova senha', { exact: true })).toBeVisible();
      await expectNoSeriousAxeViolations(visitor);
      await visitor.getByLabel('Nova senha', { exact: true }).fill('fraca');
      await visitor.getByLabel('Confirmar nova senha').fill('fraca');
      await visitor.getByRole('button', { name: 'Redefinir senha' }).click();
      await expect(visitor.getByText('A senha deve ter pelo menos 8 caracteres')).toBeVisible();
      await visitor.getByLabel('Nova senha', { exact: true }).fill('Recuperada9');
      await visitor.getByLabel('Confirmar nova senha').fill('Recuperada9');
      await visitor.getByRole('button', { name: 'Redefinir senha' }).click();
      await expect(visitor).toHaveURL(/\/entrar$/);
      await expect(new TwoFactorPage(visitor).toast('Senha redefinida')).toBeVisible();

      // Every session ended, this test's own included.
      expect((await context.request.get('/api/v1/auth/me')).status()).toBe(401);

      // Used once: a clear message.
      await visitor.goto(path);
      await expect(visitor.getByRole('alert')).toContainText('Este link de redefinição já foi usado.');

      await signIn.goto();
      await signIn.signIn(OWNER.user.email, 'Recuperada9');
      await expect(visitor).toHaveURL(/\/$/);
      // Leave OWNER's password as found.
      const back = await apiAs(other.context, 'PUT', '/auth/password', {
        current_password: 'Recuperada9',
        new_password: OWNER.user.password,
      });
      expect(back.status).toBe(204);
    } finally {
      await other.context.close();
    }
  });
});

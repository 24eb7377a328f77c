import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startSmtpServer, type SmtpTestServer } from '../src/server/email/__tests__/smtp-test-server';
import { totpCodeAt } from '../src/server/auth/totp';
import { expectNoSeriousAxeViolations } from './axe';
import { AS_READ, expect, OWNER } from './fixtures';
import { ShellPage } from './pages/shell-page';
import { SignInPage } from './pages/sign-in-page';
import { TwoFactorPage } from './pages/two-factor-page';
import { useSpecSession } from './session';

/**
 * The team through the real UI (issue #20, docs/decisions/0026-team-and-roles.md): the admin invites
 * a colleague as operador from /config → Equipe, a real SMTP server on 127.0.0.1 receives the
 * e-mail with the single-use link, the colleague opens it in another browser, sets name and
 * password, lands signed in on the dashboard — and, as an operador, finds no Equipe tab, a
 * read-only agency form, and a 403 from the team API; then enrols an authenticator app and signs
 * in again with password and code.
 */
let smtp: SmtpTestServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});
const session = useSpecSession({ env: () => ({ SMTP_URL: smtp.url }) });
let page: Page;

beforeEach(() => {
  ({ page } = session);
});

const COLLEAGUE = { email: 'bruno.costa@potiguar.com.br', name: 'Bruno Costa Ribeiro', password: 'Operador123' };

describe('team', () => {
  it('the admin invites an operador by e-mail; the colleague accepts, is signed in, cannot open Equipe, enrols TOTP and signs in with a code', async () => {
    await page.goto('/config?tab=equipe');
    const users = page.getByRole('list', { name: 'Usuários da equipe' });
    await expect(users.getByTestId('team-user-row')).toHaveCount(1);
    await expect(users).toContainText(OWNER.user.name, AS_READ);
    await expect(page.getByText('Nenhum convite enviado')).toBeVisible();

    await page.getByRole('button', { name: 'Convidar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Convidar para a equipe' });
    await dialog.getByLabel('E-mail').fill(COLLEAGUE.email);
    await expect(dialog.getByLabel('Papel')).toHaveValue('operador');
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: 'Enviar convite' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Convite enviado', { exact: true })).toBeVisible();
    const row = page.getByTestId('invitation-row').filter({ hasText: COLLEAGUE.email });
    await expect(row).toContainText('Pendente', AS_READ);
    await expect(row).toContainText('Operador', AS_READ);

    // Inviting the same address again is refused, in Portuguese, on the field.
    await page.getByRole('button', { name: 'Convidar', exact: true }).click();
    await dialog.getByLabel('E-mail').fill(COLLEAGUE.email.toUpperCase());
    await dialog.getByRole('button', { name: 'Enviar convite' }).click();
    await expect(dialog.getByText('Já existe um convite pendente para este e-mail.', { exact: false })).toBeVisible();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Descartar' }).click();
    await expect(dialog).toBeHidden();
    await expectNoSeriousAxeViolations(page);

    // The SMTP server receives the link.
    await expect.poll(() => smtp.received.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const { to, mail } = smtp.received[0]!;
    expect(to).toEqual([COLLEAGUE.email]);
    expect(mail.subject).toBe(`Convite para a equipe de ${OWNER.agency.trade_name} no Milheiro`);
    const link = /https?:\/\/\S+\/convite\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? '');
    expect(link).not.toBeNull();
    const invitePath = `/convite/${link![1]}`;

    // The colleague, in a browser of their own.
    const colleague = await session.browser.newPage({ width: 390, height: 844 });
    try {
      const invited = colleague.page;
      await invited.goto(invitePath);
      await expect(invited.getByRole('heading', { level: 1 })).toHaveText(
        `Entrar para a equipe de ${OWNER.agency.trade_name}`,
      );
      await expect(invited.getByText('Operador', { exact: true })).toBeVisible();
      await expect(invited.getByLabel('E-mail')).toHaveValue(COLLEAGUE.email);
      await expectNoSeriousAxeViolations(invited);
      await invited.getByLabel('Seu nome').fill(COLLEAGUE.name);
      await invited.getByLabel('Senha', { exact: true }).fill(COLLEAGUE.password);
      await invited.getByLabel('Confirmar senha').fill('Outra12345');
      await invited.getByRole('button', { name: 'Aceitar convite e entrar' }).click();
      await expect(invited.getByText('As senhas não coincidem')).toBeVisible();
      await invited.getByLabel('Confirmar senha').fill(COLLEAGUE.password);
      await invited.getByRole('button', { name: 'Aceitar convite e entrar' }).click();

      // Signed in, on the dashboard.
      await expect(invited).toHaveURL(/\/$/);
      await expect(invited.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      const me = await colleague.context.request.get('/api/v1/auth/me');
      expect((await me.json()).user).toMatchObject({ email: COLLEAGUE.email, role: 'operador' });

      // An operador: no Equipe (nor Webhooks, nor Auditoria) tab; asking for it opens Agência, read-only.
      await invited.goto('/config?tab=equipe');
      await expect(invited.getByRole('tab', { name: 'Agência' })).toHaveAttribute('aria-selected', 'true');
      for (const tab of ['Equipe', 'Webhooks', 'Auditoria']) {
        await expect(invited.getByRole('tab', { name: tab }), tab).toHaveCount(0);
      }
      await expect(invited.getByRole('list', { name: 'Usuários da equipe' })).toHaveCount(0);
      await expect(invited.getByTestId('read-only-note')).toHaveText('Somente administradores podem alterar.');
      await expect(invited.getByLabel('Razão Social')).toBeDisabled();
      await expect(invited.getByRole('button', { name: 'Salvar alterações' })).toHaveCount(0);
      const forbidden = await colleague.context.request.get('/api/v1/team/users');
      expect(forbidden.status()).toBe(403);
      expect((await forbidden.json()).error.code).toBe('FORBIDDEN');

      // The link was single-use.
      await invited.goto(invitePath);
      await expect(invited.getByRole('heading', { level: 1 })).toHaveText('Convite já aceito');
      await expectNoSeriousAxeViolations(invited);

      // The operador enrols an authenticator app in Segurança and signs in again with a code.
      const tf = new TwoFactorPage(invited);
      await invited.goto('/config?tab=seguranca');
      await invited.getByRole('button', { name: 'Ativar', exact: true }).click();
      const enrol = tf.dialog();
      await expect(enrol.getByTestId('totp-manual-key')).toHaveText(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
      const secret = await tf.manualKey();
      await enrol.getByLabel('Código de verificação').fill(totpCodeAt(secret, Date.now()));
      await enrol.getByRole('button', { name: 'Ativar' }).click();
      await expect(tf.recoveryCodes()).toHaveCount(10);
      await enrol.getByRole('button', { name: 'Guardei os códigos' }).click();
      await expect(enrol).toBeHidden();
      await new ShellPage(invited).signOut();
      await expect(invited).toHaveURL(/\/entrar/);
      const signIn = new SignInPage(invited);
      await signIn.goto('/clientes');
      await signIn.signIn(COLLEAGUE.email, COLLEAGUE.password);
      const codeForm = tf.codeForm();
      await expect(codeForm).toBeVisible();
      // The next step's code: inside the ±1 window and later than the step the enrolment used.
      await codeForm.getByLabel('Código de verificação').fill(totpCodeAt(secret, Date.now() + 30_000));
      await codeForm.getByRole('button', { name: 'Verificar' }).click();
      await expect(invited).toHaveURL(/\/clientes$/);
      const after = await colleague.context.request.get('/api/v1/auth/me');
      expect((await after.json()).user).toMatchObject({ role: 'operador', totp_enabled: true });
    } finally {
      await colleague.context.close();
    }

    // The admin sees the invitation accepted and the colleague in the team.
    await page.reload();
    await expect(page.getByTestId('invitation-row').filter({ hasText: COLLEAGUE.email })).toContainText(
      'Aceito',
      AS_READ,
    );
    const colleagueRow = page.getByTestId('team-user-row').filter({ hasText: COLLEAGUE.name });
    await expect(colleagueRow).toContainText('Ativo', AS_READ);
    await expect(page.getByRole('combobox', { name: `Papel de ${COLLEAGUE.name}` })).toHaveValue('operador');

    // Deactivating ends the colleague's access; the confirmation says what happens.
    await colleagueRow.getByRole('button', { name: `Desativar ${COLLEAGUE.name}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('desconectado de todos os dispositivos', AS_READ);
    await confirm.getByRole('button', { name: 'Desativar' }).click();
    await expect(colleagueRow).toContainText('Desativado', AS_READ);
  });
});

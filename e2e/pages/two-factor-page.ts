import type { Locator, Page } from 'playwright-core';

/** /config → Segurança's two-factor card and the sign-in's second step (#20). */
export class TwoFactorPage {
  constructor(readonly page: Page) {}

  card() {
    return this.page
      .getByText('Verificação em duas etapas', { exact: true })
      .locator('xpath=ancestor::*[@data-slot="card"][1]');
  }

  dialog() {
    return this.page.getByRole('dialog');
  }

  /** The key to type into an authenticator app, without its spaces. */
  async manualKey() {
    const key = this.dialog().getByTestId('totp-manual-key');
    return ((await key.textContent()) ?? '').replace(/\s/g, '');
  }

  recoveryCodes(scope: Locator = this.dialog()) {
    return scope.getByTestId('recovery-codes').getByRole('listitem');
  }

  codeForm() {
    return this.page.getByRole('form', { name: 'Verificação em duas etapas' });
  }

  toast(title: string): Locator {
    return this.page
      .getByRole('region', { name: /Notificações/ })
      .locator('[data-sonner-toast]')
      .filter({ hasText: title });
  }
}

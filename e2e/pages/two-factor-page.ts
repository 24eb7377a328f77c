import type { Locator, Page } from 'playwright-core';

/** /config → Segurança's two-factor card and the sign-in's second step (#20). */
export class TwoFactorPage {
  constructor(readonly page: Page) {}

  /** The card whose title reads "Verificação em duas etapas" (then its status badge, once loaded). */
  card() {
    return this.title().locator('xpath=ancestor::*[@data-slot="card"][1]');
  }

  /**
   * The card's title. Not an exact text match: the status badge ("Desativada", "Ativa") sits inside
   * the title once the status has loaded, and an exact match then finds nothing.
   */
  title() {
    return this.page.getByText(/^Verificação em duas etapas/);
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

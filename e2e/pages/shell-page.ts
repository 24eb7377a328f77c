import { expect } from '../fixtures';
import type { Page } from 'playwright-core';

export class ShellPage {
  constructor(readonly page: Page) {}

  sidebar() {
    return this.page.getByRole('navigation').first();
  }

  heading() {
    return this.page.getByRole('heading', { level: 1 });
  }

  /** The `g` + key shortcut of spec part 1 §2, typed on the page body. */
  async go(key: string) {
    await this.page.locator('body').press('g');
    await this.page.locator('body').press(key);
  }

  /**
   * Opens the theme menu and picks `label`. A click that lands while the page is still settling
   * (CI saw the menu stay shut once) is tried again until the menu shows.
   */
  async chooseTheme(label: 'Modo Claro' | 'Modo Escuro' | 'Sistema (Claro/Escuro)') {
    const item = this.page.getByRole('menuitemradio', { name: label });
    await expect(async () => {
      if (!(await item.isVisible())) await this.page.getByRole('button', { name: /^Tema:/ }).click();
      await expect(item).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await item.click();
  }

  /** The <html> element: its `dark` class is the theme in force. */
  root() {
    return this.page.locator('html');
  }

  async signOut() {
    await this.page.getByTestId('user-menu-trigger').click();
    await this.page.getByRole('menuitem', { name: 'Sair' }).click();
  }
}

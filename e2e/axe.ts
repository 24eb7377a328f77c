import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from './fixtures';

/**
 * axe's serious and critical WCAG 2.1 A/AA violations of the page as it settles: toasts gone and
 * animations over (axe reads contrast mid-fade otherwise), one line per rule with its nodes.
 */
export async function seriousAxeViolations(target: Page): Promise<string[]> {
  await expect(target.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  // Transitions and one-off animations end; a spinner or a skeleton's pulse (infinite) never does.
  await target.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page: target })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

export async function expectNoSeriousAxeViolations(target: Page, label?: string) {
  expect(await seriousAxeViolations(target), label).toEqual([]);
}

/** The theme follows the system's scheme (the app's default): emulated, and waited until its transition ends. */
export async function switchTheme(target: Page, colorScheme: 'light' | 'dark') {
  await target.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
  await expect(target.locator('html.dark')).toHaveCount(colorScheme === 'dark' ? 1 : 0);
  await expect(target.locator('html.theme-transition')).toHaveCount(0);
}

/** No serious violation in light nor in dark; the page is left light. */
export async function expectAccessibleInBothThemes(target: Page) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await switchTheme(target, colorScheme);
    await expectNoSeriousAxeViolations(target, colorScheme);
  }
  await switchTheme(target, 'light');
}

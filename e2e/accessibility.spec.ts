import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, it } from 'vitest';
import { apiAs, expect } from './fixtures';
import { CHEAP_LOT, daysFromToday, seedCustomer, seedLotInAccount } from './seed';
import { useSpecSession } from './session';

/**
 * axe-core on the built pages, light and dark (#14, accessibility): no serious or critical
 * violation of WCAG 2.1 A and AA. The agency has a client, two lots (one about to expire) and an
 * emission, so the lists, the records and their badges — green, amber — are drawn.
 */
const session = useSpecSession();
const paths: string[] = ['/', '/clientes', '/lotes', '/emissoes', '/config'];

beforeAll(async () => {
  const { context } = await session.browser.newPage();
  const { signInAsOwner } = await import('./fixtures');
  await signInAsOwner(context);
  const customer = await seedCustomer(context, { name: 'Conceição Araújo' }, { account_number: 'AX-1' });
  const lotId = await seedLotInAccount(context, customer.accountId, CHEAP_LOT);
  // A lot inside the expiry alert window, for the amber countdown badge.
  await seedLotInAccount(context, customer.accountId, { ...CHEAP_LOT, expiresIn: 5, supplier: 'Vence Logo' });
  const emission = await apiAs(context, 'POST', '/emissions', {
    client_id: customer.clientId,
    account_id: customer.accountId,
    pnr: 'AXE123',
    route: 'NAT-GRU',
    departure_date: daysFromToday(30),
    miles_used: '10000',
    fees_cents: 0,
    revenue_cents: 150_000,
    rav_cents: 0,
    passengers: [{ name: 'Conceição Araújo', cpf: '529.982.247-25' }],
    lot_ids: [lotId],
  });
  expect(emission.status, JSON.stringify(emission.body)).toBe(201);
  paths.push(`/clientes/${customer.clientId}`, `/lotes/${lotId}`, `/emissoes/${emission.body.id}`);
  await context.close();
});

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1] ?? ''}`).join(' | ')}`,
    );
}

describe('axe', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`finds no serious violation on any page, ${scheme}`, async () => {
      const found: string[] = [];
      await session.page.emulateMedia({ colorScheme: scheme });
      for (const path of paths) {
        await session.page.goto(path);
        await expect(session.page.getByRole('heading', { level: 1 })).toBeVisible();
        await session.page.waitForLoadState('networkidle');
        for (const v of await seriousViolations(session.page)) found.push(`${path}: ${v}`);
      }
      expect(found).toEqual([]);
    });
  }
});

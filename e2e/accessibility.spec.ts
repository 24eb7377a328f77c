import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, it } from 'vitest';
import { apiAs, expect, signInAsOwner } from './fixtures';
import { CHEAP_LOT, daysFromToday, seedCustomer, seedEmission, seedLotInAccount } from './seed';
import { useSpecSession } from './session';

/**
 * axe-core on the built pages, light and dark (#14, accessibility): no serious or critical
 * violation of WCAG 2.1 A and AA. The agency has a client, two lots (one about to expire) and an
 * emission, so the lists, the records and their badges — green, amber — are drawn.
 */
const session = useSpecSession();
const paths: string[] = [
  '/',
  '/clientes',
  '/lotes',
  '/emissoes',
  '/conciliador',
  '/financeiro',
  '/config',
  '/alertas',
  '/importador',
  '/simulador',
  '/cotacoes',
];

beforeAll(async () => {
  const { context } = await session.browser.newPage();
  await signInAsOwner(context);
  const customer = await seedCustomer(context, { name: 'Conceição Araújo' }, { account_number: 'AX-1' });
  const lotId = await seedLotInAccount(context, customer.accountId, CHEAP_LOT);
  // A lot inside the expiry alert window, for the amber countdown badge.
  await seedLotInAccount(context, customer.accountId, { ...CHEAP_LOT, expiresIn: 5, supplier: 'Vence Logo' });
  const emissionId = await seedEmission(context, customer, lotId, {
    pnr: 'AXE123',
    route: 'NAT-GRU',
    miles: 10_000,
    revenueCents: 150_000,
  });
  // A quote with a warning (the lot expires before the flight), for /cotacoes and its page.
  const quote = await apiAs(context, 'POST', '/quotes', {
    program: 'LATAM',
    client_id: customer.clientId,
    account_id: customer.accountId,
    lot_id: lotId,
    miles: '8000',
    fees_cents: '180,00',
    rav_cents: '50,00',
    rav_mode: 'revenue',
    markup_percent: '15',
    route: 'NAT-GRU-NAT',
    departure_date: daysFromToday(60),
  });
  expect(quote.status, JSON.stringify(quote.body)).toBe(201);
  paths.push(
    `/clientes/${customer.clientId}`,
    `/lotes/${lotId}`,
    `/emissoes/${emissionId}`,
    `/cotacoes/${quote.body.id}`,
  );
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
        // The record itself, not its "não encontrado" page.
        await expect(session.page.getByText(/não encontrad[ao]/i), path).toHaveCount(0);
        await session.page.waitForLoadState('networkidle');
        for (const v of await seriousViolations(session.page)) found.push(`${path}: ${v}`);
      }
      expect(found).toEqual([]);
      // Sixteen pages, each analysed whole: more than the default minute on a busy 2-core machine.
    }, 300_000);
  }
});

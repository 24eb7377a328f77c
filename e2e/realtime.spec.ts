import { describe, it } from 'vitest';
import { expect } from './fixtures';
import { AlertsPage } from './pages/alerts-page';
import { EmissionsPage } from './pages/emissions-page';
import { BIG_LOT, seedCustomer, seedEmission, seedLotInAccount } from './seed';
import { useSpecSession } from './session';

/**
 * Real-time updates through two browsers (issue #16): a colleague's emission below the minimum
 * margin, created in another browser, shows in this one's open list and as a "Margem Crítica"
 * toast without a reload; the alert is then read from /alertas and the bell follows.
 */
const session = useSpecSession();

describe('real-time updates', () => {
  it("shows a colleague's emission and its critical-margin alert without reloading", async () => {
    const { page, browser } = session;
    const emissions = new EmissionsPage(page);
    await emissions.goto();
    await expect(emissions.rows()).toHaveCount(0);
    await expect(page.getByTestId('alerts-bell')).toHaveAttribute('aria-label', 'Notificações: nenhuma não lida');

    // The colleague, in a browser of their own, signed in as the same agency.
    const colleague = await browser.newPage();
    try {
      await colleague.context.addCookies(await session.context.cookies());
      const customer = await seedCustomer(
        colleague.context,
        { name: 'Heitor Tempo Real' },
        { account_number: 'RT-1001' },
      );
      const lotId = await seedLotInAccount(colleague.context, customer.accountId, BIG_LOT);
      // 10.000 miles at R$ 23,00 the thousand and R$ 240,00 of revenue: 4,2 % of margin, below 10 %.
      await seedEmission(colleague.context, customer, lotId, {
        pnr: 'RTMRG1',
        route: 'REC-GRU',
        miles: 10_000,
        revenueCents: 24_000,
      });
    } finally {
      await colleague.context.close();
    }

    // Here, without a reload: the row, the toast and the bell.
    await expect(emissions.row('RTMRG1')).toHaveCount(1);
    await emissions.expectToast('Margem Crítica', 'Emissão RTMRG1 com margem abaixo do mínimo do programa');
    await expect(page.getByTestId('alerts-bell')).toHaveAttribute('aria-label', 'Notificações: 1 não lida');

    // Read from the centre: the bell follows.
    const alerts = new AlertsPage(page);
    await alerts.goto();
    await alerts.tab('Margem Crítica').click();
    const row = alerts.row('RTMRG1');
    await row.getByRole('button', { name: 'Marcar como lido' }).click();
    await expect(row).toHaveAttribute('data-read', 'true');
    await expect(page.getByTestId('alerts-bell')).toHaveAttribute('aria-label', 'Notificações: nenhuma não lida');
  });
});

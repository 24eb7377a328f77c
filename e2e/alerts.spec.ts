import { beforeAll, describe, it } from 'vitest';
import { formatDate } from '../src/domain/format';
import { AS_READ, expect, signInAsOwner } from './fixtures';
import { AlertsPage } from './pages/alerts-page';
import { BIG_LOT, CHEAP_LOT, daysFromToday, seedCustomer, seedEmission, seedLotInAccount, type Customer } from './seed';
import { onPhone, useSpecSession } from './session';

/**
 * The alerts centre and the header bell through the real UI (spec part 2 §2 "/alertas", §9
 * "Alerts and rules"; issue #16): a lot inside the expiry window and two emissions below the 10 %
 * minimum margin open their alerts as they are written; the tabs count them, a row opens its lot
 * or emission, reading one (and all of a tab) brings the bell's count down; the bell lists them.
 */
const session = useSpecSession();

const ACCOUNT = 'AL-7788';
let customer: Customer;
let expiringLotId: string;
const emissionIds: Record<string, string> = {};

beforeAll(async () => {
  const { context } = await session.browser.newPage();
  await signInAsOwner(context);
  customer = await seedCustomer(context, { name: 'Benedita Alerta Lima' }, { account_number: ACCOUNT });
  // 20.000 miles expiring in 5 days: inside the window, destructive badge.
  expiringLotId = await seedLotInAccount(context, customer.accountId, { ...CHEAP_LOT, expiresIn: 5 });
  // R$ 23,00 the thousand, far from expiry: 10.000 miles cost R$ 230,00.
  const bigLotId = await seedLotInAccount(context, customer.accountId, BIG_LOT);
  // R$ 240,00 of revenue: R$ 10,00 of margin, 4,2 % — below the 10 % minimum.
  for (const pnr of ['ALMRG1', 'ALMRG2']) {
    emissionIds[pnr] = await seedEmission(context, customer, bigLotId, {
      pnr,
      route: 'NAT-GRU',
      miles: 10_000,
      revenueCents: 24_000,
    });
  }
  await context.close();
});

describe('alerts centre', () => {
  it('lists the expiring lot and the critical margins, opens them, reads one and then a whole tab', async () => {
    const { page } = session;
    const alerts = new AlertsPage(page);
    await alerts.goto();

    await expect(alerts.total()).toHaveText('3 alertas em aberto');
    await expect(alerts.bell()).toHaveAttribute('aria-label', 'Notificações: 3 não lidas');
    await expect(alerts.bell().getByTestId('alerts-bell-count')).toHaveText('3');

    // Expiração, the first tab: the lot with its program, account, miles, expiry and days badge.
    await expect(alerts.tab('Expiração')).toHaveAttribute('aria-selected', 'true');
    await expect(alerts.tab('Expiração')).toContainText('1', AS_READ);
    await expect(alerts.tab('Margem Crítica')).toContainText('2', AS_READ);
    const lotRow = alerts.row(ACCOUNT);
    await expect(lotRow).toHaveCount(1);
    await expect(lotRow).toHaveAttribute('data-read', 'false');
    await expect(lotRow).toContainText('LATAM Pass', AS_READ);
    await expect(lotRow).toContainText('20.000', AS_READ);
    await expect(lotRow).toContainText(formatDate(daysFromToday(5)), AS_READ);
    const badge = lotRow.getByTestId('alert-expiry-badge');
    await expect(badge).toHaveText('Vence em 5 dias');
    await expect(badge).toHaveClass(/bg-destructive/);

    // Margem Crítica: the two emissions, with route, client, submission and margin.
    await alerts.tab('Margem Crítica').click();
    await expect(page).toHaveURL(/[?&]tipo=margin_critical/);
    await expect(alerts.rows()).toHaveCount(2);
    const first = alerts.row('ALMRG1');
    await expect(first).toContainText('NAT-GRU', AS_READ);
    await expect(first).toContainText('Benedita Alerta Lima', AS_READ);
    await expect(first).toContainText('R$ 10,00', AS_READ);
    await expect(first).toContainText('4,2%', AS_READ);
    await expect(first).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/, AS_READ);
    await expect(first).toContainText('margem abaixo do mínimo', AS_READ);

    // One read: the row and the bell follow; unread again, and read once more.
    await first.getByRole('button', { name: 'Marcar como lido' }).click();
    await expect(first).toHaveAttribute('data-read', 'true');
    await expect(alerts.bell()).toHaveAttribute('aria-label', 'Notificações: 2 não lidas');
    await first.getByRole('button', { name: 'Marcar como não lido' }).click();
    await expect(first).toHaveAttribute('data-read', 'false');
    await expect(alerts.bell()).toHaveAttribute('aria-label', 'Notificações: 3 não lidas');
    await first.getByRole('button', { name: 'Marcar como lido' }).click();
    await expect(alerts.bell()).toHaveAttribute('aria-label', 'Notificações: 2 não lidas');

    // The whole tab: the other emission too; the lot's alert stays unread.
    await alerts.markAllRead().click();
    await alerts.expectToast('Alertas marcados como lidos', '1 alerta de Margem Crítica marcado como lido.');
    await expect(alerts.rows().and(page.locator('[data-read="false"]'))).toHaveCount(0);
    await expect(alerts.bell()).toHaveAttribute('aria-label', 'Notificações: 1 não lida');
    await expect(alerts.markAllRead()).toBeDisabled();
    // Read alerts stay open: the total does not change.
    await expect(alerts.total()).toHaveText('3 alertas em aberto');

    // 'Ver Emissão' opens the emission.
    await first.getByRole('link', { name: 'Ver Emissão' }).click();
    await expect(page).toHaveURL(new RegExp(`/emissoes/${emissionIds.ALMRG1}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText('ALMRG1', AS_READ);

    // Back on the tab, as left; and the bell lists the notifications and leads to the centre from anywhere.
    await page.goBack();
    await expect(alerts.tab('Margem Crítica')).toHaveAttribute('aria-selected', 'true');
    await alerts.bell().click();
    await expect(page.getByTestId('alerts-bell-item')).toHaveCount(3);
    // Newest first: the lot's, opened first and still unread, is the last.
    await expect(page.getByTestId('alerts-bell-item').last()).toContainText('Expiração');
    await expect(page.getByTestId('alerts-bell-item').last()).toContainText('(não lida)');
    await page.getByTestId('alerts-bell-all').click();
    await expect(page).toHaveURL(/\/alertas$/);
    await alerts.row(ACCOUNT).getByRole('link', { name: 'Ver Lote' }).click();
    await expect(page).toHaveURL(new RegExp(`/lotes/${expiringLotId}$`));
  });

  it('filters by programme and account, shows resolved alerts, and fits a phone', async () => {
    const { page } = session;
    const alerts = new AlertsPage(page);
    await alerts.goto();
    await expect(alerts.rows()).toHaveCount(1);

    // The account waits for a programme; another programme's lots have no alert.
    await expect(alerts.filter('Filtrar por conta')).toBeDisabled();
    await alerts.filter('Filtrar por programa').selectOption({ label: 'Smiles' });
    await expect(page.getByText('Nenhum alerta de expiração')).toBeVisible();
    await expect(page.getByText('Nenhum lote a vencer corresponde aos filtros aplicados.')).toBeVisible();
    await expect(alerts.total()).toHaveText('0 alertas em aberto');

    await alerts.filter('Filtrar por programa').selectOption({ label: 'LATAM Pass' });
    const account = alerts.filter('Filtrar por conta');
    await expect(account).toBeEnabled();
    await account.selectOption({ label: `${ACCOUNT} · Benedita Alerta Lima` });
    await expect(page).toHaveURL(new RegExp(`[?&]conta=${customer.accountId}`));
    await expect(alerts.rows()).toHaveCount(1);
    await alerts.tab('Margem Crítica').click();
    await expect(alerts.rows()).toHaveCount(2);

    // Resolved: none yet.
    await alerts.filter('Situação dos alertas').selectOption({ label: 'Resolvidos' });
    await expect(page.getByText('Nenhum alerta de margem crítica resolvido')).toBeVisible();
    await expect(alerts.markAllRead()).toHaveCount(0);

    await alerts.button('Limpar Filtros').click();
    await expect(page).toHaveURL(/\/alertas\?tipo=margin_critical&situacao=resolved$/);

    await onPhone(session, async (phone) => {
      const onPhonePage = new AlertsPage(phone);
      await onPhonePage.goto('?tipo=margin_critical');
      await onPhonePage.expectCards(2);
      await expect(onPhonePage.row('ALMRG2').getByRole('link', { name: 'Ver Emissão' })).toBeVisible();
      await expect(onPhonePage.bell()).toBeVisible();
    });
  });
});

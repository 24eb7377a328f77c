import path from 'node:path';
import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startSmtpServer, type SmtpTestServer } from '../src/server/email/__tests__/smtp-test-server';
import { startReceiver, type Receiver } from '../src/server/webhooks/__tests__/receiver';
import { seriousAxeViolations, switchTheme } from './axe';
import { apiAs, AS_READ, expect, OWNER } from './fixtures';
import { AlertsPage } from './pages/alerts-page';
import { EmissionsPage } from './pages/emissions-page';
import { BIG_LOT, seedCustomer, seedEmission, seedLotInAccount } from './seed';
import { onPhone, useSpecSession } from './session';

/**
 * What reaches people outside the page they are on (issue #16), through the real UI and server, with
 * a real SMTP server and a webhook receiver on 127.0.0.1 (allow-listed for this server only).
 *
 * Real-time: a colleague's emission below the minimum margin, created in another browser, shows in
 * this one's open list and as a "Margem Crítica" toast without a reload; the alert is read from
 * /alertas and the bell follows; the SMTP server got the alert's e-mail and the receiver a signed
 * `emission.created`.
 *
 * /config → Webhooks: a URL inside the network refused on its
 * field, an endpoint created with its secret shown once, "Enviar teste" reaching a receiver on
 * 127.0.0.1 (allow-listed for this server only) that verifies the signature, the deliveries log,
 * axe light and dark, and a phone. SCREENSHOT_DIR set: the card is photographed at 1280 and 390 px.
 */
let receiver: Receiver;
let smtp: SmtpTestServer;
beforeAll(async () => {
  receiver = await startReceiver();
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await receiver?.close();
  await smtp?.close();
});
const session = useSpecSession({ env: () => ({ WEBHOOK_ALLOW_HOSTS: '127.0.0.1', SMTP_URL: smtp.url }) });

const card = (page: Page) => page.locator('[data-slot="card"]', { hasText: 'Webhooks' }).first();
const dialog = (page: Page) => page.getByRole('dialog');

async function photograph(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, `config-webhooks-${name}.png`), fullPage: true });
}

describe('webhooks settings', () => {
  it('creates an endpoint, shows its secret once, sends a signed test and logs the delivery', async () => {
    const { page, context } = session;
    await page.goto('/config?tab=webhooks');
    await expect(card(page)).toContainText('Nenhum endpoint cadastrado', AS_READ);

    // Through the form: https only, nothing inside the network (the server's message on the field).
    await page.getByRole('button', { name: 'Novo endpoint' }).click();
    const url = dialog(page).getByLabel('URL');
    await url.fill(receiver.url());
    await dialog(page).getByRole('button', { name: 'Criar' }).click();
    await expect(dialog(page).getByText('Use uma URL https://')).toBeVisible();
    await expect(dialog(page).getByText('Informe ao menos um evento')).toBeVisible();
    await url.fill('https://10.0.0.1/hook');
    await dialog(page).getByLabel('Emissão criada').check();
    await dialog(page).getByRole('button', { name: 'Criar' }).click();
    await expect(dialog(page).getByText('O endereço aponta para a rede interna e não é permitido')).toBeVisible();
    // A public address written as such needs no DNS; nothing is ever sent to it here.
    await url.fill('https://93.184.215.14/milheiro');
    await dialog(page).getByLabel('Lote criado').check();
    await dialog(page).getByRole('button', { name: 'Criar' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Endpoint criado' })).toBeVisible();
    await expect(dialog(page)).toContainText('não será mostrado novamente', AS_READ);
    const shown = await dialog(page).getByLabel('Segredo de assinatura').inputValue();
    expect(shown).toMatch(/^whsec_/);
    await photograph(page, 'secret-1280-light');
    await dialog(page).getByRole('button', { name: 'Concluir' }).click();
    const created = page.getByTestId('webhook-endpoint').filter({ hasText: '93.184.215.14' });
    await expect(created).toContainText('Ativo', AS_READ);
    await expect(created).toContainText('Emissão criada', AS_READ);
    await expect(created).toContainText('Lote criado', AS_READ);
    await expect(created).toContainText('Nenhuma entrega ainda', AS_READ);
    await expect(created).not.toContainText(shown, AS_READ);

    // The receiver on 127.0.0.1 over http only the test server's allow-list admits, through the API.
    const saved = await apiAs(context, 'POST', '/webhooks', { url: receiver.url(), event_types: ['emission.created'] });
    expect(saved.status).toBe(201);
    const secret = saved.body.secret as string;
    await page.reload();
    const endpoint = page.getByTestId('webhook-endpoint').filter({ hasText: '127.0.0.1' });
    await endpoint.getByRole('button', { name: 'Enviar teste' }).click();
    await expect(page.getByText('Teste enviado')).toBeVisible();
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const [got] = receiver.received;
    expect(new Webhook(secret).verify(got!.body, got!.headers as Record<string, string>)).toMatchObject({
      type: 'webhook.test',
    });

    await endpoint.getByRole('button', { name: 'Entregas' }).click();
    const row = dialog(page).getByTestId('webhook-delivery-row');
    await expect(row).toContainText('Teste', AS_READ);
    await expect(row).toContainText('Entregue', AS_READ);
    await expect(row).toContainText('204', AS_READ);
    await expect(row.getByRole('button', { name: /^Reenviar/ })).toBeEnabled();

    for (const scheme of ['light', 'dark'] as const) {
      // Until the app has the scheme and its colours' transition is over: axe read a badge's
      // contrast mid-switch once (CI, PostgreSQL run, stop 48).
      await switchTheme(page, scheme);
      expect(await seriousAxeViolations(page), `deliveries, ${scheme}`).toEqual([]);
      await photograph(page, `deliveries-1280-${scheme}`);
      await page.keyboard.press('Escape');
      await expect(dialog(page)).toHaveCount(0);
      expect(await seriousAxeViolations(page), `card, ${scheme}`).toEqual([]);
      await photograph(page, `1280-${scheme}`);
      await endpoint.getByRole('button', { name: 'Entregas' }).click();
    }
    await page.keyboard.press('Escape');

    await onPhone(session, async (phone) => {
      for (const scheme of ['light', 'dark'] as const) {
        await phone.emulateMedia({ colorScheme: scheme });
        await phone.goto('/config?tab=webhooks');
        await expect(phone.getByTestId('webhook-endpoint').filter({ hasText: '127.0.0.1' })).toContainText(
          'Última entrega',
          AS_READ,
        );
        await expect
          .poll(() => phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
          .toBe(0);
        await photograph(phone, `390-${scheme}`);
      }
      await phone
        .getByTestId('webhook-endpoint')
        .filter({ hasText: '127.0.0.1' })
        .getByRole('button', { name: 'Entregas' })
        .click();
      await expect(phone.getByTestId('webhook-delivery-card')).toContainText('Entregue', AS_READ);
      await photograph(phone, 'deliveries-390-dark');
      expect(await seriousAxeViolations(phone)).toEqual([]);
    });

    // Excluir, after the question.
    await created.getByRole('button', { name: /^Ações do endpoint/ }).click();
    await page.getByRole('menuitem', { name: 'Excluir' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
    await expect(page.getByText('Endpoint excluído')).toBeVisible();
    await expect(page.getByTestId('webhook-endpoint')).toHaveCount(1);
  }, 180_000);
});

describe('real-time updates, e-mail and webhooks', () => {
  it("shows a colleague's emission and its critical-margin alert without reloading, e-mails it and signs it", async () => {
    const { page, browser, context } = session;
    const hook = await apiAs(context, 'POST', '/webhooks', {
      url: receiver.url('/journey'),
      event_types: ['emission.created'],
    });
    expect(hook.status).toBe(201);
    const secret = hook.body.secret as string;

    const emissions = new EmissionsPage(page);
    await emissions.goto();
    await expect(emissions.rows()).toHaveCount(0);
    await expect(page.getByTestId('alerts-bell')).toHaveAttribute('aria-label', 'Notificações: nenhuma não lida');

    // The colleague, in a browser of their own, signed in to the same agency.
    const colleague = await browser.newPage();
    try {
      await colleague.context.addCookies(await context.cookies());
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

    // The SMTP server got the alert's e-mail, in Portuguese, with its text part.
    await expect.poll(() => smtp.received.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const [mail] = smtp.received;
    expect(mail!.to).toEqual([OWNER.user.email]);
    expect(mail!.mail.subject).toBe('Novo alerta: Margem Crítica');
    expect(mail!.mail.text).toContain('Emissão RTMRG1 com margem abaixo do mínimo do programa');
    expect(mail!.mail.html).toContain('Margem Crítica');

    // The receiver got a signed emission.created.
    await expect.poll(() => receiver.received.filter((r) => r.path === '/journey').length, { timeout: 30_000 }).toBe(1);
    const [got] = receiver.received.filter((r) => r.path === '/journey');
    expect(new Webhook(secret).verify(got!.body, got!.headers as Record<string, string>)).toMatchObject({
      type: 'emission.created',
      data: { pnr: 'RTMRG1', route: 'REC-GRU', client_name: 'Heitor Tempo Real', margin_cents: 1_000 },
    });
  }, 120_000);
});

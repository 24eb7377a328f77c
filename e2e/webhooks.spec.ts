import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startReceiver, type Receiver } from '../src/server/webhooks/__tests__/receiver';
import { apiAs, AS_READ, expect } from './fixtures';
import { onPhone, useSpecSession } from './session';

/**
 * /config → Webhooks through the real UI (issue #16): a URL inside the network refused on its
 * field, an endpoint created with its secret shown once, "Enviar teste" reaching a receiver on
 * 127.0.0.1 (allow-listed for this server only) that verifies the signature, the deliveries log,
 * axe light and dark, and a phone. SCREENSHOT_DIR set: the card is photographed at 1280 and 390 px.
 */
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
});
const session = useSpecSession({ env: () => ({ WEBHOOK_ALLOW_HOSTS: '127.0.0.1' }) });

const card = (page: Page) => page.locator('[data-slot="card"]', { hasText: 'Webhooks' }).first();
const dialog = (page: Page) => page.getByRole('dialog');

/** Toasts fade in and out: axe reads their contrast mid-animation, so it waits for them to go. */
async function seriousViolations(page: Page) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

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
      await page.emulateMedia({ colorScheme: scheme });
      expect(await seriousViolations(page), `deliveries, ${scheme}`).toEqual([]);
      await photograph(page, `deliveries-1280-${scheme}`);
      await page.keyboard.press('Escape');
      await expect(dialog(page)).toHaveCount(0);
      expect(await seriousViolations(page), `card, ${scheme}`).toEqual([]);
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
      expect(await seriousViolations(phone)).toEqual([]);
    });

    // Excluir, after the question.
    await created.getByRole('button', { name: /^Ações do endpoint/ }).click();
    await page.getByRole('menuitem', { name: 'Excluir' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
    await expect(page.getByText('Endpoint excluído')).toBeVisible();
    await expect(page.getByTestId('webhook-endpoint')).toHaveCount(1);
  }, 180_000);
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { expectAccessibleInBothThemes, switchTheme } from './axe';
import { apiAs, AS_READ, expect } from './fixtures';
import { ClientsPage } from './pages/clients-page';
import { onPhone, useSpecSession } from './session';

/**
 * The audit log and the LGPD requests of #20 through the real UI (docs/decisions/0027): an admin
 * edits a client, finds the line with its before/after in /config → Auditoria, filters it and
 * exports it; then anonymises a client from its page. axe on both, light and dark.
 */
const session = useSpecSession();
let context: BrowserContext;
let page: Page;
let clients: ClientsPage;

async function seed(body: Record<string, unknown>): Promise<string> {
  const res = await apiAs(context, 'POST', '/clients', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

/** With SCREENSHOT_DIR set, the page as it is in both themes: audit-<name>-light.png, audit-<name>-dark.png. */
async function photograph(target: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  for (const colorScheme of ['light', 'dark'] as const) {
    await switchTheme(target, colorScheme);
    await target.waitForTimeout(300);
    await target.screenshot({ path: path.join(dir, `audit-${name}-${colorScheme}.png`), fullPage: true });
  }
  await switchTheme(target, 'light');
}

const auditRow = (target: Page, text: string) => target.getByTestId('audit-row').filter({ hasText: text });

beforeEach(() => {
  ({ context, page } = session);
  clients = new ClientsPage(page);
});

describe('audit log', () => {
  it('an edit shows in Auditoria with its before and after, filtered and exported', async () => {
    const id = await seed({ name: 'Iracema Tabajara', email: 'iracema@exemplo.com.br', status: 'active' });
    await page.goto(`/clientes/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Iracema Tabajara' })).toBeVisible();
    await page.getByRole('button', { name: 'Editar', exact: true }).click();
    await clients.fillForm({ name: 'Iracema Tabajara Lima', status: 'Bloqueado' });
    await clients.submit('Atualizar');
    await expect(page.getByRole('heading', { level: 1, name: 'Iracema Tabajara Lima' })).toBeVisible();

    await page.goto('/config?tab=auditoria');
    const row = auditRow(page, 'Cliente Iracema Tabajara Lima atualizado');
    await expect(row).toBeVisible();
    await expect(row).toContainText('Maria José Souza', AS_READ);
    await expect(row).toContainText('Clientes', AS_READ);
    const changes = row.getByTestId('audit-changes');
    await expect(changes.getByRole('listitem').first()).toHaveText(
      /^Nome: Iracema Tabajara\s*(para )?\s*Iracema Tabajara Lima$/,
    );
    await expect(changes.getByRole('listitem').nth(1)).toHaveText(/^Status: Ativo\s*(para )?\s*Bloqueado$/);
    await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/, AS_READ);

    // Filters: the area, then another area with nothing of it.
    await page.getByLabel('Área').selectOption({ label: 'Clientes' });
    await expect(auditRow(page, 'Iracema Tabajara Lima atualizado')).toBeVisible();
    await expect(page.getByTestId('audit-row').filter({ hasNotText: 'Clientes' })).toHaveCount(0);
    await page.getByLabel('Área').selectOption({ label: 'Webhooks' });
    await expect(page.getByText('Nenhum registro encontrado')).toBeVisible();
    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await page.getByLabel('Usuário').selectOption({ label: 'Maria José Souza' });
    await expect(auditRow(page, 'Iracema Tabajara Lima atualizado')).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^auditoria_\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.startsWith('\uFEFF"Data/hora";"Usuário";"Área";"Descrição";"Alterações";"Endereço IP"\r\n')).toBe(true);
    expect(csv).toContain(
      '"Cliente Iracema Tabajara Lima atualizado";"Nome: Iracema Tabajara → Iracema Tabajara Lima;',
    );
    await expect(page.getByText('Exportação concluída')).toBeVisible();

    await photograph(page, 'config-1280');
    await expectAccessibleInBothThemes(page);

    await onPhone(session, async (phone) => {
      await phone.goto('/config?tab=auditoria');
      const card = phone.getByTestId('audit-card').filter({ hasText: 'Iracema Tabajara Lima atualizado' });
      await expect(card).toBeVisible();
      await expect(card).toContainText('Status:', AS_READ);
      // Readable on a phone: nothing wider than the screen.
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await photograph(phone, 'config-390');
    });
  });

  it('anonymises a client from its page: the dialog says what is kept, the name must be typed', async () => {
    const id = await seed({
      name: 'Potira Araújo',
      email: 'potira@exemplo.com.br',
      phone: '(84) 99111-2233',
      document: '390.533.447-05',
      status: 'active',
      notes: 'Prefere corredor',
    });
    await page.goto(`/clientes/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Potira Araújo' })).toBeVisible();

    const [exported] = await Promise.all([
      page.waitForEvent('download'),
      (async () => {
        await page.getByRole('button', { name: 'LGPD' }).click();
        await page.getByRole('menuitem', { name: 'Exportar dados (LGPD)' }).click();
      })(),
    ]);
    expect(exported.suggestedFilename()).toMatch(/^lgpd-cliente-potira-araujo-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(readFileSync(await exported.path(), 'utf8'));
    expect(data.client).toMatchObject({
      name: 'Potira Araújo',
      email: 'potira@exemplo.com.br',
      document: '39053344705',
    });
    await expect(page.getByText('Dados exportados')).toBeVisible();

    await page.getByRole('button', { name: 'LGPD' }).click();
    await page.getByRole('menuitem', { name: 'Anonimizar cliente' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByRole('heading', { name: 'Anonimizar cliente' })).toBeVisible();
    await expect(dialog).toContainText('irreversível', AS_READ);
    await expect(dialog).toContainText('O que será mantido', AS_READ);
    const confirm = dialog.getByRole('button', { name: 'Anonimizar definitivamente' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel(/Para confirmar, digite o nome do cliente/).fill('Potira');
    await expect(confirm).toBeDisabled();
    await expect(dialog.getByText('O botão é liberado quando o nome confere')).toBeVisible();
    await photograph(page, 'lgpd-dialog-1280');
    if (process.env.SCREENSHOT_DIR) {
      await onPhone(session, async (phone) => {
        await phone.goto(`/clientes/${id}`);
        await phone.getByRole('button', { name: 'LGPD' }).click();
        await phone.getByRole('menuitem', { name: 'Anonimizar cliente' }).click();
        await expect(phone.getByRole('alertdialog')).toBeVisible();
        await photograph(phone, 'lgpd-dialog-390');
      });
    }
    await expectAccessibleInBothThemes(page);
    await dialog.getByLabel(/Para confirmar, digite o nome do cliente/).fill('potira araujo');
    await confirm.click();

    await expect(page.getByText('Cliente anonimizado', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: /^Cliente anonimizado [0-9a-f]{8}$/ })).toBeVisible();
    await expect(page.getByText('Anonimizado', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Editar' })).toHaveCount(0);
    await expect(page.getByText('potira@exemplo.com.br')).toHaveCount(0);

    // The request and its outcome in the audit log; the old name nowhere in it.
    await page.goto('/config?tab=auditoria');
    await page.getByLabel('Área').selectOption({ label: 'LGPD' });
    await expect(page.getByTestId('audit-row')).toHaveCount(2);
    await expect(auditRow(page, 'dados pessoais apagados a pedido (LGPD)')).toBeVisible();
    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await expect(page.getByTestId('audit-row').first()).toBeVisible();
    await expect(page.getByRole('table', { name: 'Registros de auditoria' })).not.toContainText('Potira');
  });
});

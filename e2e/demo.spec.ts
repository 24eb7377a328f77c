import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { NAV_ITEMS } from '../src/web/config/navigation';
import { AS_READ, expect, openBrowser, type BrowserHandle } from './fixtures';
import { SignInPage } from './pages/sign-in-page';
import { startDemoServer, type TestServer } from './server';

/**
 * `npm run demo` as a prospective customer meets it (#14, "A demo that shows the product"): the
 * sign-in page offers the demo account, it signs in, and every page of the menu — and a client, a
 * lot and an emission — opens without an error, the built ones with a year of data.
 */
let server: TestServer;
let browser: BrowserHandle;
let page: Page;

beforeAll(async () => {
  server = await startDemoServer();
  browser = await openBrowser(server.baseURL);
  ({ page } = await browser.newPage());
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The figure a summary card shows, by its label. */
async function card(label: string) {
  const value = page.getByText(label, { exact: true }).locator('xpath=../following-sibling::p[1]');
  await expect(value).toHaveText(/\d/);
  return (await value.innerText()).trim();
}

const asNumber = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.'));

describe('the demo', () => {
  it('offers its account on the sign-in page, and the account signs in', async () => {
    await new SignInPage(page).goto();
    await expect(page.getByText('demo@milheiro.app')).toBeVisible();
    await new SignInPage(page).signIn('demo@milheiro.app', 'Demo12345');
    await expect(page).toHaveURL(/\/$/);
    // It lands on the agency's dashboard (#18) with a year of figures, not on a placeholder.
    for (const kpi of ['miles', 'profit', 'emissions', 'clients']) {
      await expect(page.getByTestId(`kpi-${kpi}`).getByTestId('kpi-value')).toHaveText(/[1-9]/);
    }
    await expect(page.getByRole('list', { name: 'Top Clientes' }).getByRole('listitem')).toHaveCount(5);
    await expect(page.getByRole('table', { name: /Receita, custo e lucro por mês/ }).getByRole('row')).toHaveCount(7);
  });

  it('opens every page of the menu without an error', async () => {
    for (const item of NAV_ITEMS) {
      await page.goto(item.to);
      await expect(page.getByRole('heading', { level: 1 }), item.to).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('alert').filter({ hasText: /erro/i }), item.to).toHaveCount(0);
      await expect(page.getByText('Tentar Novamente'), item.to).toHaveCount(0);
    }
  });

  it('fits its lists on a 1280-pixel screen: no list table wider than its card', async () => {
    // Found in review (stop 46): the emissions' and lots' tables ran 12 and 29 px past their card,
    // cutting the date column, with the demo's real names and figures.
    const LISTS = {
      '/clientes': 'Clientes',
      '/lotes': 'Lotes de milhas',
      '/emissoes': 'Emissões',
      '/cotacoes': 'Cotações',
    };
    for (const [path, label] of Object.entries(LISTS)) {
      await page.goto(path);
      const table = page.getByRole('table', { name: label, exact: true });
      await expect(table.getByRole('row').nth(5), path).toBeVisible();
      const { scroll, client } = await table.evaluate((el) => ({
        scroll: el.parentElement!.scrollWidth,
        client: el.parentElement!.clientWidth,
      }));
      expect(scroll, path).toBeLessThanOrEqual(client);
    }
  });

  it('on a phone: summary figures neither cut nor broken over two lines, a cut receipt read whole on focus', async () => {
    // Found in review (stop 49): at 390 px the clients' "Receita Total" read "R$ 7.073.4…", and
    // /financeiro's "Receita" broke as "R$ 1.108.886,6" over "1".
    const SUMMARIES = {
      '/': 'Indicadores',
      '/clientes': 'Resumo dos clientes',
      '/lotes': 'Resumo dos lotes',
      '/emissoes': 'Resumo das emissões',
      '/financeiro': 'Competência do período',
    };
    const phone = await browser.newPage({ width: 390, height: 844 });
    try {
      await phone.context.addCookies(await page.context().cookies());
      for (const [path, label] of Object.entries(SUMMARIES)) {
        await phone.page.goto(path);
        const figures = phone.page.getByRole('region', { name: label }).locator('[data-slot="summary-figure"]');
        await expect(figures.nth(3), path).toBeVisible();
        const notWhole = await figures.evaluateAll((els) =>
          els
            .filter((el) => {
              const text = document.createRange();
              text.selectNodeContents(el);
              return el.scrollWidth > el.clientWidth || text.getClientRects().length > 1;
            })
            .map((el) => el.textContent),
        );
        expect(notWhole, path).toEqual([]);
      }
      // Left on /financeiro: a receipt's description cut on the phone reads whole on focus.
      const receipt = phone.page
        .getByRole('list', { name: 'Recebimentos recentes' })
        .locator('[data-truncated]')
        .first();
      await expect(receipt).toHaveAttribute('data-state', 'closed');
      await receipt.focus();
      await expect(phone.page.getByRole('tooltip')).toHaveText((await receipt.textContent()) ?? '');
    } finally {
      await phone.context.close();
    }
  });

  it('has quotes of the last weeks in every state, one of them converted into an emission', async () => {
    await page.goto('/cotacoes');
    await expect(page.getByTestId('quote-row').nth(7)).toBeVisible();
    for (const status of ['Rascunho', 'Enviada', 'Aceita', 'Recusada', 'Expirada']) {
      await expect(page.getByTestId('quote-status').filter({ hasText: status }).first(), status).toBeVisible();
    }
  });

  it('has hundreds of clients with Brazilian names, and their records open', async () => {
    await page.goto('/clientes');
    expect(asNumber(await card('Total de Clientes'))).toBeGreaterThanOrEqual(300);
    const first = page.getByRole('row').nth(1);
    await expect(first).toContainText(/[A-ZÀ-Ú][a-zà-ú]+ [A-ZÀ-Ú]/);
    await first.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/clientes\/[0-9a-f-]{36}$/);
    await expect(page.getByText(/não encontrad[ao]/i)).toHaveCount(0);
  });

  it('has lots across programs and suppliers, some used up, some expired, some about to expire, some to come', async () => {
    // The lots' own table: "Milhas a creditar" above it has rows too (issue #23).
    const lotRow = () => page.getByRole('table', { name: 'Lotes de milhas' }).getByRole('row').nth(1);
    for (const program of ['LATAM', 'SMILES', 'AZUL', 'TAP', 'LIVELO']) {
      await page.goto(`/lotes?program=${program}`);
      await expect(lotRow(), program).toBeVisible();
    }
    await page.goto('/lotes');
    expect(asNumber(await card('Lotes Expirando'))).toBeGreaterThan(0);
    for (const status of ['used', 'expired', 'available'] as const) {
      await page.goto(`/lotes?status=${status}`);
      await expect(lotRow(), status).toBeVisible();
      await expect(page.getByText('Nenhum lote encontrado'), status).toHaveCount(0);
    }
    // Stock still to come from the transfers: the bonus of the Livelo → Smiles transfer of today.
    await expect(
      page.getByRole('region', { name: 'Milhas a creditar' }).getByTestId('credit-row').first(),
    ).toBeVisible();
    // And from clubs, billed every month.
    await expect(page.getByRole('region', { name: 'Clubes de milhas' }).getByTestId('club-row')).toHaveCount(3);
    await lotRow().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/lotes\/[0-9a-f-]{36}$/);
    await expect(page.getByText(/não encontrad[ao]/i)).toHaveCount(0);
  });

  it('has thousands of emissions in every status, and an emission shows its passengers', async () => {
    await page.goto('/emissoes');
    expect(asNumber(await card('Total de Emissões'))).toBeGreaterThanOrEqual(1000);
    for (const status of ['pending', 'processing', 'issued', 'failed', 'cancelled']) {
      await page.goto(`/emissoes?status=${status}`);
      await expect(page.getByRole('row').nth(1), status).toBeVisible();
    }
    await page.goto('/emissoes?status=issued');
    await page.getByRole('row').nth(1).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/emissoes\/[0-9a-f-]{36}$/);
    await expect(page.getByText(/Passageiros \([1-9]\)/)).toBeVisible();
    await expect(page.locator('main')).not.toContainText('Passageiros (0)', AS_READ);
  });

  it('arrived through the importer: its history lists the spreadsheets, one undone', async () => {
    await page.goto('/importador');
    const rows = page.getByTestId('import-history-row');
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: 'clientes_planilha_antiga.csv' })).toContainText('Concluído', AS_READ);
    await expect(rows.filter({ hasText: 'lotes_fornecedor.csv' })).toContainText('Concluído', AS_READ);
    await expect(rows.filter({ hasText: 'clientes_teste.csv' })).toContainText('Desfeito', AS_READ);
  });

  it('has a bell of unread alerts, an e-mail outbox waiting for SMTP and a webhook with a month of deliveries', async () => {
    await page.goto('/alertas');
    await expect(page.getByTestId('alerts-bell')).toHaveAttribute('aria-label', /Notificações: \d+ não lidas/);
    await page.getByTestId('alerts-bell').click();
    await expect(page.getByTestId('alerts-bell-item')).toHaveCount(50);
    await page.keyboard.press('Escape');

    await page.goto('/config?tab=notificacoes');
    await expect(page.getByTestId('email-outbox-row').first()).toContainText(/Retido|Pendente/, AS_READ);

    await page.goto('/config?tab=webhooks');
    const erp = page.getByTestId('webhook-endpoint').filter({ hasText: 'erp.potiguarmilhas.com.br' });
    await expect(erp).toContainText('Ativo', AS_READ);
    await expect(page.getByTestId('webhook-endpoint').filter({ hasText: 'crm-antigo' })).toContainText(
      'Desativado',
      AS_READ,
    );
    await erp.getByRole('button', { name: 'Entregas' }).click();
    await expect(page.getByRole('dialog').getByTestId('webhook-delivery-row').first()).toContainText(
      'Entregue',
      AS_READ,
    );
  });

  it('has a team: colleagues with roles and last sign-ins, and an invitation waiting (/config → Equipe)', async () => {
    await page.goto('/config?tab=equipe');
    const rows = page.getByTestId('team-user-row');
    await expect(rows).toHaveCount(4);
    await expect(rows.filter({ hasText: 'Carla Menezes' })).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/, AS_READ);
    await expect(page.getByRole('combobox', { name: 'Papel de Rafael Albuquerque' })).toHaveValue('operador');
    await expect(page.getByRole('combobox', { name: 'Papel de Carla Menezes' })).toHaveValue('admin');
    const invitations = page.getByTestId('invitation-row');
    await expect(invitations.filter({ hasText: 'fernanda.lopes@potiguarmilhas.com.br' })).toContainText(
      'Pendente',
      AS_READ,
    );
    await expect(invitations.filter({ hasText: 'marcos.farias@gmail.com' })).toContainText('Expirado', AS_READ);
    await expect(page.getByText('Tentar Novamente')).toHaveCount(0);
  });

  it('keeps an audit log with before and after (/config → Auditoria), offers two-factor sign-in and lists its backups (Segurança)', async () => {
    await page.goto('/config?tab=auditoria');
    // The table at 1280 px; each line says who, and some what changed.
    await expect(page.getByTestId('audit-row').first()).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/, AS_READ);
    await expect(page.getByTestId('audit-changes').first()).toContainText(/\S: \S/, AS_READ);
    await expect(page.getByText('Tentar Novamente')).toHaveCount(0);

    await page.goto('/config?tab=seguranca');
    // The title, then its status badge once loaded (an exact text match fails once the badge is in).
    await expect(page.getByText(/^Verificação em duas etapas/)).toBeVisible();
    await expect(page.getByText('Sua conta entra só com a senha.', { exact: false })).toBeVisible();
    // The demo's first backup, listed to the admin and downloadable (issue #21).
    await expect(page.getByTestId('backup-row')).toHaveCount(1);
    await expect(page.getByTestId('backup-row')).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/, AS_READ);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Baixar o mais recente' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^milheiro-backup-\d{8}T\d{6}Z\.tar\.gz$/);
    await expect(page.getByText('Download iniciado')).toBeVisible();
  });
});

import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { addDaysIso, addMonthsIso, daysBetweenIso, formatDate } from '../src/domain/format';
import { apiAs } from './fixtures';
import { LotsPage } from './pages/lots-page';
import { text, useSpecSession } from './session';

/**
 * The miles lots through the real UI (spec part 1 §2 "Miles lots", §4, §5, §8): the form dialog
 * with its filters, summary and messages, the countdown colours, server-side sort and filters,
 * 'Marcar Expirados', the row menu and the lot page, bulk delete, CSV export and paging.
 */
const session = useSpecSession();
let context: BrowserContext;
let page: Page;
let lots: LotsPage;

/** The browser's calendar day (the context runs in America/Sao_Paulo); countdowns count from it. */
function browserToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
}

const addDays = (iso: string, days: number) => addDaysIso(iso, days)!;
const br = (iso: string) => formatDate(iso);

interface SeedLot {
  program: string;
  account_number: string;
  original_quantity: number;
  cost_per_mile: string;
  /** Days from the browser's today. */
  expiresIn: number | null;
  supplier?: string;
  notes?: string;
}

/**
 * Creates a lot through the API. A lot already past its expiry cannot be created today (the
 * schema refuses it), so those are created as of an earlier day with the test clock's
 * x-test-today header (NODE_ENV=test only; docs/decisions/0005-test-clock.md).
 */
async function seed(lot: SeedLot): Promise<string> {
  const { expiresIn, ...rest } = lot;
  const today = browserToday();
  const asOf = expiresIn !== null && expiresIn < 0 ? addDays(today, expiresIn - 30) : null;
  const res = await apiAs(
    context,
    'POST',
    '/lots',
    {
      ...rest,
      // Days back, so the server's clock (UTC) and the browser's never disagree on "future".
      purchase_date: addDays(asOf ?? today, -3),
      expiry_date: expiresIn === null ? null : addDays(today, expiresIn),
    },
    asOf ? { 'x-test-today': asOf } : undefined,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

async function lotIds(): Promise<string[]> {
  const ids: string[] = [];
  for (let p = 1; ; p++) {
    const res = await apiAs(context, 'GET', `/lots?limit=100&page=${p}`);
    ids.push(...res.body.data.map((l: { id: string }) => l.id));
    if (p >= res.body.total_pages) return ids;
  }
}

async function removeAllLots() {
  const ids = await lotIds();
  if (ids.length > 0) expect((await apiAs(context, 'POST', '/lots/bulk-delete', { ids })).status).toBe(200);
}

beforeAll(async () => {
  ({ context, page } = session);
  lots = new LotsPage(page);
});

describe('lots', () => {
  it('shows the empty state and zeroed cards on a new agency', async () => {
    await lots.goto();
    await page.getByText('Nenhum lote encontrado').waitFor();
    expect(await page.getByText('Comece adicionando um novo lote de milhas.').isVisible()).toBe(true);
    expect(await lots.button('Limpar Filtros').count()).toBe(0);
    expect(await lots.pagination().count()).toBe(0);
    expect(await text(lots.summaryCard('Total de Milhas'))).toContain('0');
    expect(await text(lots.summaryCard('Custo Médio por Milha'))).toContain('—');
    expect(await text(lots.summaryCard('Lotes Expirando'))).toContain('Vencem em até 30 dias');
  });

  it('filters what is typed, shows the schema messages under the fields and keeps the dialog open', async () => {
    await lots.openNew();
    expect(await lots.field('Programa').inputValue()).toBe('LATAM');
    // Spec part 1 §5 defaults: bought today, expiring one year ahead.
    expect(await lots.field('Data de compra').inputValue()).toBe(br(browserToday()));
    expect(await lots.field('Data de vencimento').inputValue()).toBe(br(addMonthsIso(browserToday(), 12)!));
    expect(await text(lots.formSummary())).toContain('Custo total —');

    await lots.fillForm({ quantity: 'ab1.0x0', cost: 'R$ 0,0,1a5' });
    expect(await lots.field('Quantidade de milhas').inputValue()).toBe('100');
    expect(await lots.field('Custo por milha (R$)').inputValue()).toBe('0,015');

    await lots.fillForm({ quantity: '0', cost: '0', expiryDate: '01012020' });
    await lots.submit('Criar');
    const dialog = lots.dialog();
    await dialog.getByText('Quantidade deve ser maior que 0').waitFor();
    expect(await dialog.getByText('Custo por milha deve ser maior que 0').isVisible()).toBe(true);
    expect(await dialog.getByText('Data de vencimento não pode estar no passado').isVisible()).toBe(true);
    // A new agency has no LATAM account yet: the form asks for the number of a new one.
    expect(await dialog.getByText('Número da conta é obrigatório').isVisible()).toBe(true);
    expect(await text(dialog.getByTestId('lot-days-to-expiry'))).toBe('Expirado');

    await lots.field('Data de vencimento').fill('');
    await dialog.getByTestId('lot-days-to-expiry').getByText('N/A').waitFor();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await apiAs(context, 'GET', '/lots')).body.total).toBe(0);
  });

  it('creates a lot through the dialog with a comma cost and shows it in the table', async () => {
    await lots.openNew();
    await lots.fillForm({ program: 'Smiles', accountNumber: '555001', quantity: '100000', cost: '0,0185', supplier: 'Hotmilhas' });
    const summary = await text(lots.formSummary());
    expect(summary).toContain('R$ 1.850,00');
    expect(summary).toContain('R$ 18,50 por milheiro');
    const expiry = addMonthsIso(browserToday(), 12)!;
    const days = daysBetweenIso(browserToday(), expiry)!;
    expect(summary).toContain(`${days} dias`);
    expect(await lots.dialog().getByTestId('lot-days-to-expiry').getAttribute('class')).not.toContain('bg-destructive');
    await lots.submit('Criar');

    await lots.toast('Lote criado').waitFor();
    expect(await text(lots.toast('Lote criado'))).toContain('Lote de milhas criado com sucesso!');
    await lots.dialog().waitFor({ state: 'detached' });
    const row = lots.row('Conta: 555001');
    await row.waitFor();
    const rowText = await text(row);
    for (const expected of ['Smiles', '100.000 / 100.000', '100,0% restante', 'R$ 0,0185', 'Saldo R$ 1.850,00', br(expiry), `${days} dias`, '0,0%', 'Disponível']) {
      expect(rowText).toContain(expected);
    }
    expect(await lots.countdown(row).getAttribute('data-tone')).toBe('good');
    expect(await row.getByTestId('program-dot').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 122, 0)');
    expect(await text(lots.summaryCard('Total de Milhas'))).toContain('100.000');
  });

  it('offers the new account the next time, and edits the lot with the same dialog', async () => {
    await lots.openNew();
    await lots.fillForm({ program: 'Smiles' });
    const conta = lots.field('Conta');
    await conta.locator('option', { hasText: '555001' }).waitFor({ state: 'attached' });
    expect(await conta.locator('option').allInnerTexts()).toEqual(['Selecione a conta', '555001 — Agência', '+ Nova conta']);
    expect(await lots.field('Número da conta').count()).toBe(0);
    await lots.fillForm({ program: 'TudoAzul' });
    await lots.field('Número da conta').waitFor();
    await lots.dialog().getByRole('button', { name: 'Cancelar' }).click();
    await lots.dialog().waitFor({ state: 'detached' });

    await lots.rowAction('Conta: 555001', 'Editar');
    await lots.dialog().getByRole('heading', { name: 'Editar Lote' }).waitFor();
    expect(await lots.field('Programa').inputValue()).toBe('SMILES');
    expect(await lots.field('Custo por milha (R$)').inputValue()).toBe('0,0185');
    expect(await lots.field('Conta').locator('option:checked').innerText()).toContain('555001');
    await lots.fillForm({ supplier: 'MaxMilhas', notes: 'Pago via PIX.' });
    await lots.submit('Atualizar');
    await lots.toast('Lote atualizado').waitFor();
    expect(await text(lots.toast('Lote atualizado'))).toContain('Lote atualizado com sucesso!');
    await lots.dialog().waitFor({ state: 'detached' });
  });

  it('colours the countdown: yellow with a warning within the alert window, green beyond', async () => {
    await seed({ program: 'LATAM', account_number: 'L-100', original_quantity: 50_000, cost_per_mile: '0.0200', expiresIn: 200, supplier: 'Hotmilhas' });
    await seed({ program: 'SMILES', account_number: 'S-200', original_quantity: 80_000, cost_per_mile: '0.0150', expiresIn: 10 });
    await seed({ program: 'AZUL', account_number: 'A-300', original_quantity: 20_000, cost_per_mile: '0.0170', expiresIn: 400, notes: 'Bônus de transferência' });
    await lots.goto();
    await lots.waitForAccounts(['S-200', 'L-100', '555001', 'A-300']);

    const soon = lots.countdown(lots.row('Conta: S-200'));
    expect(await soon.getAttribute('data-tone')).toBe('warning');
    expect(await text(soon)).toBe('10 dias restantes');
    expect(await soon.locator('svg').count()).toBe(1);
    const yellow = await soon.evaluate((el) => getComputedStyle(el).color);
    const later = lots.countdown(lots.row('Conta: L-100'));
    expect(await later.getAttribute('data-tone')).toBe('good');
    expect(await text(later)).toBe('200 dias');
    expect(await later.locator('svg').count()).toBe(0);
    expect(await later.evaluate((el) => getComputedStyle(el).color)).not.toBe(yellow);

    const cards = lots.summary();
    expect(await text(lots.summaryCard('Total de Milhas'))).toContain('250.000');
    expect(await text(lots.summaryCard('Valor Total'))).toContain('R$ 4.390,00');
    expect(await text(lots.summaryCard('Custo Médio por Milha'))).toContain('R$ 0,0176');
    expect(await text(lots.summaryCard('Lotes Expirando'))).toMatch(/^Lotes Expirando 1 /);
    expect(await cards.isVisible()).toBe(true);
  });

  it('sorts on the server: a column starts ascending, a second click flips it, the address keeps it', async () => {
    await lots.waitForSort('Vencimento', 'ascending');
    await lots.sortBy('Custo');
    await page.waitForURL(/sort=cost_per_mile&order=asc/);
    await lots.waitForSort('Custo', 'ascending');
    expect(await lots.columnHeader('Vencimento').getAttribute('aria-sort')).toBe('none');
    await lots.waitForAccounts(['S-200', 'A-300', '555001', 'L-100']);
    await lots.sortBy('Custo');
    await page.waitForURL(/sort=cost_per_mile&order=desc/);
    await lots.waitForSort('Custo', 'descending');
    await lots.waitForAccounts(['L-100', '555001', 'A-300', 'S-200']);

    await lots.sortBy('Quantidade');
    await lots.waitForSort('Quantidade', 'ascending');
    await lots.waitForAccounts(['A-300', 'L-100', 'S-200', '555001']);
    await page.reload();
    await lots.waitForAccounts(['A-300', 'L-100', 'S-200', '555001']);
    await lots.waitForSort('Quantidade', 'ascending');

    await lots.sortBy('Programa');
    await lots.waitForSort('Programa', 'ascending');
    expect((await lots.accounts())[0]).toBe('A-300');
    await lots.sortBy('Vencimento');
    await lots.waitForAccounts(['S-200', 'L-100', '555001', 'A-300']);
  });

  it('filters by program and searches supplier, notes and account number after the debounce', async () => {
    await lots.goto();
    await lots.programFilter().selectOption({ label: 'Smiles' });
    await lots.waitForAccounts(['S-200', '555001']);
    expect(new URL(page.url()).searchParams.get('program')).toBe('SMILES');
    await lots.button('Limpar Filtros').waitFor();

    await lots.search().fill('maxmilhas');
    await lots.waitForAccounts(['555001']);
    expect(new URL(page.url()).searchParams.get('q')).toBe('maxmilhas');
    await lots.button('Limpar Filtros').click();
    expect(await lots.search().inputValue()).toBe('');
    await lots.waitForAccounts(['S-200', 'L-100', '555001', 'A-300']);
    expect(await lots.button('Limpar Filtros').count()).toBe(0);

    await lots.search().fill('transferência');
    await lots.waitForAccounts(['A-300']);
    await lots.search().fill('L-100');
    await lots.waitForAccounts(['L-100']);
    await lots.search().fill('nada-assim');
    await page.getByText('Nenhum lote corresponde à busca ou aos filtros aplicados.').waitFor();
    await lots.button('Limpar Filtros').click();

    await lots.statusFilter().selectOption({ label: 'Usado' });
    await page.getByText('Nenhum lote encontrado').waitFor();
    await lots.button('Limpar Filtros').click();
    await lots.waitForAccounts(['S-200', 'L-100', '555001', 'A-300']);
  });

  it('opens the lot page from the row menu, with its data and an empty allocation history', async () => {
    await lots.rowAction('Conta: 555001', 'Visualizar');
    await page.waitForURL(/\/lotes\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: /Smiles · 100\.000 milhas/ }).waitFor();
    const body = await text(page.locator('main'));
    for (const expected of ['Disponível', '555001', 'R$ 0,0185', 'R$ 18,50 por milheiro', 'R$ 1.850,00', 'MaxMilhas', 'Pago via PIX.', 'Conta da agência']) {
      expect(body).toContain(expected);
    }
    await page.getByText('Nenhuma alocação registrada').waitFor();
    expect(await page.getByRole('progressbar', { name: /Utilização/ }).getAttribute('aria-valuenow')).toBe('0');

    await page.getByRole('link', { name: 'Voltar para lotes' }).first().click();
    await lots.heading().waitFor();

    await page.goto('/lotes/00000000-0000-4000-8000-000000000000');
    await page.getByText('Lote não encontrado').waitFor();
    await page.getByRole('link', { name: 'Voltar para lotes' }).click();
    await lots.heading().waitFor();
  });

  it('shows an expired lot in red, marks it expired after a confirmation, and still edits it', async () => {
    await seed({ program: 'TAP', account_number: 'E-400', original_quantity: 5_000, cost_per_mile: '0.0300', expiresIn: -5 });
    await lots.goto();
    await lots.waitForAccounts(['E-400', 'S-200', 'L-100', '555001', 'A-300']);
    const row = lots.row('Conta: E-400');
    const countdown = lots.countdown(row);
    expect(await countdown.getAttribute('data-tone')).toBe('expired');
    expect(await text(countdown)).toBe('Expirado há 5 dias');
    const red = await countdown.evaluate((el) => getComputedStyle(el).color);
    expect(red).not.toBe(await lots.countdown(lots.row('Conta: S-200')).evaluate((el) => getComputedStyle(el).color));
    expect(await text(row)).toContain('Disponível');

    await lots.button('Marcar Expirados').click();
    const confirm = lots.alertDialog();
    await confirm.getByRole('heading', { name: 'Marcar lotes expirados' }).waitFor();
    // Modal: a click outside does not dismiss it.
    await page.mouse.click(5, 5);
    expect(await confirm.isVisible()).toBe(true);
    await confirm.getByRole('button', { name: 'Marcar Expirados' }).click();
    await lots.toast('Lotes atualizados').waitFor();
    expect(await text(lots.toast('Lotes atualizados'))).toContain('1 lote(s) marcado(s) como expirado(s).');
    await row.getByText('Expirado', { exact: true }).waitFor();

    // Its expiry, past but unchanged, does not stop an edit of the rest.
    await lots.rowAction('Conta: E-400', 'Editar');
    await lots.dialog().getByRole('heading', { name: 'Editar Lote' }).waitFor();
    expect(await text(lots.dialog().getByTestId('lot-days-to-expiry'))).toBe('Expirado');
    await lots.fillForm({ notes: 'Venceu sem uso.' });
    await lots.submit('Atualizar');
    await lots.toast('Lote atualizado').waitFor();
    await lots.dialog().waitFor({ state: 'detached' });

    await lots.statusFilter().selectOption({ label: 'Expirado' });
    await lots.waitForAccounts(['E-400']);
    await lots.button('Limpar Filtros').click();
    await lots.waitForAccounts(['E-400', 'S-200', 'L-100', '555001', 'A-300']);
  });

  it('deletes one lot after the modal confirmation', async () => {
    await lots.goto();
    await lots.rowAction('Conta: A-300', 'Excluir');
    const confirm = lots.alertDialog();
    await confirm.getByRole('heading', { name: 'Confirmar exclusão' }).waitFor();
    expect(await text(confirm)).toContain(
      'Tem certeza que deseja excluir o lote TudoAzul · 20.000 milhas (conta A-300)? Esta ação não pode ser desfeita.',
    );
    // Modal: a click outside does not dismiss it.
    await page.mouse.click(5, 5);
    expect(await confirm.isVisible()).toBe(true);
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await lots.toast('Lote excluído').waitFor();
    expect(await text(lots.toast('Lote excluído'))).toContain('Lote excluído com sucesso!');
    await lots.waitForAccounts(['E-400', 'S-200', 'L-100', '555001']);
  });

  it('exports the filtered list as a CSV download', async () => {
    await lots.programFilter().selectOption({ label: 'Smiles' });
    await lots.waitForAccounts(['S-200', '555001']);
    const [download] = await Promise.all([page.waitForEvent('download'), lots.button('Exportar').click()]);
    expect(download.suggestedFilename()).toMatch(/^lotes_milhas_\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(
      '"ID","Programa","Conta","Cliente","Quantidade Original","Quantidade Restante","Custo por Milha","Custo Total","Data de Compra","Data de Vencimento","Fornecedor","Observações","Status"',
    );
    expect(lines[1]).toContain('"Smiles","S-200","","80000","80000","0,0150","1200,00"');
    expect(lines[2]).toMatch(
      new RegExp(`^"[0-9a-f-]{36}","Smiles","555001","","100000","100000","0,0185","1850,00","${br(browserToday())}","${br(addMonthsIso(browserToday(), 12)!)}","MaxMilhas","Pago via PIX.","Disponível"$`),
    );
    await lots.toast('Exportação concluída').waitFor();
    expect(await text(lots.toast('Exportação concluída'))).toContain('Arquivo CSV baixado com sucesso!');
    await lots.button('Limpar Filtros').click();
  });

  it('deletes the selected rows in bulk and clears the selection', async () => {
    await lots.waitForAccounts(['E-400', 'S-200', 'L-100', '555001']);
    expect(await lots.button('Excluir (0)').count()).toBe(0);
    await lots.select('Conta: S-200');
    await lots.select('Conta: L-100');
    await lots.button('Excluir (2)').click();
    const confirm = lots.alertDialog();
    expect(await text(confirm)).toContain('Tem certeza que deseja excluir os 2 lotes selecionados?');
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await lots.toast('Lotes excluídos').waitFor();
    expect(await text(lots.toast('Lotes excluídos'))).toContain('2 lote(s) excluído(s) com sucesso!');
    await lots.waitForAccounts(['E-400', '555001']);
    expect(await page.getByRole('checkbox', { name: 'Selecionar todos' }).getAttribute('aria-checked')).toBe('false');
  });

  it('pages through 25 lots with the page in the address', async () => {
    await removeAllLots();
    for (let i = 1; i <= 25; i++) {
      await seed({ program: 'LATAM', account_number: `P-${String(i).padStart(2, '0')}`, original_quantity: 1000 * i, cost_per_mile: '0.0150', expiresIn: 40 + i });
    }
    await lots.goto();
    const pager = lots.pagination();
    await pager.getByText('Mostrando 1 a 20 de 25 lotes').waitFor();
    expect(await text(pager)).toContain('Página 1 de 2');
    expect(await pager.getByRole('button', { name: 'Anterior' }).isDisabled()).toBe(true);
    expect(await lots.rows().count()).toBe(20);
    await pager.getByRole('button', { name: 'Próxima' }).click();
    await pager.getByText('Página 2 de 2').waitFor();
    await page.waitForURL(/[?&]page=2/);
    await lots.waitForAccounts(['P-21', 'P-22', 'P-23', 'P-24', 'P-25']);
    expect(await pager.getByRole('button', { name: 'Próxima' }).isDisabled()).toBe(true);
    await page.reload();
    await pager.getByText('Página 2 de 2').waitFor();

    // 'Selecionar todos' takes the page on screen; emptying the last page moves back one.
    await page.getByRole('checkbox', { name: 'Selecionar todos' }).click();
    await lots.button('Excluir (5)').click();
    await lots.alertDialog().getByRole('button', { name: 'Excluir' }).click();
    await lots.toast('5 lote(s) excluído(s) com sucesso!').waitFor();
    await page.getByText('Nenhum lote encontrado').waitFor({ state: 'detached' });
    await lots.rows().first().waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
  });

  it('stacks the lots as cards on a 390 px phone, with a sort select instead of the headers', async () => {
    const phone = await session.browser.newPage({ width: 390, height: 844 });
    try {
      await phone.context.addCookies(await context.cookies());
      const small = new LotsPage(phone.page);
      await small.goto();
      await small.rows().first().waitFor();
      expect(await small.table().count()).toBe(0);
      expect(await small.rows().count()).toBe(20);
      const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBe(0);
      await phone.page.getByLabel('Ordenar por').selectOption({ label: 'Maior saldo' });
      await phone.page.waitForURL(/sort=remaining_quantity&order=desc/);
      await small.waitForAccounts(['P-20', 'P-19', 'P-18', 'P-17', 'P-16', 'P-15', 'P-14', 'P-13', 'P-12', 'P-11', 'P-10', 'P-09', 'P-08', 'P-07', 'P-06', 'P-05', 'P-04', 'P-03', 'P-02', 'P-01']);
      await small.rowAction('Conta: P-20', 'Editar');
      await small.dialog().getByRole('heading', { name: 'Editar Lote' }).waitFor();
      await phone.page.keyboard.press('Escape');
    } finally {
      await phone.context.close();
    }
  });
});

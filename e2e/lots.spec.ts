import { readFileSync } from 'node:fs';
import { beforeEach, describe, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { addDaysIso, addMonthsIso, daysBetweenIso, formatDate } from '../src/domain/format';
import { LOT_EXCEL_EXPORT_HEADERS } from '../src/domain/lots/lot.export';
import { apiAs, AS_READ, expect } from './fixtures';
import { LotsPage } from './pages/lots-page';
import { browserToday, deleteAll } from './seed';
import { onPhone, useSpecSession } from './session';

/**
 * The miles lots through the real UI (spec part 1 §2 "Miles lots", §4, §5, §8): the form dialog
 * with its filters, summary and messages, the countdown colours, server-side sort and filters,
 * 'Marcar Expirados', the row menu and the lot page, bulk delete, CSV export and paging.
 *
 * Each test starts from an agency with no lots and seeds its own through the API. The agency's
 * accounts stay (the API deletes no account), so the tests about a program with no account yet,
 * or with exactly one, use programs no other test gives an account: LifeMiles, AAdvantage,
 * MileagePlus and Privilege Club.
 */
const session = useSpecSession();
let context: BrowserContext;
let page: Page;
let lots: LotsPage;

const addDays = (iso: string, days: number) => addDaysIso(iso, days)!;
const br = (iso: string) => formatDate(iso);
/** The form's default expiry: a year after today. */
const yearAhead = () => addMonthsIso(browserToday(), 12)!;

interface SeedLot {
  program: string;
  account_number: string;
  original_quantity: number;
  cost_per_mile: string;
  /** Days from the browser's today. */
  expiresIn: number | null;
  /** Days before the browser's today; 3 unless said. */
  boughtDaysAgo?: number;
  supplier?: string;
  notes?: string;
}

/**
 * Creates a lot through the API. A lot already past its expiry cannot be created today (the
 * schema refuses it), so those are created as of an earlier day with the test clock's
 * x-test-today header (NODE_ENV=test only; docs/decisions/0005-test-clock.md).
 */
async function seed(lot: SeedLot): Promise<string> {
  const { expiresIn, boughtDaysAgo = 3, ...rest } = lot;
  const today = browserToday();
  const asOf = expiresIn !== null && expiresIn < 0 ? addDays(today, expiresIn - 30) : null;
  const res = await apiAs(
    context,
    'POST',
    '/lots',
    {
      ...rest,
      // Days back by default, so the server's clock (UTC) and the browser's never disagree on
      // "future"; the browser's today is never after the server's.
      purchase_date: addDays(asOf ?? today, -boughtDaysAgo),
      expiry_date: expiresIn === null ? null : addDays(today, expiresIn),
    },
    asOf ? { 'x-test-today': asOf } : undefined,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

/** The Smiles lot as the dialog creates it (bought today, expiring a year ahead) and an edit leaves it. */
const smiles555001 = (): SeedLot => ({
  program: 'SMILES',
  account_number: '555001',
  original_quantity: 100_000,
  cost_per_mile: '0.0185',
  boughtDaysAgo: 0,
  expiresIn: daysBetweenIso(browserToday(), yearAhead())!,
  supplier: 'MaxMilhas',
  notes: 'Pago via PIX.',
});

/** The four lots most tests list: expiring in 10 days (S-200), 200 (L-100), a year (555001) and 400. */
async function seedFour() {
  await seed(smiles555001());
  await seed({
    program: 'LATAM',
    account_number: 'L-100',
    original_quantity: 50_000,
    cost_per_mile: '0.0200',
    expiresIn: 200,
    supplier: 'Hotmilhas',
  });
  await seed({
    program: 'SMILES',
    account_number: 'S-200',
    original_quantity: 80_000,
    cost_per_mile: '0.0150',
    expiresIn: 10,
  });
  await seed({
    program: 'AZUL',
    account_number: 'A-300',
    original_quantity: 20_000,
    cost_per_mile: '0.0170',
    expiresIn: 400,
    notes: 'Bônus de transferência',
  });
}
const FOUR_BY_EXPIRY = ['S-200', 'L-100', '555001', 'A-300'];

/** LATAM lots P-01 … P-NN of 1.000 × N miles. */
async function seedNumbered(count: number) {
  for (let i = 1; i <= count; i++) {
    await seed({
      program: 'LATAM',
      account_number: `P-${String(i).padStart(2, '0')}`,
      original_quantity: 1000 * i,
      cost_per_mile: '0.0150',
      expiresIn: 40 + i,
    });
  }
}

beforeEach(async () => {
  ({ context, page } = session);
  lots = new LotsPage(page);
  await deleteAll(context, '/lots');
});

describe('lots', () => {
  it('shows the empty state and zeroed cards when the agency has no lots', async () => {
    await lots.goto();
    await expect(page.getByText('Nenhum lote encontrado')).toBeVisible();
    await expect(page.getByText('Comece adicionando um novo lote de milhas.')).toBeVisible();
    await expect(lots.button('Limpar Filtros')).toHaveCount(0);
    await expect(lots.pagination()).toHaveCount(0);
    await expect(lots.summaryCard('Total de Milhas')).toContainText('0', AS_READ);
    await expect(lots.summaryCard('Custo Médio por Milha')).toContainText('—', AS_READ);
    await expect(lots.summaryCard('Lotes Expirando')).toContainText('Vencem em até 30 dias', AS_READ);
  });

  it('filters what is typed, shows the schema messages under the fields and keeps the dialog open', async () => {
    await lots.goto();
    await lots.openNew();
    await expect(lots.field('Programa')).toHaveValue('LATAM');
    // Spec part 1 §5 defaults: bought today, expiring one year ahead.
    await expect(lots.field('Data de compra')).toHaveValue(br(browserToday()));
    await expect(lots.field('Data de vencimento')).toHaveValue(br(yearAhead()));
    await expect(lots.formSummary()).toContainText('Custo total —', AS_READ);
    // A program the agency has no account of: the form asks for the number of a new one.
    await lots.fillForm({ program: 'Privilege Club' });
    await expect(lots.field('Número da conta')).toBeVisible();

    await lots.fillForm({ quantity: 'ab1.0x0', cost: 'R$ 0,0,1a5' });
    await expect(lots.field('Quantidade de milhas')).toHaveValue('100');
    await expect(lots.field('Custo por milha (R$)')).toHaveValue('0,015');

    await lots.fillForm({ quantity: '0', cost: '0', expiryDate: '01012020' });
    await lots.submit('Criar');
    const dialog = lots.dialog();
    await expect(dialog.getByText('Quantidade deve ser maior que 0')).toBeVisible();
    await expect(dialog.getByText('Custo por milha deve ser maior que 0')).toBeVisible();
    await expect(dialog.getByText('Data de vencimento não pode estar no passado')).toBeVisible();
    await expect(dialog.getByText('Número da conta é obrigatório')).toBeVisible();
    await expect(dialog.getByTestId('lot-days-to-expiry')).toHaveText('Expirado', AS_READ);

    await lots.field('Data de vencimento').fill('');
    await expect(dialog.getByTestId('lot-days-to-expiry').getByText('N/A')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Descartar' }).click();
    await expect(dialog).toHaveCount(0);
    expect((await apiAs(context, 'GET', '/lots')).body.total).toBe(0);
  });

  it('creates a lot through the dialog with a comma cost and shows it in the table', async () => {
    await lots.goto();
    await lots.openNew();
    // LifeMiles has no account yet: the number typed makes one.
    await lots.fillForm({
      program: 'LifeMiles',
      accountNumber: '555001',
      quantity: '100000',
      cost: '0,0185',
      supplier: 'Hotmilhas',
    });
    const summary = lots.formSummary();
    await expect(summary).toContainText('R$ 1.850,00', AS_READ);
    await expect(summary).toContainText('R$ 18,50 por milheiro', AS_READ);
    const expiry = yearAhead();
    const days = daysBetweenIso(browserToday(), expiry)!;
    await expect(summary).toContainText(`${days} dias`, AS_READ);
    await expect(lots.dialog().getByTestId('lot-days-to-expiry')).not.toHaveClass(/bg-destructive/);
    await lots.submit('Criar');

    await lots.expectToast('Lote criado', 'Lote de milhas criado com sucesso!');
    await expect(lots.dialog()).toHaveCount(0);
    const row = lots.row('Conta: 555001');
    await expect(row).toBeVisible();
    for (const expected of [
      'LifeMiles',
      '100.000 / 100.000',
      '100,0% restante',
      'R$ 0,0185',
      'Saldo R$ 1.850,00',
      br(expiry),
      `${days} dias`,
      '0,0%',
      'Disponível',
    ]) {
      await expect(row).toContainText(expected, AS_READ);
    }
    await expect(lots.countdown(row)).toHaveAttribute('data-tone', 'good');
    // LifeMiles' colour, #C2185B.
    await expect(row.getByTestId('program-dot')).toHaveCSS('background-color', 'rgb(194, 24, 91)');
    await expect(lots.summaryCard('Total de Milhas')).toContainText('100.000', AS_READ);
  });

  it('offers the new account the next time, and edits the lot with the same dialog', async () => {
    await seed({
      program: 'AMERICAN',
      account_number: '555001',
      original_quantity: 100_000,
      cost_per_mile: '0.0185',
      expiresIn: 365,
      supplier: 'Hotmilhas',
    });
    await lots.goto();
    await lots.openNew();
    await lots.fillForm({ program: 'AAdvantage' });
    await expect(lots.field('Conta').locator('option')).toHaveText([
      'Selecione a conta',
      '555001 — Agência',
      '+ Nova conta',
    ]);
    await expect(lots.field('Número da conta')).toHaveCount(0);
    // A program with no account asks for a number instead.
    await lots.fillForm({ program: 'MileagePlus' });
    await expect(lots.field('Número da conta')).toBeVisible();
    await lots.dialog().getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Descartar' }).click();
    await expect(lots.dialog()).toHaveCount(0);

    await lots.rowAction('Conta: 555001', 'Editar');
    await expect(lots.dialog().getByRole('heading', { name: 'Editar Lote' })).toBeVisible();
    await expect(lots.field('Programa')).toHaveValue('AMERICAN');
    await expect(lots.field('Custo por milha (R$)')).toHaveValue('0,0185');
    await expect(lots.field('Conta').locator('option:checked')).toContainText('555001', AS_READ);
    await lots.fillForm({ supplier: 'MaxMilhas', notes: 'Pago via PIX.' });
    await lots.submit('Atualizar');
    await lots.expectToast('Lote atualizado', 'Lote atualizado com sucesso!');
    await expect(lots.dialog()).toHaveCount(0);
  });

  it('colours the countdown: yellow with a warning within the alert window, green beyond', async () => {
    await seedFour();
    await lots.goto();
    await lots.expectAccounts(FOUR_BY_EXPIRY);

    const soon = lots.countdown(lots.row('Conta: S-200'));
    await expect(soon).toHaveAttribute('data-tone', 'warning');
    await expect(soon).toHaveText('10 dias restantes', AS_READ);
    await expect(soon.locator('svg')).toHaveCount(1);
    const yellow = await soon.evaluate((el) => getComputedStyle(el).color);
    const later = lots.countdown(lots.row('Conta: L-100'));
    await expect(later).toHaveAttribute('data-tone', 'good');
    await expect(later).toHaveText('200 dias', AS_READ);
    await expect(later.locator('svg')).toHaveCount(0);
    await expect(later).not.toHaveCSS('color', yellow);

    await expect(lots.summaryCard('Total de Milhas')).toContainText('250.000', AS_READ);
    await expect(lots.summaryCard('Valor Total')).toContainText('R$ 4.390,00', AS_READ);
    await expect(lots.summaryCard('Custo Médio por Milha')).toContainText('R$ 0,0176', AS_READ);
    await expect(lots.summaryCard('Lotes Expirando')).toHaveText(/^Lotes Expirando\s+1\s/, AS_READ);
    await expect(lots.summary()).toBeVisible();
  });

  it('sorts on the server: a column starts ascending, a second click flips it, the address keeps it', async () => {
    await seedFour();
    await lots.goto();
    await lots.expectSort('Vencimento', 'ascending');
    // The rows first, as a person sees them before choosing a column (a click on a header while
    // the first page loads was once lost on a loaded CI machine).
    await lots.expectAccounts(FOUR_BY_EXPIRY);
    await lots.sortBy('Custo');
    await expect(page).toHaveURL(/sort=cost_per_mile&order=asc/);
    await lots.expectSort('Custo', 'ascending');
    await expect(lots.columnHeader('Vencimento')).toHaveAttribute('aria-sort', 'none');
    await lots.expectAccounts(['S-200', 'A-300', '555001', 'L-100']);
    await lots.sortBy('Custo');
    await expect(page).toHaveURL(/sort=cost_per_mile&order=desc/);
    await lots.expectSort('Custo', 'descending');
    await lots.expectAccounts(['L-100', '555001', 'A-300', 'S-200']);

    await lots.sortBy('Quantidade');
    await lots.expectSort('Quantidade', 'ascending');
    await lots.expectAccounts(['A-300', 'L-100', 'S-200', '555001']);
    await page.reload();
    await lots.expectAccounts(['A-300', 'L-100', 'S-200', '555001']);
    await lots.expectSort('Quantidade', 'ascending');

    await lots.sortBy('Programa');
    await lots.expectSort('Programa', 'ascending');
    await expect(lots.accountLines().first()).toHaveText('Conta: A-300');
    await lots.sortBy('Vencimento');
    await lots.expectAccounts(FOUR_BY_EXPIRY);
  });

  it('filters by program and searches supplier, notes and account number after the debounce', async () => {
    await seedFour();
    await lots.goto();
    await lots.programFilter().selectOption({ label: 'Smiles' });
    await lots.expectAccounts(['S-200', '555001']);
    await expect(page).toHaveURL((url) => url.searchParams.get('program') === 'SMILES');
    await expect(lots.button('Limpar Filtros')).toBeVisible();

    await lots.search().fill('maxmilhas');
    await lots.expectAccounts(['555001']);
    await expect(page).toHaveURL((url) => url.searchParams.get('q') === 'maxmilhas');
    await lots.button('Limpar Filtros').click();
    await expect(lots.search()).toHaveValue('');
    await lots.expectAccounts(FOUR_BY_EXPIRY);
    await expect(lots.button('Limpar Filtros')).toHaveCount(0);

    await lots.search().fill('transferência');
    await lots.expectAccounts(['A-300']);
    await lots.search().fill('L-100');
    await lots.expectAccounts(['L-100']);
    await lots.search().fill('nada-assim');
    await expect(page.getByText('Nenhum lote corresponde à busca ou aos filtros aplicados.')).toBeVisible();
    await lots.button('Limpar Filtros').click();

    await lots.statusFilter().selectOption({ label: 'Usado' });
    await expect(page.getByText('Nenhum lote encontrado')).toBeVisible();
    await lots.button('Limpar Filtros').click();
    await lots.expectAccounts(FOUR_BY_EXPIRY);
  });

  it('opens the lot page from the row menu, with its data and an empty allocation history', async () => {
    await seed(smiles555001());
    await lots.goto();
    await lots.rowAction('Conta: 555001', 'Visualizar');
    await expect(page).toHaveURL(/\/lotes\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: /Smiles · 100\.000 milhas/ })).toBeVisible();
    const main = page.locator('main');
    for (const expected of [
      'Disponível',
      '555001',
      'R$ 0,0185',
      'R$ 18,50 por milheiro',
      'R$ 1.850,00',
      'MaxMilhas',
      'Pago via PIX.',
      'Conta da agência',
    ]) {
      await expect(main).toContainText(expected, AS_READ);
    }
    await expect(page.getByText('Nenhuma alocação registrada')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: /Utilização/ })).toHaveAttribute('aria-valuenow', '0');

    await page.getByRole('link', { name: 'Voltar para lotes' }).first().click();
    await expect(lots.heading()).toBeVisible();

    await page.goto('/lotes/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('Lote não encontrado')).toBeVisible();
    await page.getByRole('link', { name: 'Voltar para lotes' }).click();
    await expect(lots.heading()).toBeVisible();
  });

  it('shows an expired lot in red, marks it expired after a confirmation, and still edits it', async () => {
    await seedFour();
    await seed({
      program: 'TAP',
      account_number: 'E-400',
      original_quantity: 5_000,
      cost_per_mile: '0.0300',
      expiresIn: -5,
    });
    await lots.goto();
    await lots.expectAccounts(['E-400', ...FOUR_BY_EXPIRY]);
    const row = lots.row('Conta: E-400');
    const countdown = lots.countdown(row);
    await expect(countdown).toHaveAttribute('data-tone', 'expired');
    await expect(countdown).toHaveText('Expirado há 5 dias', AS_READ);
    const soon = lots.countdown(lots.row('Conta: S-200'));
    await expect(soon).toHaveAttribute('data-tone', 'warning');
    await expect(countdown).not.toHaveCSS('color', await soon.evaluate((el) => getComputedStyle(el).color));
    await expect(row).toContainText('Disponível', AS_READ);

    await lots.button('Marcar Expirados').click();
    const confirm = lots.alertDialog();
    await expect(confirm.getByRole('heading', { name: 'Marcar lotes expirados' })).toBeVisible();
    // Modal: a click outside does not dismiss it.
    await page.mouse.click(5, 5);
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Marcar Expirados' }).click();
    await lots.expectToast('Lotes atualizados', '1 lote(s) marcado(s) como expirado(s).');
    await expect(row.getByText('Expirado', { exact: true })).toBeVisible();

    // Its expiry, past but unchanged, does not stop an edit of the rest.
    await lots.rowAction('Conta: E-400', 'Editar');
    await expect(lots.dialog().getByRole('heading', { name: 'Editar Lote' })).toBeVisible();
    await expect(lots.dialog().getByTestId('lot-days-to-expiry')).toHaveText('Expirado', AS_READ);
    await lots.fillForm({ notes: 'Venceu sem uso.' });
    await lots.submit('Atualizar');
    await lots.expectToast('Lote atualizado');
    await expect(lots.dialog()).toHaveCount(0);

    await lots.statusFilter().selectOption({ label: 'Expirado' });
    await lots.expectAccounts(['E-400']);
    await lots.button('Limpar Filtros').click();
    await lots.expectAccounts(['E-400', ...FOUR_BY_EXPIRY]);
  });

  it('deletes one lot after the modal confirmation', async () => {
    await seedFour();
    await lots.goto();
    await lots.rowAction('Conta: A-300', 'Excluir');
    const confirm = lots.alertDialog();
    await expect(confirm.getByRole('heading', { name: 'Confirmar exclusão' })).toBeVisible();
    await expect(confirm).toContainText(
      'Tem certeza que deseja excluir o lote TudoAzul · 20.000 milhas (conta A-300)? Esta ação não pode ser desfeita.',
      AS_READ,
    );
    // Modal: a click outside does not dismiss it.
    await page.mouse.click(5, 5);
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await lots.expectToast('Lote excluído', 'Lote excluído com sucesso!');
    await lots.expectAccounts(['S-200', 'L-100', '555001']);
  });

  it('exports the filtered list as a CSV download', async () => {
    await seedFour();
    await lots.goto();
    await lots.programFilter().selectOption({ label: 'Smiles' });
    await lots.expectAccounts(['S-200', '555001']);
    const [download] = await Promise.all([page.waitForEvent('download'), lots.button('Exportar').click()]);
    expect(download.suggestedFilename()).toMatch(/^lotes_milhas_\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(3);
    // The pt-BR Excel form (;, cost per thousand 15,0000), which /importador takes back.
    expect(lines[0]).toBe(LOT_EXCEL_EXPORT_HEADERS.map((h) => `"${h}"`).join(';'));
    expect(lines[1]).toContain('"Smiles";"S-200";"";"";"80000";"80000";"15,0000";"1200,00"');
    expect(lines[2]).toMatch(
      new RegExp(
        `^"[0-9a-f-]{36}";"Smiles";"555001";"";"";"100000";"100000";"18,5000";"1850,00";"${br(browserToday())}";"${br(yearAhead())}";"MaxMilhas";"Pago via PIX.";"Disponível"$`,
      ),
    );
    await lots.expectToast('Exportação concluída', 'Arquivo CSV baixado com sucesso!');
  });

  it('deletes the selected rows in bulk and clears the selection', async () => {
    await seedFour();
    await lots.goto();
    await lots.expectAccounts(FOUR_BY_EXPIRY);
    await expect(lots.button('Excluir (0)')).toHaveCount(0);
    await lots.select('Conta: S-200');
    await lots.select('Conta: L-100');
    await lots.button('Excluir (2)').click();
    const confirm = lots.alertDialog();
    await expect(confirm).toContainText('Tem certeza que deseja excluir os 2 lotes selecionados?', AS_READ);
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await lots.expectToast('Lotes excluídos', '2 lote(s) excluído(s) com sucesso!');
    await lots.expectAccounts(['555001', 'A-300']);
    await expect(page.getByRole('checkbox', { name: 'Selecionar todos' })).toHaveAttribute('aria-checked', 'false');
  });

  it('pages through 25 lots with the page in the address', async () => {
    await seedNumbered(25);
    await lots.goto();
    const pager = lots.pagination();
    await expect(pager.getByText('Mostrando 1 a 20 de 25 lotes')).toBeVisible();
    await expect(pager).toContainText('Página 1 de 2', AS_READ);
    await expect(pager.getByRole('button', { name: 'Anterior' })).toBeDisabled();
    await expect(lots.rows()).toHaveCount(20);
    await pager.getByRole('button', { name: 'Próxima' }).click();
    await expect(pager.getByText('Página 2 de 2')).toBeVisible();
    await expect(page).toHaveURL(/[?&]page=2/);
    await lots.expectAccounts(['P-21', 'P-22', 'P-23', 'P-24', 'P-25']);
    await expect(pager.getByRole('button', { name: 'Próxima' })).toBeDisabled();
    await page.reload();
    await expect(pager.getByText('Página 2 de 2')).toBeVisible();

    // 'Selecionar todos' takes the page on screen; emptying the last page moves back one.
    await page.getByRole('checkbox', { name: 'Selecionar todos' }).click();
    await lots.button('Excluir (5)').click();
    await lots.alertDialog().getByRole('button', { name: 'Excluir' }).click();
    await lots.expectToast('5 lote(s) excluído(s) com sucesso!');
    await expect(page.getByText('Nenhum lote encontrado')).toHaveCount(0);
    await expect(lots.rows().first()).toBeVisible();
    await expect(page).toHaveURL((url) => url.searchParams.get('page') === null);
  });

  it('stacks the lots as cards on a 390 px phone, with a sort select instead of the headers', async () => {
    await seedNumbered(20);
    await onPhone(session, async (phone) => {
      const small = new LotsPage(phone);
      await small.goto();
      await small.expectCards(20);
      await small.sortOnPhone('Maior saldo');
      await expect(phone).toHaveURL(/sort=remaining_quantity&order=desc/);
      await small.expectAccounts([
        'P-20',
        'P-19',
        'P-18',
        'P-17',
        'P-16',
        'P-15',
        'P-14',
        'P-13',
        'P-12',
        'P-11',
        'P-10',
        'P-09',
        'P-08',
        'P-07',
        'P-06',
        'P-05',
        'P-04',
        'P-03',
        'P-02',
        'P-01',
      ]);
      await small.rowAction('Conta: P-20', 'Editar');
      await expect(small.dialog().getByRole('heading', { name: 'Editar Lote' })).toBeVisible();
      await phone.keyboard.press('Escape');
    });
  });
});

import { beforeEach, describe, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { formatDate } from '../src/domain/format';
import { apiAs, AS_READ, expect } from './fixtures';
import { EmissionsPage } from './pages/emissions-page';
import {
  BIG_LOT,
  browserToday,
  CHEAP_LOT,
  daysFromToday,
  PASSENGER,
  seedCustomer,
  seedEmission as seedEmissionFor,
  seedLotInAccount,
  type Customer,
  type EmissionSeed,
} from './seed';
import { useSpecSession } from './session';

/**
 * Emissions through the real UI (spec part 2 §2 "/emissoes" and "/emissoes/{id}", §4, §5, §8,
 * §9): the 3-step wizard with its messages, lot suggestion and margin warnings, the detail page
 * with its life-cycle buttons, and the miles a cancellation gives back to the lot.
 *
 * The API deletes no emission, so each test works on a client of its own — its own LATAM account,
 * its own lots, its own PNRs — and reads the agency-wide figures against what they were before
 * it. The empty list of a new agency is in first-run.spec.ts, the one new agency of the run.
 */
const session = useSpecSession();
let context: BrowserContext;
let page: Page;
let emissions: EmissionsPage;

const seedCheapLot = (c: Customer) => seedLotInAccount(context, c.accountId, CHEAP_LOT);
const seedBigLot = (c: Customer) => seedLotInAccount(context, c.accountId, BIG_LOT);

/** An emission of `c` through the API (seed.ts), as the wizard sends it. */
const seedEmission = (c: Customer, lotId: string, e: EmissionSeed) => seedEmissionFor(context, c, lotId, e);

async function lotRemaining(id: string): Promise<number> {
  const res = await apiAs(context, 'GET', `/lots/${id}`);
  expect(res.status).toBe(200);
  return res.body.lot.remaining_quantity;
}

beforeEach(() => {
  ({ context, page } = session);
  emissions = new EmissionsPage(page);
});

describe('emissions', () => {
  it('runs the wizard to the detail page, with its messages, lot suggestion and margin warnings', async () => {
    const CLIENT = { name: 'Ana Beatriz Costa', cpf: '529.982.247-25', email: 'ana.costa@exemplo.com.br' };
    const ACCOUNT_NUMBER = '778899001';
    const ana = await seedCustomer(
      context,
      { name: CLIENT.name, email: CLIENT.email, document: CLIENT.cpf },
      { account_number: ACCOUNT_NUMBER },
    );
    const cheapLotId = await seedCheapLot(ana);
    await seedBigLot(ana);

    await emissions.goto();
    await emissions.openWizard();
    const dialog = emissions.dialog();
    await expect(emissions.currentStep()).toContainText('Cliente e conta', AS_READ);

    // Step 1: forward only when it validates (spec part 2 §5).
    await emissions.next();
    await expect(dialog.getByText('Cliente obrigatório')).toBeVisible();
    await expect(dialog.getByText('Conta obrigatória')).toBeVisible();
    await emissions.chooseClient('Ana Beatriz', CLIENT.name);
    await emissions.chooseAccount(ACCOUNT_NUMBER);
    await emissions.next();
    await expect(emissions.currentStep()).toContainText('Dados da emissão', AS_READ);
    // Escape does not throw the half-filled emission away without asking.
    await page.keyboard.press('Escape');
    const ask = page.getByRole('alertdialog', { name: 'Descartar alterações?' });
    await ask.getByRole('button', { name: 'Continuar editando' }).click();
    await expect(emissions.currentStep()).toContainText('Dados da emissão', AS_READ);

    // Step 2: the schema's messages under the fields.
    await emissions.fillData({ miles: '0', revenue: '0' });
    await emissions.next();
    await expect(dialog.getByText('Rota obrigatória')).toBeVisible();
    await expect(dialog.getByText('Milhas devem ser maior que 0')).toBeVisible();
    await expect(dialog.getByText('Receita deve ser maior que 0')).toBeVisible();
    await expect(emissions.currentStep()).toContainText('Dados da emissão', AS_READ);

    // Digits only in Milhas; no lot can cover 500.000 miles.
    await emissions.fillData({
      route: 'nat gru',
      miles: '5x00.000',
      fees: '150,00',
      revenue: '100,00',
      rav: '50',
      passengers: [PASSENGER],
    });
    await expect(emissions.field('Milhas')).toHaveValue('500000');
    await expect(dialog.locator('#emission-passenger-0-cpf')).toHaveValue('111.444.777-35');
    await expect(dialog.getByText('Não há lotes suficientes disponíveis para atender 500.000 milhas.')).toBeVisible();
    await emissions.next();
    await expect(dialog.getByText('Nenhum lote disponível com milhas suficientes')).toBeVisible();
    await expect(emissions.currentStep()).toContainText('Dados da emissão', AS_READ);

    // 10.000 miles: the cheapest lot covers them alone, and it expires within 60 days.
    await emissions.fillData({ miles: '10000' });
    await expect(emissions.lotSuggestion().getByText('Milhas Nordeste')).toBeVisible();
    await expect(emissions.lotSuggestion().getByTestId('expiring-badge')).toBeVisible();
    // Miles cost R$ 180,00 + fees R$ 150,00 + RAV R$ 50,00 against R$ 100,00 of revenue.
    await expect(emissions.estimate()).toContainText('R$ 180,00', AS_READ);
    await expect(emissions.estimate()).toContainText('-R$ 280,00', AS_READ);
    await expect(
      dialog.getByTestId('margin-alert').getByText('está abaixo do mínimo recomendado (10%).'),
    ).toBeVisible();

    // The manual list: lots that cover the need alone, cheapest first.
    await dialog.getByRole('button', { name: 'Escolher lotes manualmente' }).click();
    const manual = dialog.getByTestId('manual-lots').locator('label');
    await expect(manual).toHaveCount(2);
    await expect(manual.first()).toContainText('Milhas Nordeste', AS_READ);

    await emissions.next();
    await expect(emissions.currentStep()).toContainText('Revisão', AS_READ);
    const review = emissions.review();
    await expect(review.getByText('Atenção: Margem Negativa')).toBeVisible();
    await expect(review.getByText('Esta emissão resultará em prejuízo. Confirme se deseja continuar.')).toBeVisible();
    await expect(review).toContainText(CLIENT.name, AS_READ);
    await expect(review).toContainText('NAT-GRU', AS_READ);
    await expect(review).toContainText(PASSENGER.name, AS_READ);
    await expect(review.getByTestId('review-lots')).toContainText('Milhas Nordeste', AS_READ);
    await expect(review.getByTestId('financial-breakdown')).toContainText('R$ 380,00', AS_READ);

    // Back keeps what was typed.
    await emissions.back();
    await expect(emissions.field('Rota')).toHaveValue('nat gru');
    await emissions.next();
    await expect(emissions.review()).toBeVisible();

    await emissions.confirm();
    await emissions.expectToast('Emissão criada', 'A emissão foi submetida com sucesso');
    await expect(page).toHaveURL(/\/emissoes\/[0-9a-f-]{36}$/);
    await expect(emissions.dialog()).toHaveCount(0);

    await expect(emissions.detailStatus()).toHaveText('Processando', AS_READ);
    await expect(page.getByRole('link', { name: CLIENT.name, exact: true })).toHaveAttribute(
      'href',
      `/clientes/${ana.clientId}`,
    );
    await expect(page.getByText(CLIENT.email)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Milhas Nordeste', exact: true })).toHaveAttribute(
      'href',
      `/lotes/${cheapLotId}`,
    );
    await expect(emissions.timeline()).toContainText('Criada', AS_READ);
    await expect(emissions.timeline()).toContainText('Submetida', AS_READ);
    expect(await lotRemaining(cheapLotId)).toBe(10_000);
  });

  it('issues the emission from its page', async () => {
    const bruno = await seedCustomer(context, { name: 'Bruno Almeida' }, { account_number: '778899002' });
    const id = await seedEmission(bruno, await seedCheapLot(bruno), {
      pnr: 'ISS001',
      route: 'NAT-GRU',
      miles: 10_000,
      revenueCents: 10_000,
    });

    await emissions.gotoDetail(id);
    await expect(emissions.button('Marcar como emitida')).toBeVisible();
    await expect(emissions.button('Marcar falha')).toBeVisible();
    await emissions.runAction('Marcar como emitida');
    await emissions.expectToast('Emissão marcada como emitida');
    await expect(page.getByTestId('emission-status').getByText('Emitida')).toBeVisible();
    await expect(emissions.timeline()).toContainText('Emitida', AS_READ);
    await expect(emissions.button('Marcar como emitida')).toHaveCount(0);
    await expect(emissions.button('Cancelar emissão')).toBeVisible();
  });

  it('lists emissions newest first and opens one from its row', async () => {
    const name = 'Carla Nogueira';
    const carla = await seedCustomer(context, { name }, { account_number: '778899003' });
    const cheapLotId = await seedCheapLot(carla);
    const bigLotId = await seedBigLot(carla);
    const before = (await apiAs(context, 'GET', '/emissions?limit=1')).body.summary;
    // Issued: NAT-GRU, R$ 100,00 of revenue. Then the newest, still processing: XYZ789, R$ 1.500,00.
    const issuedId = await seedEmission(carla, cheapLotId, {
      pnr: 'NAT001',
      route: 'NAT-GRU',
      miles: 10_000,
      revenueCents: 10_000,
      feesCents: 15_000,
      ravCents: 5_000,
    });
    expect((await apiAs(context, 'POST', `/emissions/${issuedId}/transitions`, { action: 'issue' })).status).toBe(200);
    const newestId = await seedEmission(carla, bigLotId, {
      pnr: 'XYZ789',
      route: 'REC-LIS',
      miles: 30_000,
      revenueCents: 150_000,
      feesCents: 10_000,
    });
    expect(await lotRemaining(bigLotId)).toBe(30_000);

    // Carla's emissions only: the search takes a client's name.
    const search = `q=${encodeURIComponent(name)}`;
    await emissions.goto(`?${search}`);
    await expect(emissions.rows()).toHaveCount(2);
    await expect(emissions.rows().first()).toContainText('XYZ789', AS_READ);
    await expect(emissions.rows().first()).toContainText(formatDate(browserToday()), AS_READ);
    // The cards cover what the list shows (issue #14 "Truthful figures"): Carla's two emissions, one
    // issued and only its revenue, the newest still waiting.
    await emissions.expectSummary({ total: 2, issued: 1, pending: 1, revenueCents: 10_000 });

    // The status filter narrows the list, and the cards with it.
    await page.getByLabel('Filtrar por status').selectOption('issued');
    await expect(page).toHaveURL(/status=issued/);
    await expect(emissions.row('XYZ789')).toHaveCount(0);
    await expect(emissions.rows()).toHaveCount(1);
    await expect(emissions.rows().first()).toContainText('NAT-GRU', AS_READ);
    await emissions.expectSummary({ total: 1, issued: 1, pending: 0, revenueCents: 10_000 });
    await page.getByLabel('Filtrar por status').selectOption('');

    // A period that starts after it ends is not sent: the message says so, the list stays whole.
    await page.goto(`/emissoes?${search}&de=${daysFromToday(1)}&ate=${browserToday()}`);
    await expect(
      page.getByRole('alert').filter({ hasText: 'Período inválido: a data inicial é posterior à final.' }),
    ).toBeVisible();
    await expect(emissions.rows()).toHaveCount(2);
    await expect(page.getByText('Erro ao carregar emissões')).toHaveCount(0);
    await page.getByRole('button', { name: 'Limpar Filtros' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Período inválido' })).toHaveCount(0);
    // Nothing filters: the cards count the whole agency again, Carla's two among them.
    await emissions.expectSummary({
      total: before.total + 2,
      issued: before.issued + 1,
      pending: before.pending + 1,
      revenueCents: before.revenue_issued_cents + 10_000,
    });

    await emissions.row('XYZ789').locator('td').nth(2).click();
    await expect(page).toHaveURL((url) => url.pathname === `/emissoes/${newestId}`);
    await expect(page.getByRole('heading', { level: 1, name: /REC-LIS/ })).toBeVisible();
  });

  it('cancels an emission and gives its miles back to the lot', async () => {
    const daniel = await seedCustomer(context, { name: 'Daniel Rocha' }, { account_number: '778899004' });
    const bigLotId = await seedBigLot(daniel);
    await seedEmission(daniel, bigLotId, { pnr: 'CAN789', route: 'REC-LIS', miles: 30_000, revenueCents: 150_000 });
    expect(await lotRemaining(bigLotId)).toBe(30_000);

    await emissions.goto();
    await expect(emissions.row('CAN789')).toBeVisible();
    // Keyboard: the row's link opens the emission.
    await emissions.row('CAN789').getByRole('link').focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/emissoes\/[0-9a-f-]{36}$/);
    await emissions.runAction('Cancelar emissão');
    await emissions.expectToast('Emissão cancelada', 'As milhas voltaram para os lotes de origem.');
    await expect(page.getByTestId('emission-status').getByText('Cancelada')).toBeVisible();
    await expect(emissions.timeline()).toContainText('Cancelada', AS_READ);

    await expect(page.getByRole('link', { name: 'Balcão Sul', exact: true })).toHaveAttribute(
      'href',
      `/lotes/${bigLotId}`,
    );
    await page.goto(`/lotes/${bigLotId}`);
    const figure = page
      .getByRole('region', { name: 'Indicadores do lote' })
      .locator('[data-slot="card"]')
      .filter({ hasText: 'Milhas restantes' });
    await expect(figure.getByText('60.000', { exact: true })).toBeVisible();
  });

  it("pages the lot's allocation history, 20 a page, newest first", async () => {
    const elisa = await seedCustomer(context, { name: 'Elisa Prado' }, { account_number: '778899005' });
    const lotId = await seedBigLot(elisa);
    // An earlier emission and twenty more from the lot: more than one page.
    await seedEmission(elisa, lotId, { pnr: 'ANT001', route: 'REC-LIS', miles: 1_000, revenueCents: 50_000 });
    for (let i = 0; i < 20; i++) {
      await seedEmission(elisa, lotId, {
        pnr: `PG${String(i).padStart(4, '0')}`,
        route: 'NAT-REC',
        miles: 1_000,
        revenueCents: 50_000,
        departureIn: 20,
      });
    }
    const history = await apiAs(context, 'GET', `/lots/${lotId}/allocations`);
    const total = history.body.total as number;
    expect(total).toBeGreaterThan(20);

    await page.goto(`/lotes/${lotId}`);
    const rows = page.getByTestId('allocation-row');
    await expect(rows).toHaveCount(20);
    await expect(rows.first()).toContainText('PG0019', AS_READ);
    const pager = page.getByRole('navigation', { name: 'Paginação de alocações' });
    await expect(pager).toContainText(`Mostrando 1 a 20 de ${total} alocações`, AS_READ);
    await pager.getByRole('button', { name: 'Próxima' }).click();
    await expect(pager.getByText(`Mostrando 21 a ${total} de ${total} alocações`)).toBeVisible();
    await expect(rows.filter({ hasText: 'PG0019' })).toHaveCount(0);
    await expect(rows).toHaveCount(total - 20);
  });

  it('says before deleting why a client or lot that emissions used is kept, and offers to mark the client Inativo', async () => {
    const rita = await seedCustomer(context, { name: 'Rita de Cássia Lima' }, { account_number: 'DEL-RITA-1' });
    const lotId = await seedCheapLot(rita);
    await seedEmission(rita, lotId, { pnr: 'DELOK1', route: 'NAT-REC', miles: 5_000, revenueCents: 90_000 });

    await page.goto(`/lotes/${lotId}`);
    await page.getByRole('button', { name: 'Excluir', exact: true }).click();
    const lotDialog = page.getByRole('alertdialog');
    await expect(lotDialog.getByRole('heading', { name: 'Não é possível excluir este lote' })).toBeVisible();
    await expect(lotDialog).toContainText('Este lote já teve milhas utilizadas e não pode ser excluído.', AS_READ);
    await expect(lotDialog.getByRole('button', { name: 'Excluir' })).toHaveCount(0);
    await lotDialog.getByRole('button', { name: 'Fechar' }).click();
    await expect(lotDialog).toHaveCount(0);

    await page.goto(`/clientes/${rita.clientId}`);
    await page.getByRole('button', { name: 'Excluir', exact: true }).click();
    const clientDialog = page.getByRole('alertdialog');
    await expect(clientDialog.getByRole('heading', { name: 'Não é possível excluir este cliente' })).toBeVisible();
    await expect(clientDialog).toContainText(
      'Rita de Cássia Lima: Este cliente possui emissões e não pode ser excluído. Marque-o como Inativo.',
      AS_READ,
    );
    await expect(clientDialog.getByRole('button', { name: 'Excluir' })).toHaveCount(0);
    await clientDialog.getByRole('button', { name: 'Marcar como Inativo' }).click();
    await expect(page.getByText('Rita de Cássia Lima agora está Inativo.')).toBeVisible();
    await expect(clientDialog).toHaveCount(0);
    const after = await apiAs(context, 'GET', `/clients/${rita.clientId}`);
    expect(after.body.client).toMatchObject({ status: 'inactive', name: 'Rita de Cássia Lima' });
    expect(after.body.client.loyalty_accounts).toHaveLength(1);
  });

  it('shows a cut client name whole on hover and on keyboard focus', async () => {
    const LONG = 'Maria Aparecida dos Santos Figueiredo de Albuquerque Cavalcanti';
    const maria = await seedCustomer(context, { name: LONG }, { account_number: 'TRUNC-1' });
    const lotId = await seedCheapLot(maria);
    await seedEmission(maria, lotId, { pnr: 'LONGNM', route: 'GRU-FOR', miles: 5_000, revenueCents: 90_000 });

    await emissions.goto();
    const name = emissions.row('LONGNM').locator('[data-truncated]');
    await expect(name).toHaveText(LONG);
    // Cut on screen: the box is narrower than the text.
    // Radix's tooltip wraps it once its module is in, after the page is interactive (its data-state).
    await expect(name).toHaveAttribute('data-state', 'closed');
    expect(await name.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    const tooltip = page.getByRole('tooltip');
    await name.hover();
    await expect(tooltip).toHaveText(LONG);
    await page.mouse.move(0, 0);
    await page.mouse.move(10, 300, { steps: 3 });
    await expect(tooltip).toHaveCount(0);
    // A keyboard reaches it (a cut text is a tab stop) and reads it whole too.
    await expect(name).toHaveAttribute('tabindex', '0');
    await name.focus();
    await expect(tooltip).toHaveText(LONG);
    await page.keyboard.press('Escape');
    await expect(tooltip).toHaveCount(0);
  });

  it("shows a cut name whole when pointed at before the tooltip's module is in, once it arrives", async () => {
    const LONG = 'Maria Aparecida dos Santos Figueiredo de Albuquerque Cavalcanti Neta';
    const maria = await seedCustomer(context, { name: LONG }, { account_number: 'TRUNC-2' });
    await seedEmission(maria, await seedCheapLot(maria), {
      pnr: 'LATETT',
      route: 'GRU-REC',
      miles: 5_000,
      revenueCents: 90_000,
    });
    // Hold Radix's tooltip back (components/ui/truncated-text.tsx loads it after the first page).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/truncated-text-tooltip-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await emissions.goto();
    const name = emissions.row('LATETT').locator('[data-truncated]');
    await name.hover();
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toHaveCount(0);
    release();
    await expect(tooltip).toHaveText(LONG);
    await page.unroute(/\/assets\/truncated-text-tooltip-[^/]+\.js$/);
  });

  it('keeps focus inside a dialog while it is open and gives it back to what opened it', async () => {
    const tiago = await seedCustomer(context, { name: 'Tiago Nunes' }, { account_number: 'FOCUS-1' });
    const lotId = await seedCheapLot(tiago);

    const focusInside = (selector: string) =>
      page.evaluate((s) => document.querySelector(s)?.contains(document.activeElement) ?? false, selector);

    await emissions.goto();
    const opener = emissions.button('Nova Emissão').first();
    await emissions.openWizard();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
      expect(await focusInside('[role="dialog"]'), `Tab ${i + 1}`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(emissions.dialog()).toHaveCount(0);
    await expect(opener).toBeFocused();

    await page.goto(`/lotes/${lotId}`);
    const remove = page.getByRole('button', { name: 'Excluir', exact: true });
    await remove.click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByRole('button', { name: 'Excluir' })).toBeVisible();
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInside('[role="alertdialog"]'), `Tab ${i + 1}`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(remove).toBeFocused();

    // Opened from a row's menu (the item is gone once the menu closes): back on the menu's button.
    await page.goto('/clientes?q=Tiago%20Nunes');
    const menu = page
      .getByTestId('client-row')
      .filter({ hasText: 'Tiago Nunes' })
      .getByRole('button', { name: 'Ações' });
    await menu.click();
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(menu).toBeFocused();
  });

  it('shows on its page what was posted for the emission and what is still to post', async () => {
    const lia = await seedCustomer(context, { name: 'Lia Fontes' }, { account_number: 'POST-LIA-1' });
    const lotId = await seedCheapLot(lia);
    const id = await seedEmission(lia, lotId, {
      pnr: 'LANC01',
      route: 'NAT-POA',
      miles: 5_000,
      revenueCents: 90_000,
      feesCents: 4_500,
    });
    const posted = await apiAs(context, 'POST', '/finance/entries', {
      kind: 'expense',
      category: 'fees',
      amount_cents: 4_500,
      entry_date: browserToday(),
      payment_method: 'card',
      installments: 2,
      emission_id: id,
    });
    expect(posted.status).toBe(201);

    await emissions.gotoDetail(id);
    const card = page.locator('[data-slot="card"]').filter({ has: page.getByText('Lançamentos', { exact: true }) });
    await expect(card.getByTestId('posting-row-fees')).toHaveText(/Taxas\s*R\$\s45,00\s*R\$\s45,00\s*R\$\s0,00/);
    await expect(card.getByTestId('posting-row-revenue')).toHaveText(/Receita\s*R\$\s900,00\s*R\$\s0,00\s*R\$\s900,00/);
    await expect(card.getByText('Há valores a lançar')).toBeVisible();
    await expect(card.getByRole('list', { name: 'Lançamentos da emissão' })).toContainText('Cartão em 2x', AS_READ);
  });

  it("shows 'Emissão não encontrada' with a way back for an unknown id", async () => {
    await emissions.gotoDetail('00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('Emissão não encontrada')).toBeVisible();
    await page.getByRole('link', { name: 'Voltar para emissões' }).click();
    await expect(emissions.heading()).toBeVisible();
  });
});

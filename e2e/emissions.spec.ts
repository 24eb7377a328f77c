import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { addDaysIso, formatDate } from '../src/domain/format';
import { apiAs } from './fixtures';
import { EmissionsPage } from './pages/emissions-page';
import { text, useSpecSession } from './session';

/**
 * Emissions through the real UI (spec part 2 §2 "/emissoes" and "/emissoes/{id}", §4, §5, §8,
 * §9): the 3-step wizard with its messages, lot suggestion and margin warnings, the detail page
 * with its life-cycle buttons, and the miles a cancellation gives back to the lot.
 */
const session = useSpecSession();
let context: BrowserContext;
let page: Page;
let emissions: EmissionsPage;

const CLIENT = { name: 'Ana Beatriz Costa', cpf: '529.982.247-25', email: 'ana.costa@exemplo.com.br' };
const ACCOUNT_NUMBER = '778899001';
const PASSENGER = { name: 'João Pedro Costa', cpf: '11144477735' };

let clientId = '';
let accountId = '';
/** 20.000 miles at R$ 18,00 per thousand, expiring in 40 days: the cheapest. */
let cheapLotId = '';
/** 60.000 miles at R$ 23,00 per thousand. */
let bigLotId = '';

function browserToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
}
const addDays = (days: number) => addDaysIso(browserToday(), days)!;

async function seedLot(quantity: number, costPerMile: string, expiresIn: number, supplier: string): Promise<string> {
  const res = await apiAs(context, 'POST', '/lots', {
    program: 'LATAM',
    account_id: accountId,
    original_quantity: String(quantity),
    cost_per_mile: costPerMile,
    purchase_date: addDays(-3),
    expiry_date: addDays(expiresIn),
    supplier,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

async function lotRemaining(id: string): Promise<number> {
  const res = await apiAs(context, 'GET', `/lots/${id}`);
  expect(res.status).toBe(200);
  return res.body.lot.remaining_quantity;
}

beforeAll(async () => {
  ({ context, page } = session);
  emissions = new EmissionsPage(page);

  const client = await apiAs(context, 'POST', '/clients', {
    name: CLIENT.name,
    email: CLIENT.email,
    document: CLIENT.cpf,
    loyalty_accounts: [{ program: 'LATAM', account_number: ACCOUNT_NUMBER }],
  });
  expect(client.status, JSON.stringify(client.body)).toBe(201);
  clientId = client.body.id;
  const accounts = await apiAs(context, 'GET', `/accounts?client_id=${clientId}`);
  expect(accounts.status).toBe(200);
  accountId = accounts.body.data.find((a: { program: string }) => a.program === 'LATAM').id;
  cheapLotId = await seedLot(20_000, '0.0180', 40, 'Milhas Nordeste');
  bigLotId = await seedLot(60_000, '0.0230', 300, 'Balcão Sul');
});

describe('emissions', () => {
  it('shows the empty state with its Nova Emissão button on a new agency', async () => {
    await emissions.goto();
    await page.getByText('Nenhuma emissão encontrada').waitFor();
    expect(await emissions.button('Nova Emissão').count()).toBe(2);
    expect(await text(emissions.summaryCard('Total de Emissões'))).toContain('0');
    expect(await text(emissions.summaryCard('Receita (emitidas)'))).toContain('R$');
  });

  let createdId = '';

  it('runs the wizard to the detail page, with its messages, lot suggestion and margin warnings', async () => {
    await emissions.goto();
    await emissions.openWizard();
    const dialog = emissions.dialog();
    expect(await text(emissions.currentStep())).toContain('Cliente e conta');

    // Step 1: forward only when it validates (spec part 2 §5).
    await emissions.next();
    await dialog.getByText('Cliente obrigatório').waitFor();
    expect(await dialog.getByText('Conta obrigatória').isVisible()).toBe(true);
    await emissions.chooseClient('Ana Beatriz', CLIENT.name);
    await emissions.chooseAccount(ACCOUNT_NUMBER);
    await emissions.next();
    expect(await text(emissions.currentStep())).toContain('Dados da emissão');

    // Step 2: the schema's messages under the fields.
    await emissions.fillData({ miles: '0', revenue: '0' });
    await emissions.next();
    await dialog.getByText('Rota obrigatória').waitFor();
    expect(await dialog.getByText('Milhas devem ser maior que 0').isVisible()).toBe(true);
    expect(await dialog.getByText('Receita deve ser maior que 0').isVisible()).toBe(true);
    expect(await text(emissions.currentStep())).toContain('Dados da emissão');

    // Digits only in Milhas; no lot can cover 500.000 miles.
    await emissions.fillData({ route: 'nat gru', miles: '5x00.000', fees: '150,00', revenue: '100,00', rav: '50', passengers: [PASSENGER] });
    expect(await emissions.field('Milhas').inputValue()).toBe('500000');
    expect(await dialog.locator('#emission-passenger-0-cpf').inputValue()).toBe('111.444.777-35');
    await dialog.getByText('Não há lotes suficientes disponíveis para atender 500.000 milhas.').waitFor();
    await emissions.next();
    await dialog.getByText('Nenhum lote disponível com milhas suficientes').waitFor();
    expect(await text(emissions.currentStep())).toContain('Dados da emissão');

    // 10.000 miles: the cheapest lot covers them alone, and it expires within 60 days.
    await emissions.fillData({ miles: '10000' });
    await emissions.lotSuggestion().getByText('Milhas Nordeste').waitFor();
    expect(await emissions.lotSuggestion().getByTestId('expiring-badge').isVisible()).toBe(true);
    // Miles cost R$ 180,00 + fees R$ 150,00 + RAV R$ 50,00 against R$ 100,00 of revenue.
    expect(await text(emissions.estimate())).toContain('R$ 180,00');
    expect(await text(emissions.estimate())).toContain('-R$ 280,00');
    await dialog.getByTestId('margin-alert').getByText('está abaixo do mínimo recomendado (10%).').waitFor();

    // The manual list: lots that cover the need alone, cheapest first.
    await dialog.getByRole('button', { name: 'Escolher lotes manualmente' }).click();
    const manual = dialog.getByTestId('manual-lots').locator('label');
    expect(await manual.count()).toBe(2);
    expect(await text(manual.first())).toContain('Milhas Nordeste');

    await emissions.next();
    expect(await text(emissions.currentStep())).toContain('Revisão');
    const review = emissions.review();
    await review.getByText('Atenção: Margem Negativa').waitFor();
    expect(await review.getByText('Esta emissão resultará em prejuízo. Confirme se deseja continuar.').isVisible()).toBe(true);
    expect(await text(review)).toContain(CLIENT.name);
    expect(await text(review)).toContain('NAT-GRU');
    expect(await text(review)).toContain(PASSENGER.name);
    expect(await text(review.getByTestId('review-lots'))).toContain('Milhas Nordeste');
    expect(await text(review.getByTestId('financial-breakdown'))).toContain('R$ 380,00');

    // Back keeps what was typed.
    await emissions.back();
    expect(await emissions.field('Rota').inputValue()).toBe('nat gru');
    await emissions.next();
    await emissions.review().waitFor();

    await emissions.confirm();
    await emissions.toast('Emissão criada').waitFor();
    expect(await text(emissions.toast('Emissão criada'))).toContain('A emissão foi submetida com sucesso');
    await page.waitForURL(/\/emissoes\/[0-9a-f-]{36}$/);
    createdId = page.url().split('/').pop()!;
    await emissions.dialog().waitFor({ state: 'detached' });

    expect(await text(emissions.detailStatus())).toBe('Processando');
    expect(await page.getByRole('link', { name: CLIENT.name, exact: true }).getAttribute('href')).toBe(`/clientes/${clientId}`);
    expect(await page.getByText(CLIENT.email).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Milhas Nordeste', exact: true }).getAttribute('href')).toBe(`/lotes/${cheapLotId}`);
    expect(await text(emissions.timeline())).toContain('Criada');
    expect(await text(emissions.timeline())).toContain('Submetida');
    expect(await lotRemaining(cheapLotId)).toBe(10_000);
  });

  it('issues the emission from its page', async () => {
    await emissions.gotoDetail(createdId);
    await emissions.button('Marcar como emitida').waitFor();
    expect(await emissions.button('Marcar falha').isVisible()).toBe(true);
    await emissions.runAction('Marcar como emitida');
    await emissions.toast('Emissão marcada como emitida').waitFor();
    await page.getByTestId('emission-status').getByText('Emitida').waitFor();
    expect(await text(emissions.timeline())).toContain('Emitida');
    expect(await emissions.button('Marcar como emitida').count()).toBe(0);
    expect(await emissions.button('Cancelar emissão').isVisible()).toBe(true);
  });

  it('lists emissions newest first and opens one from its row', async () => {
    const res = await apiAs(context, 'POST', '/emissions', {
      client_id: clientId,
      account_id: accountId,
      pnr: 'XYZ789',
      route: 'REC-LIS',
      departure_date: addDays(30),
      miles_used: 30_000,
      fees_cents: 10_000,
      revenue_cents: 150_000,
      rav_cents: 0,
      passengers: [PASSENGER],
      lot_ids: [bigLotId],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await lotRemaining(bigLotId)).toBe(30_000);

    await emissions.goto();
    await emissions.rows().first().waitFor();
    expect(await emissions.rows().count()).toBe(2);
    expect(await text(emissions.rows().first())).toContain('XYZ789');
    expect(await text(emissions.rows().first())).toContain(formatDate(browserToday()));
    expect(await text(emissions.summaryCard('Emitidas'))).toContain('1');
    // Revenue of issued emissions only: R$ 100,00, not the new one's R$ 1.500,00.
    expect(await text(emissions.summaryCard('Receita (emitidas)'))).toContain('R$ 100,00');

    // The status filter narrows the list.
    await page.getByLabel('Filtrar por status').selectOption('issued');
    await page.waitForURL(/status=issued/);
    await emissions.row('XYZ789').waitFor({ state: 'detached' });
    expect(await emissions.rows().count()).toBe(1);
    expect(await text(emissions.rows().first())).toContain('NAT-GRU');
    await page.getByLabel('Filtrar por status').selectOption('');

    // A period that starts after it ends is not sent: the message says so, the list stays whole.
    await page.goto(`/emissoes?de=${addDays(1)}&ate=${browserToday()}`);
    await page.getByRole('alert').filter({ hasText: 'Período inválido: a data inicial é posterior à final.' }).waitFor();
    await emissions.rows().first().waitFor();
    expect(await emissions.rows().count()).toBe(2);
    expect(await page.getByText('Erro ao carregar emissões').count()).toBe(0);
    await page.getByRole('button', { name: 'Limpar Filtros' }).click();
    await page.getByRole('alert').filter({ hasText: 'Período inválido' }).waitFor({ state: 'detached' });

    await emissions.row('XYZ789').locator('td').nth(2).click();
    await page.waitForURL(`**/emissoes/${res.body.emission.id}`);
    await page.getByRole('heading', { level: 1, name: /REC-LIS/ }).waitFor();
  });

  it('cancels an emission and gives its miles back to the lot', async () => {
    await emissions.goto();
    await emissions.row('XYZ789').waitFor();
    // Keyboard: the row's link opens the emission.
    await emissions.row('XYZ789').getByRole('link').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/emissoes\/[0-9a-f-]{36}$/);
    await emissions.runAction('Cancelar emissão');
    await emissions.toast('Emissão cancelada').waitFor();
    expect(await text(emissions.toast('Emissão cancelada'))).toContain('As milhas voltaram para os lotes de origem.');
    await page.getByTestId('emission-status').getByText('Cancelada').waitFor();
    expect(await text(emissions.timeline())).toContain('Cancelada');

    expect(await page.getByRole('link', { name: 'Balcão Sul', exact: true }).getAttribute('href')).toBe(`/lotes/${bigLotId}`);
    await page.goto(`/lotes/${bigLotId}`);
    const figure = page.getByRole('region', { name: 'Indicadores do lote' }).locator('[data-slot="card"]').filter({ hasText: 'Milhas restantes' });
    await figure.getByText('60.000', { exact: true }).waitFor();
  });

  it("pages the lot's allocation history, 20 a page, newest first", async () => {
    // Twenty more emissions from the lot: with the earlier ones, more than one page.
    for (let i = 0; i < 20; i++) {
      const res = await apiAs(context, 'POST', '/emissions', {
        client_id: clientId,
        account_id: accountId,
        pnr: `PG${String(i).padStart(4, '0')}`,
        route: 'NAT-REC',
        departure_date: addDays(20),
        miles_used: 1_000,
        fees_cents: 0,
        revenue_cents: 50_000,
        rav_cents: 0,
        passengers: [PASSENGER],
        lot_ids: [bigLotId],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const history = await apiAs(context, 'GET', `/lots/${bigLotId}/allocations`);
    const total = history.body.total as number;
    expect(total).toBeGreaterThan(20);

    await page.goto(`/lotes/${bigLotId}`);
    const rows = page.getByTestId('allocation-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(20);
    expect(await text(rows.first())).toContain('PG0019');
    const pager = page.getByRole('navigation', { name: 'Paginação de alocações' });
    expect(await text(pager)).toContain(`Mostrando 1 a 20 de ${total} alocações`);
    await pager.getByRole('button', { name: 'Próxima' }).click();
    await pager.getByText(`Mostrando 21 a ${total} de ${total} alocações`).waitFor();
    await rows.filter({ hasText: 'PG0019' }).waitFor({ state: 'detached' });
    expect(await rows.count()).toBe(total - 20);
  });

  it("shows 'Emissão não encontrada' with a way back for an unknown id", async () => {
    await emissions.gotoDetail('00000000-0000-4000-8000-000000000000');
    await page.getByText('Emissão não encontrada').waitFor();
    await page.getByRole('link', { name: 'Voltar para emissões' }).click();
    await emissions.heading().waitFor();
  });
});

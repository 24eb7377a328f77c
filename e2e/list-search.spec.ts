import { beforeEach, describe, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { apiAs, expect } from './fixtures';
import { ClientsPage } from './pages/clients-page';
import { EmissionsPage } from './pages/emissions-page';
import { LotsPage } from './pages/lots-page';
import { CHEAP_LOT, seedCustomer, seedEmission, seedLotInAccount } from './seed';
import { useSpecSession } from './session';

/**
 * The search text of /clientes, /lotes and /emissoes lives in the address like their other filters
 * (issue #14 "Errors and waiting"): `?q=` follows the box 300 ms after typing, replacing the
 * history entry rather than adding one per keystroke; a reload, a shared link and Back from a
 * record's page show the same search and the same rows; a new search goes back to page 1; an
 * emptied box takes `q` out of the address.
 */
const session = useSpecSession();
let context: BrowserContext;
let page: Page;

beforeEach(() => {
  ({ context, page } = session);
});

const historyLength = () => page.evaluate(() => window.history.length);
const searchParam = (name: string) => new URL(page.url()).searchParams.get(name);

/** Types `term` key by key into the emptied box, then waits for the address to carry it. */
async function typeSearch(box: Locator, term: string) {
  await box.fill('');
  await box.pressSequentially(term);
  await expect.poll(() => searchParam('q')).toBe(term);
}

async function seedClient(name: string): Promise<string> {
  const res = await apiAs(context, 'POST', '/clients', { name });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

describe('the search of a list is kept in its address', () => {
  it('/clientes: typing, reload, a new search from page 2, the client page and Back, clearing, a shared link', async () => {
    const clients = new ClientsPage(page);
    await seedClient('José da Silva');
    await seedClient('Maria Souza');
    await seedClient('Joselito Alves');
    for (let i = 1; i <= 20; i++) await seedClient(`Passageiro ${String(i).padStart(2, '0')}`);

    // From page 2, a search starts at page 1; the keystrokes replace the entry instead of adding 5.
    await clients.goto('?page=2');
    await expect(clients.pagination().getByText('Página 2 de 2')).toBeVisible();
    const entries = await historyLength();
    await typeSearch(clients.search(), 'silva');
    await clients.expectNames(['José da Silva']);
    expect(searchParam('page')).toBeNull();
    expect(await historyLength()).toBe(entries);

    await page.reload();
    await expect(clients.search()).toHaveValue('silva');
    await clients.expectNames(['José da Silva']);

    await page.getByRole('link', { name: 'José da Silva', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'José da Silva' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL((url) => url.pathname === '/clientes' && url.searchParams.get('q') === 'silva');
    await expect(clients.search()).toHaveValue('silva');
    await clients.expectNames(['José da Silva']);

    // Emptied, the box takes the search out of the address and the list is whole again.
    await clients.search().fill('');
    await expect.poll(() => page.url()).toMatch(/\/clientes$/);
    await expect(clients.rows()).toHaveCount(20);

    await clients.goto(`?q=${encodeURIComponent('maria')}`);
    await expect(clients.search()).toHaveValue('maria');
    await clients.expectNames(['Maria Souza']);
  });

  it('/lotes: typing, reload, the lot page and Back', async () => {
    const lots = new LotsPage(page);
    // The row shows the account, not the supplier: one account each.
    const lia = await seedCustomer(context, { name: 'Lia Campos' }, { account_number: '556677001' });
    const rui = await seedCustomer(context, { name: 'Rui Campos' }, { account_number: '556677009' });
    await seedLotInAccount(context, lia.accountId, { ...CHEAP_LOT, supplier: 'Milhas Nordeste' });
    await seedLotInAccount(context, rui.accountId, { ...CHEAP_LOT, supplier: 'Balcão Sul' });

    await lots.goto();
    await expect(lots.rows()).toHaveCount(2);
    const entries = await historyLength();
    await typeSearch(lots.search(), 'nordeste');
    await lots.expectAccounts(['556677001']);
    expect(await historyLength()).toBe(entries);

    await page.reload();
    await expect(lots.search()).toHaveValue('nordeste');
    await lots.expectAccounts(['556677001']);

    await lots.rowAction('Conta: 556677001', 'Visualizar');
    await expect(page).toHaveURL(/\/lotes\/[0-9a-f-]{36}$/);
    await page.goBack();
    await expect(page).toHaveURL((url) => url.pathname === '/lotes' && url.searchParams.get('q') === 'nordeste');
    await expect(lots.search()).toHaveValue('nordeste');
    await lots.expectAccounts(['556677001']);
  });

  it('/emissoes: typing, reload, the emission page and Back, the cards following the search', async () => {
    const emissions = new EmissionsPage(page);
    const buyer = await seedCustomer(context, { name: 'Otávio Reis' }, { account_number: '556677002' });
    const lotId = await seedLotInAccount(context, buyer.accountId, CHEAP_LOT);
    const emission = { miles: 1_000, revenueCents: 50_000 };
    await seedEmission(context, buyer, lotId, { ...emission, pnr: 'QAZ111', route: 'NAT-GRU' });
    await seedEmission(context, buyer, lotId, { ...emission, pnr: 'WSX222', route: 'REC-LIS' });

    await emissions.goto();
    await expect(emissions.rows()).toHaveCount(2);
    const entries = await historyLength();
    await typeSearch(page.getByRole('searchbox', { name: 'Buscar emissões' }), 'qaz111');
    await expect(emissions.rows()).toHaveCount(1);
    await emissions.expectSummary({ total: 1, issued: 0, pending: 1, revenueCents: 0 });
    expect(await historyLength()).toBe(entries);

    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Buscar emissões' })).toHaveValue('qaz111');
    await expect(emissions.rows()).toHaveCount(1);

    await emissions.row('QAZ111').locator('td').nth(2).click();
    await expect(page).toHaveURL(/\/emissoes\/[0-9a-f-]{36}$/);
    await page.goBack();
    await expect(page).toHaveURL((url) => url.pathname === '/emissoes' && url.searchParams.get('q') === 'qaz111');
    await expect(page.getByRole('searchbox', { name: 'Buscar emissões' })).toHaveValue('qaz111');
    await expect(emissions.rows()).toHaveCount(1);
    await emissions.expectSummary({ total: 1, issued: 0, pending: 1, revenueCents: 0 });
  });
});

import type { BrowserContext } from 'playwright-core';
import { addDaysIso } from '../src/domain/format';
import { apiAs, expect } from './fixtures';

/** The browser's calendar day (its context runs in America/Sao_Paulo): what the app counts days from. */
export function browserToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
}

/** The day `days` after the browser's today (before it when negative). */
export const daysFromToday = (days: number) => addDaysIso(browserToday(), days)!;

/** Every client or lot of the agency deleted through the bulk delete, so that a test counts from zero. */
export async function deleteAll(context: BrowserContext, list: '/clients' | '/lots') {
  const ids: string[] = [];
  for (let p = 1; ; p++) {
    const res = await apiAs(context, 'GET', `${list}?limit=100&page=${p}`);
    ids.push(...res.body.data.map((row: { id: string }) => row.id));
    if (p >= res.body.total_pages) break;
  }
  if (ids.length > 0) expect((await apiAs(context, 'POST', `${list}/bulk-delete`, { ids })).status).toBe(200);
}

export interface Customer {
  clientId: string;
  /** The client's LATAM account, where its lots are. */
  accountId: string;
}

/** A client with a LATAM account, through the API. */
export async function seedCustomer(
  context: BrowserContext,
  client: { name: string; email?: string; document?: string },
  account: { account_number: string; nickname?: string },
): Promise<Customer> {
  const res = await apiAs(context, 'POST', '/clients', {
    ...client,
    loyalty_accounts: [{ program: 'LATAM', ...account }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const clientId: string = res.body.id;
  const accounts = await apiAs(context, 'GET', `/accounts?client_id=${clientId}`);
  expect(accounts.status).toBe(200);
  return { clientId, accountId: accounts.body.data.find((a: { program: string }) => a.program === 'LATAM').id };
}

/** A LATAM lot in the account, bought three days ago and expiring `expiresIn` days from today, through the API. */
export async function seedLotInAccount(
  context: BrowserContext,
  accountId: string,
  lot: { quantity: number; costPerMile: string; expiresIn: number; supplier: string },
): Promise<string> {
  const res = await apiAs(context, 'POST', '/lots', {
    program: 'LATAM',
    account_id: accountId,
    original_quantity: String(lot.quantity),
    cost_per_mile: lot.costPerMile,
    purchase_date: daysFromToday(-3),
    expiry_date: daysFromToday(lot.expiresIn),
    supplier: lot.supplier,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

/** The lots the emission tests and screenshots draw from: 20.000 miles at R$ 18,00 per thousand, expiring in 40 days (the cheapest)… */
export const CHEAP_LOT = { quantity: 20_000, costPerMile: '0.0180', expiresIn: 40, supplier: 'Milhas Nordeste' };
/** …and 60.000 miles at R$ 23,00 per thousand. */
export const BIG_LOT = { quantity: 60_000, costPerMile: '0.0230', expiresIn: 300, supplier: 'Balcão Sul' };

/** The passenger the seeded emissions carry. */
export const PASSENGER = { name: 'João Pedro Costa', cpf: '11144477735' };

export interface EmissionSeed {
  pnr: string;
  route: string;
  miles: number;
  revenueCents: number;
  feesCents?: number;
  ravCents?: number;
  departureIn?: number;
}

/** An emission of `c` through the API, as the wizard sends it: processing, the miles taken from `lotId`. */
export async function seedEmission(
  context: BrowserContext,
  c: Customer,
  lotId: string,
  e: EmissionSeed,
): Promise<string> {
  const res = await apiAs(context, 'POST', '/emissions', {
    client_id: c.clientId,
    account_id: c.accountId,
    pnr: e.pnr,
    route: e.route,
    departure_date: daysFromToday(e.departureIn ?? 30),
    miles_used: e.miles,
    fees_cents: e.feesCents ?? 0,
    revenue_cents: e.revenueCents,
    rav_cents: e.ravCents ?? 0,
    passengers: [PASSENGER],
    lot_ids: [lotId],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.emission.id;
}

// Screenshots of the emissions screens (spec part 2 §2 /emissoes and /emissoes/{id}, §4 wizard),
// in light and dark at 1280 and 390 px, on seeded data:
//   npm run build && npx tsx scripts/screenshots-emissions.ts      (writes ./screenshots/emissions, git-ignored)
// Starts its own server on a fresh database. Sign-up closes after the first agency, so the empty
// state is taken first, before anything is seeded. Dialogs scroll inside a fixed box, so for them
// the window is grown to the dialog's height and the whole wizard step shows in one image.
import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { formatDate } from '../src/domain/format';
import { apiAs, CHROMIUM_ARGS, CHROMIUM_PATH, OWNER } from '../e2e/fixtures';
import { EmissionsPage, type EmissionDataInput } from '../e2e/pages/emissions-page';
import { BIG_LOT, CHEAP_LOT, daysFromToday, seedCustomer, seedLotInAccount } from '../e2e/seed';
import { startServer } from '../e2e/server';

const out = 'screenshots/emissions';
mkdirSync(out, { recursive: true });

const SCHEMES = ['light', 'dark'] as const;
const WIDTHS = [1280, 390] as const;
type Scheme = (typeof SCHEMES)[number];
type Width = (typeof WIDTHS)[number];

const CLIENT = {
  name: 'Ana Beatriz Costa Albuquerque',
  cpf: '529.982.247-25',
  email: 'ana.beatriz.albuquerque@exemplo.com.br',
};
const ACCOUNT_NUMBER = '778899001';
const PASSENGER = { name: 'João Pedro Costa Albuquerque', cpf: '11144477735' };

const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

async function newContext(
  b: Browser,
  scheme: Scheme,
  width: Width,
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
) {
  const context = await b.newContext({
    baseURL: server.baseURL,
    viewport: { width, height: width > 500 ? 800 : 844 },
    colorScheme: scheme,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    ...(storageState ? { storageState } : {}),
  });
  context.setDefaultTimeout(15_000);
  return context;
}

async function ok(res: { status: number; body: unknown }, what: string) {
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Record<string, unknown> & { id: string };
}

/** Lets animations and late queries settle, then takes the page (or the whole open dialog). */
async function shot(page: Page, name: string, scheme: Scheme, width: Width) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(450);
  const base = { width, height: width > 500 ? 800 : 844 };
  const dialog = page.getByRole('dialog');
  const withDialog = (await dialog.count()) > 0;
  if (withDialog) {
    // Grow the window so the dialog's own scroll box shows everything; the shot is then the
    // window (a full page would show the list past the overlay, which only covers the window).
    const needed = await dialog.first().evaluate((el) => el.scrollHeight);
    await page.setViewportSize({ width, height: Math.max(base.height, needed + 64) });
    await page.waitForTimeout(250);
  }
  const file = `${out}/${name}-${scheme}-${width}.png`;
  await page.screenshot({ path: file, fullPage: !withDialog });
  await page.setViewportSize(base);
  console.log(file);
}

/** Runs `take` once per colour scheme and width, on a new page signed in with `session` (closed after it). */
async function inEachLook(
  session: Awaited<ReturnType<BrowserContext['storageState']>>,
  take: (page: Page, emissions: EmissionsPage, shoot: (name: string) => Promise<void>) => Promise<void>,
) {
  for (const scheme of SCHEMES) {
    for (const width of WIDTHS) {
      const context = await newContext(browser, scheme, width, session);
      const page = await context.newPage();
      await take(page, new EmissionsPage(page), (name) => shot(page, name, scheme, width));
      await context.close();
    }
  }
}

try {
  // --- the agency, and the empty list before anything is seeded ------------------------------
  const setup = await newContext(browser, 'light', 1280);
  await ok(await apiAs(setup, 'POST', '/auth/sign-up', OWNER), 'sign-up');
  const session = await setup.storageState();

  await inEachLook(session, async (page, emissions, shoot) => {
    await emissions.goto();
    await page.getByText('Nenhuma emissão encontrada').waitFor();
    await shoot('01-emissoes-vazia');
  });

  // --- seed: a client with a CPF and a LATAM account, three lots, emissions in each status ----
  const { clientId, accountId } = await seedCustomer(
    setup,
    { name: CLIENT.name, email: CLIENT.email, document: CLIENT.cpf },
    { account_number: ACCOUNT_NUMBER, nickname: 'Pessoal' },
  );
  // There is no API for program rules (cpm_cap) yet, so the costly lot is just costly: no 'Alto CPMM'.
  await seedLotInAccount(setup, accountId, CHEAP_LOT); // cheapest, expires within 60 days
  const midLot = await seedLotInAccount(setup, accountId, BIG_LOT);
  const costlyLot = await seedLotInAccount(setup, accountId, {
    quantity: 50_000,
    costPerMile: '0.0420',
    expiresIn: 200,
    supplier: 'Clube Premium Sudeste',
  });

  const emission = async (
    input: {
      pnr?: string;
      route: string;
      miles: number;
      fees: number;
      revenue: number;
      rav: number;
      lot: string;
      departure?: number;
    },
    actions: ('issue' | 'fail' | 'cancel')[],
  ) => {
    const created = await ok(
      await apiAs(setup, 'POST', '/emissions', {
        client_id: clientId,
        account_id: accountId,
        pnr: input.pnr ?? '',
        route: input.route,
        departure_date: input.departure === undefined ? '' : daysFromToday(input.departure),
        miles_used: input.miles,
        fees_cents: input.fees,
        revenue_cents: input.revenue,
        rav_cents: input.rav,
        passengers: [PASSENGER],
        lot_ids: [input.lot],
      }),
      `emission ${input.route}`,
    );
    const id = (created.emission as { id: string }).id;
    for (const action of actions)
      await ok(await apiAs(setup, 'POST', `/emissions/${id}/transitions`, { action }), `${action} ${input.route}`);
    return id;
  };
  const issuedId = await emission(
    {
      pnr: 'XYZ789',
      route: 'REC-LIS',
      miles: 30_000,
      fees: 45_000,
      revenue: 215_000,
      rav: 5_000,
      lot: midLot,
      departure: 30,
    },
    ['issue'],
  );
  const cancelledId = await emission(
    {
      pnr: 'ABC123',
      route: 'GRU-MIA',
      miles: 15_000,
      fees: 80_000,
      revenue: 190_000,
      rav: 0,
      lot: midLot,
      departure: 45,
    },
    ['cancel'],
  );
  await emission(
    { route: 'NAT-FOR', miles: 8_000, fees: 6_000, revenue: 52_000, rav: 2_500, lot: midLot, departure: 12 },
    [],
  );
  await emission(
    { pnr: 'QWE456', route: 'SSA-EZE', miles: 12_000, fees: 32_000, revenue: 140_000, rav: 5_000, lot: costlyLot },
    ['fail'],
  );
  await emission(
    {
      pnr: 'LOS987',
      route: 'POA-SCL',
      miles: 10_000,
      fees: 40_000,
      revenue: 70_000,
      rav: 5_000,
      lot: costlyLot,
      departure: 60,
    },
    ['issue'],
  );

  // --- every screen, in each scheme and width -------------------------------------------------
  const data: EmissionDataInput = {
    route: 'nat-gru',
    pnr: 'KLM456',
    departureDate: formatDate(daysFromToday(20)),
    miles: '10000',
    fees: '150,00',
    revenue: '1.250,00',
    rav: '50,00',
    passengers: [PASSENGER],
  };

  await inEachLook(session, async (page, emissions, shoot) => {
    await emissions.goto();
    await emissions.rows().first().waitFor();
    await shoot('02-emissoes-lista');

    // Wizard, step 1 with the client and the account chosen.
    await emissions.openWizard();
    await emissions.chooseClient('Ana Beatriz', CLIENT.name);
    await emissions.chooseAccount(ACCOUNT_NUMBER);
    await shoot('03-wizard-1-cliente-conta');

    // Step 2 filled: the suggestion (the expiring cheap lot) and a healthy margin.
    await emissions.next();
    await emissions.field('Rota').waitFor();
    await emissions.fillData(data);
    await emissions.lotSuggestion().waitFor();
    await shoot('04-wizard-2-dados');

    // More miles than any lot alone: the two-lot suggestion, with the manual list open.
    await emissions.fillData({ miles: '70000', revenue: '3.500,00' });
    await emissions.lotSuggestion().getByTestId('weighted-cpm').waitFor();
    await emissions.dialog().getByRole('button', { name: 'Escolher lotes manualmente' }).click();
    await shoot('05-wizard-2-dois-lotes');
    await emissions.dialog().getByRole('button', { name: 'Escolher lotes manualmente' }).click();

    // Revenue below the costs: the margin alert on step 2, then the warning on step 3.
    await emissions.fillData({ miles: '10000', revenue: '100,00' });
    await emissions.dialog().getByTestId('margin-alert').waitFor();
    await shoot('06-wizard-2-margem-negativa');
    await emissions.next();
    await emissions.review().getByText('Atenção: Margem Negativa').waitFor();
    await shoot('07-wizard-3-revisao-negativa');
    await page.keyboard.press('Escape');
    // The wizard holds typed data: a discard confirmation may ask first.
    const discard = page.getByRole('alertdialog');
    if (await discard.isVisible().catch(() => false)) await discard.getByRole('button').last().click();

    await emissions.gotoDetail(issuedId);
    await emissions.timeline().waitFor();
    await shoot('08-detalhe-emitida');

    await emissions.gotoDetail(cancelledId);
    await emissions.timeline().waitFor();
    await shoot('09-detalhe-cancelada');

    await emissions.gotoDetail('00000000-0000-4000-8000-000000000000');
    await page.getByText('Emissão não encontrada').waitFor();
    await shoot('10-detalhe-nao-encontrada');

    await page.goto('/emissoes/x/y');
    await shoot('11-pagina-404');
  });
  await setup.close();
} finally {
  await browser.close();
  await server.stop();
}

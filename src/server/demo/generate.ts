/**
 * Realistic Brazilian data for one agency, at any scale: clients with accented names, valid CPFs
 * (and a few companies with CNPJs), e-mails, phones, birth dates, notes and tags; their loyalty
 * accounts; and, through history.ts, the lots bought into those accounts (and a stock in the
 * agency's own), the emissions that drew them and their passengers, as the app would have
 * written them (allocations kept consistent: original = remaining + allocated to non-cancelled).
 *
 * The content comes from a seeded PRNG, so the same seed gives the same people, amounts and dates
 * (relative to `now`); row ids are random UUIDs. Rows are written in multi-row INSERTs, straight
 * to the tables (as the connecting role, not through the API), and the statement-level triggers on
 * emissions derive the clients' figures (client_figures, client_totals) as they would for real
 * emissions.
 *
 * Used by demo mode (`src/server/demo.ts`, through demo-seed.ts), by tests that need an agency's
 * worth of data, and by the benchmarks in bench/ (50,000 clients and more).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { clients, emission_allocations, loyalty_accounts, mile_lots, type emissions } from '../db/schema';
import { milesCostCents } from '../../domain/lots/lot.rules';
import { PROGRAMS, type ProgramKey } from '../../domain/programs';
import { writeEmissionHistory } from './history';
import {
  accountNumber,
  CLIENT_PROGRAMS,
  cnpjAt,
  COMPANY_KINDS,
  COMPANY_WORDS,
  cpfAt,
  createRng,
  DAY,
  DDDS,
  DOMESTIC,
  EMAIL_DOMAINS,
  insertBatches,
  insertEmissionsBulk,
  isoDay,
  NOTES,
  personName,
  slug,
  SUPPLIERS,
  TAGS,
  type Rng,
} from './people';

export { cpfAt, cnpjAt, createRng, DOMESTIC, INTERNATIONAL, insertEmissionsBulk, SUPPLIERS, type Rng } from './people';

export interface GenerateOptions {
  agencyId: string;
  /** How many clients. */
  clients: number;
  seed?: number;
  /** Share of clients with emissions (default 0.35); 0 writes no lots or emissions. */
  emissionShare?: number;
  /** Emissions per client who has any: 1..max (default 6). */
  maxEmissionsPerClient?: number;
  /** How many days back emissions go (default 540). */
  historyDays?: number;
  /** Whether emissions get their passengers (default true). */
  passengers?: boolean;
  /** Who "created" the emissions. */
  userId?: string | null;
  /** "Today" for the generated dates (default: now). */
  now?: Date;
  batchSize?: number;
  /** Progress lines go here (default: nowhere). */
  log?: (line: string) => void;
}

export interface GenerateResult {
  clients: number;
  loyaltyAccounts: number;
  lots: number;
  emissions: number;
  passengers: number;
  ms: number;
}

type ClientInsert = typeof clients.$inferInsert & { id: string; created_at: string };
type AccountInsert = typeof loyalty_accounts.$inferInsert & { id: string };
type EmissionInsert = typeof emissions.$inferInsert;
type AllocationInsert = typeof emission_allocations.$inferInsert;

export function makeClient(rng: Rng, i: number, now: Date) {
  const company = rng.chance(0.02);
  const name = company ? `${rng.pick(COMPANY_WORDS)} ${rng.pick(COMPANY_KINDS)}` : personName(rng);
  const words = name.split(' ');
  const first = slug(words[0]!);
  const last = slug(words[words.length - (company ? 2 : 1)]!);
  const email = rng.chance(company ? 0.95 : 0.85)
    ? company
      ? `contato${i}@${first}${last}.com.br`
      : `${first}${rng.pick(['.', '_', ''])}${last}${rng.chance(0.6) ? rng.int(1, 999) : ''}@${rng.weighted(EMAIL_DOMAINS)}`
    : null;
  const phone = rng.chance(0.8)
    ? `${rng.pick(DDDS)}${rng.chance(0.9) ? `9${rng.int(1000, 9999)}${rng.int(1000, 9999)}` : `3${rng.int(100, 999)}${rng.int(1000, 9999)}`}`
    : null;
  const document = company ? cnpjAt(i) : rng.chance(0.92) ? cpfAt(i) : null;
  const birth =
    !company && rng.chance(0.7)
      ? isoDay(new Date(Date.UTC(rng.int(1940, 2006), rng.int(0, 11), rng.int(1, 28))))
      : null;
  const createdAt = new Date(now.getTime() - rng.int(1, 3 * 365) * DAY - rng.int(0, DAY - 1));
  const updatedAt = rng.chance(0.4)
    ? new Date(Math.min(now.getTime(), createdAt.getTime() + rng.int(1, 400) * DAY))
    : createdAt;
  const tags = rng.chance(0.2) ? [rng.weighted(TAGS)] : [];
  return {
    id: randomUUID(),
    name,
    email,
    phone,
    document,
    birth_date: birth,
    status: rng.weighted([
      ['active', 85],
      ['inactive', 10],
      ['blocked', 5],
    ] as const),
    tags,
    notes: rng.chance(0.15) ? rng.pick(NOTES) : null,
    created_at: createdAt.toISOString(),
    updated_at: updatedAt.toISOString(),
  };
}

/** Fills one agency (which must exist) with generated data. Returns counts and the time taken. */
export async function generateAgencyData(db: Database, options: GenerateOptions): Promise<GenerateResult> {
  const started = performance.now();
  const rng = createRng(options.seed ?? 20_260_101);
  const now = options.now ?? new Date();
  const batch = options.batchSize ?? 5000;
  const log = options.log ?? (() => undefined);
  const { agencyId } = options;

  const clientRows: ClientInsert[] = [];
  const accountRows: AccountInsert[] = [];
  for (let i = 0; i < options.clients; i++) {
    const c = { ...makeClient(rng, i, now), agency_id: agencyId };
    clientRows.push(c);
    const n = rng.weighted([
      [0, 25],
      [1, 40],
      [2, 25],
      [3, 10],
    ] as const);
    const programs = new Set<ProgramKey>();
    while (programs.size < n) programs.add(rng.weighted(CLIENT_PROGRAMS));
    for (const program of programs) {
      accountRows.push({
        id: randomUUID(),
        agency_id: agencyId,
        client_id: c.id,
        program,
        account_number: accountNumber(rng, program),
        nickname: rng.chance(0.1) ? rng.pick(['Pessoal', 'Principal', 'Empresa', 'Família']) : null,
        created_at: c.created_at,
        updated_at: c.created_at,
      });
    }
  }
  log(`  generated in JS (${Math.round(performance.now() - started)} ms)`);
  await insertBatches(db, clients, clientRows, batch);
  log(`  clients (${Math.round(performance.now() - started)} ms)`);
  await insertBatches(db, loyalty_accounts, accountRows, batch * 2);
  log(
    `  ${clientRows.length} clients and ${accountRows.length} loyalty accounts written (${Math.round(performance.now() - started)} ms)`,
  );

  const share = options.emissionShare ?? 0.35;
  if (share <= 0)
    return {
      clients: clientRows.length,
      loyaltyAccounts: accountRows.length,
      lots: 0,
      emissions: 0,
      passengers: 0,
      ms: performance.now() - started,
    };

  const history = await writeEmissionHistory(db, rng, {
    agencyId,
    userId: options.userId ?? null,
    now,
    historyDays: options.historyDays ?? 540,
    clients: clientRows.filter(() => rng.chance(share)),
    accounts: accountRows,
    maxEmissionsPerClient: options.maxEmissionsPerClient ?? 6,
    passengers: options.passengers ?? true,
    batch,
    log,
  });
  return {
    clients: clientRows.length,
    loyaltyAccounts: accountRows.length + history.accountsAdded,
    lots: history.lots,
    emissions: history.emissions,
    passengers: history.passengers,
    ms: performance.now() - started,
  };
}

// ---------------------------------------------------------------------------------------------
// Lots at scale (bench/lots.bench.ts)

const LOT_PROGRAMS: readonly (readonly [ProgramKey, number])[] = [
  ['LATAM', 34],
  ['SMILES', 30],
  ['AZUL', 20],
  ['TAP', 5],
  ['AVIANCA', 3],
  ['AMERICAN', 3],
  ['UNITED', 2],
  ['IBERIA', 2],
  ['QATAR', 1],
];
const LOT_NOTES = [
  'Compra em promoção de transferência bonificada',
  'Promoção relâmpago — 100% de bônus',
  'Lote para emissões internacionais',
  'Conceição negociou com o fornecedor',
  'Pagamento via PIX à vista',
  'Milhas de cartão corporativo',
  'Reposição de estoque do mês',
  'Negociado com desconto por volume',
] as const;

export interface GenerateLotsOptions {
  agencyId: string;
  lots: number;
  /** Clients whose emissions draw the lots' used miles (none: every lot is whole). */
  clientIds?: readonly string[];
  seed?: number;
  now?: Date;
  batchSize?: number;
}

export interface GenerateLotsResult {
  lots: number;
  accounts: number;
  emissions: number;
  ms: number;
}

/**
 * `lots` mile lots for one agency, in its own accounts (a few per program, weighted as an agency
 * in Natal buys them): 10,000–500,000 miles each at R$ 12–35 per thousand, bought over the last
 * three years, so expiries (purchase + the program's validity, some without) lie both in the
 * past and in the future; lots past their expiry are mostly marked expired. With clients, part of
 * the miles were drawn by issued emissions (one per drawn lot), so every lot holds
 * original = remaining + allocated, and some lots are used up.
 */
export async function generateLots(db: Database, options: GenerateLotsOptions): Promise<GenerateLotsResult> {
  const started = performance.now();
  const rng = createRng(options.seed ?? 20_260_202);
  const now = options.now ?? new Date();
  const today = isoDay(now);
  const batch = options.batchSize ?? 5000;
  const { agencyId } = options;
  const clientIds = options.clientIds ?? [];

  const accounts = LOT_PROGRAMS.flatMap(([program, weight]) =>
    Array.from({ length: weight >= 20 ? 4 : weight >= 5 ? 2 : 1 }, (_, i) => ({
      id: randomUUID(),
      agency_id: agencyId,
      client_id: null,
      program,
      account_number: accountNumber(rng, program),
      nickname: i === 0 ? `Conta da agência — ${PROGRAMS[program].name}` : null,
    })),
  );
  await insertBatches(db, loyalty_accounts, accounts, batch);
  const byProgram = new Map<ProgramKey, typeof accounts>();
  for (const a of accounts) byProgram.set(a.program, [...(byProgram.get(a.program) ?? []), a]);

  const lotRows: (typeof mile_lots.$inferInsert)[] = [];
  const emissionRows: EmissionInsert[] = [];
  const allocationRows: AllocationInsert[] = [];
  for (let i = 0; i < options.lots; i++) {
    const program = rng.weighted(LOT_PROGRAMS);
    const account = rng.pick(byProgram.get(program)!);
    const quantity = rng.int(10, 500) * 1000;
    const cpm = rng.int(1200, 3500) / 100;
    const purchase = new Date(now.getTime() - rng.int(0, 3 * 365) * DAY);
    const months = PROGRAMS[program].expiryMonths ?? 24;
    const expiry = rng.chance(0.05)
      ? null
      : isoDay(
          new Date(
            Date.UTC(purchase.getUTCFullYear(), purchase.getUTCMonth() + months, Math.min(purchase.getUTCDate(), 28)),
          ),
        );
    const past = expiry !== null && expiry < today;
    const drawn =
      clientIds.length === 0
        ? 0
        : rng.weighted([
            [0, 45],
            [1, 40],
            [2, 15],
          ] as const);
    const used = drawn === 0 ? 0 : drawn === 2 ? quantity : Math.round((quantity * rng.int(5, 95)) / 100);
    const remaining = quantity - used;
    const id = randomUUID();
    const cost_per_thousand = cpm.toFixed(4);
    lotRows.push({
      id,
      agency_id: agencyId,
      account_id: account.id,
      program,
      account_number: account.account_number,
      original_quantity: quantity,
      remaining_quantity: remaining,
      total_cost_cents: milesCostCents(quantity, cost_per_thousand),
      cost_per_thousand,
      purchase_date: isoDay(purchase),
      expiry_date: expiry,
      supplier: rng.chance(0.9) ? rng.pick(SUPPLIERS) : null,
      notes: rng.chance(0.3) ? rng.pick(LOT_NOTES) : null,
      status:
        remaining === 0 ? 'used' : past && rng.chance(0.8) ? 'expired' : rng.chance(0.02) ? 'reserved' : 'available',
      created_at: purchase.toISOString(),
      updated_at: purchase.toISOString(),
    });
    if (used > 0) {
      const emissionId = randomUUID();
      const at = new Date(Math.min(now.getTime(), purchase.getTime() + rng.int(1, 300) * DAY));
      const milesCost = milesCostCents(used, cost_per_thousand);
      const revenue = Math.round(milesCost * 1.2) + 15_000;
      emissionRows.push({
        id: emissionId,
        agency_id: agencyId,
        client_id: rng.pick(clientIds),
        account_id: account.id,
        pnr: Array.from({ length: 6 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[rng.int(0, 31)]).join(''),
        route: `NAT-${rng.pick(DOMESTIC)}`,
        miles_used: used,
        fees_cents: 15_000,
        revenue_cents: revenue,
        miles_cost_cents: milesCost,
        margin_cents: revenue - milesCost - 15_000,
        status: 'issued',
        created_at: at.toISOString(),
        submitted_at: at.toISOString(),
        issued_at: at.toISOString(),
        updated_at: at.toISOString(),
      });
      allocationRows.push({
        agency_id: agencyId,
        emission_id: emissionId,
        lot_id: id,
        miles: used,
        cost_per_thousand,
        cost_cents: milesCost,
        created_at: at.toISOString(),
      });
    }
  }
  await insertBatches(db, mile_lots, lotRows, batch);
  if (emissionRows.length > 0) {
    await insertEmissionsBulk(db, agencyId, emissionRows, batch);
    await insertBatches(db, emission_allocations, allocationRows, batch * 2);
  }
  return {
    lots: lotRows.length,
    accounts: accounts.length,
    emissions: emissionRows.length,
    ms: performance.now() - started,
  };
}

/** Fresh planner statistics and visibility map after a bulk load (PGlite has no autovacuum). */
export async function vacuumAnalyze(db: Database): Promise<void> {
  for (const table of [
    'clients',
    'client_figures',
    'loyalty_accounts',
    'mile_lots',
    'lot_search_entries',
    'lot_totals',
    'emissions',
    'emission_allocations',
    'financial_entries',
    'emission_postings',
    'emission_days',
    'posting_days',
  ]) {
    await db.execute(sql.raw(`VACUUM (ANALYZE) ${table}`));
  }
}

/**
 * Realistic Brazilian data for one agency, at any scale: clients with accented names, valid CPFs
 * (and a few companies with CNPJs), e-mails, phones, birth dates, notes and tags; their loyalty
 * accounts; the agency's own accounts with mile lots; and emissions that draw miles from those
 * lots (allocations kept consistent: original = remaining + allocated to non-cancelled).
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
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database, Db } from '../db/client';
import { clients, emission_allocations, emissions, loyalty_accounts, mile_lots } from '../db/schema';
import { milesCostCents } from '../../domain/lots/lot.rules';
import { PROGRAMS, type ProgramKey } from '../../domain/programs';
import { mulberry32 } from '../../domain/random';

// ---------------------------------------------------------------------------------------------
// Seeded randomness

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  /** Picks by weight: [[value, weight], ...]. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
}

/** The generator's draws, over mulberry32 (deterministic for a seed). */
export function createRng(seed: number): Rng {
  const next = mulberry32(seed);
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
    weighted: (items) => {
      const total = items.reduce((s, [, w]) => s + w, 0);
      let r = next() * total;
      for (const [value, w] of items) {
        r -= w;
        if (r < 0) return value;
      }
      return items[items.length - 1]![0];
    },
  };
  return rng;
}

// ---------------------------------------------------------------------------------------------
// Brazilian people

const FIRST_NAMES = [
  'José',
  'João',
  'Antônio',
  'Francisco',
  'Carlos',
  'Paulo',
  'Pedro',
  'Lucas',
  'Luiz',
  'Marcos',
  'Luís',
  'Gabriel',
  'Rafael',
  'Daniel',
  'Marcelo',
  'Bruno',
  'Eduardo',
  'Felipe',
  'Raimundo',
  'Rodrigo',
  'Sebastião',
  'Fábio',
  'Cláudio',
  'Sérgio',
  'Vinícius',
  'Caio',
  'Ícaro',
  'Otávio',
  'Gustavo',
  'André',
  'Thiago',
  'Matheus',
  'Leonardo',
  'Heitor',
  'Arthur',
  'Davi',
  'Bernardo',
  'Júlio',
  'Márcio',
  'Rogério',
  'Maria',
  'Ana',
  'Francisca',
  'Antônia',
  'Adriana',
  'Juliana',
  'Márcia',
  'Fernanda',
  'Patrícia',
  'Aline',
  'Sandra',
  'Camila',
  'Amanda',
  'Bruna',
  'Jéssica',
  'Letícia',
  'Júlia',
  'Luciana',
  'Vanessa',
  'Mariana',
  'Ângela',
  'Érica',
  'Conceição',
  'Cecília',
  'Vitória',
  'Inês',
  'Lúcia',
  'Íris',
  'Thaís',
  'Débora',
  'Mônica',
  'Simone',
  'Célia',
  'Regina',
  'Tânia',
  'Valéria',
  'Helena',
  'Alice',
  'Laura',
  'Valentina',
  'Sophia',
  'Isabela',
  'Lívia',
  'Lorena',
  'Beatriz',
  'Raquel',
  'Gláucia',
  'Socorro',
  'Fátima',
  'Neusa',
] as const;

const SURNAMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Almeida',
  'Lopes',
  'Soares',
  'Fernandes',
  'Vieira',
  'Barbosa',
  'Rocha',
  'Dias',
  'Nascimento',
  'Andrade',
  'Moreira',
  'Nunes',
  'Marques',
  'Machado',
  'Mendes',
  'Freitas',
  'Cardoso',
  'Ramos',
  'Gonçalves',
  'Santana',
  'Teixeira',
  'Araújo',
  'Conceição',
  'Magalhães',
  'Brandão',
  'Falcão',
  'Simões',
  'Guimarães',
  'Galvão',
  'Assunção',
  'Leão',
  'Medeiros',
  'Damasceno',
  'Cavalcanti',
  'Albuquerque',
  'Bezerra',
  'Queiroz',
  'Macêdo',
  'Câmara',
  'Monteiro',
  'Pinheiro',
  'Batista',
  'Azevedo',
  'Castro',
  'Campos',
  'Tavares',
  'Farias',
  'Sá',
  'Fontes',
] as const;

const PARTICLES = ['da', 'de', 'dos', 'das', 'do'] as const;
const COMPANY_WORDS = [
  'Potiguar',
  'Nordeste',
  'Atlântico',
  'Sertão',
  'Ponta Negra',
  'Pipa',
  'Seridó',
  'Mossoró',
  'Litoral',
  'Cajueiro',
] as const;
const COMPANY_KINDS = [
  'Turismo Ltda',
  'Viagens e Eventos Ltda',
  'Engenharia S.A.',
  'Comércio ME',
  'Consultoria Eireli',
  'Distribuidora Ltda',
] as const;
const EMAIL_DOMAINS = [
  ['gmail.com', 50],
  ['hotmail.com', 15],
  ['outlook.com', 10],
  ['yahoo.com.br', 8],
  ['uol.com.br', 6],
  ['bol.com.br', 4],
  ['terra.com.br', 3],
  ['icloud.com', 4],
] as const;
const DDDS = [
  11, 11, 11, 21, 21, 31, 41, 51, 61, 71, 81, 84, 84, 84, 85, 83, 82, 27, 48, 62, 91, 92, 98, 86, 79,
] as const;
const NOTES = [
  'Prefere assento na janela.',
  'Viaja a negócios; pedir nota fiscal.',
  'Cliente indicado por parceiro.',
  'Contato preferencial por WhatsApp.',
  'Alérgico a amendoim — informar a companhia.',
  'Sempre voa com a família (4 pessoas).',
  'Prefere voos pela manhã.',
  'Pagamento via PIX.',
  'Não ligar após as 18h.',
  'Programa de fidelidade da esposa também.',
] as const;
const TAGS = [
  ['vip', 3],
  ['corporativo', 4],
  ['frequente', 6],
  ['família', 3],
  ['internacional', 2],
] as const;

const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

function mod11(digits: number[], weights: number[]): number {
  const sum = digits.reduce((acc, d, i) => acc + d * weights[i]!, 0);
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

/** The i-th of up to 10^9 distinct valid CPFs, scrambled so neighbours do not look alike. */
export function cpfAt(i: number): string {
  // 387420489 = 3^18 is coprime with 10^9, so i → (a·i + b) mod 10^9 never repeats.
  let base = (i * 387_420_489 + 123_456_789) % 1_000_000_000;
  let digits = String(base).padStart(9, '0').split('').map(Number);
  if (digits.every((d) => d === digits[0])) {
    base = (base + 1) % 1_000_000_000;
    digits = String(base).padStart(9, '0').split('').map(Number);
  }
  const d1 = mod11(digits, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = mod11([...digits, d1], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return [...digits, d1, d2].join('');
}

export function cnpjAt(i: number): string {
  const base = String((i * 7_654_321 + 11_222_333) % 100_000_000)
    .padStart(8, '0')
    .split('')
    .map(Number)
    .concat([0, 0, 0, 1]);
  const d1 = mod11(base, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = mod11([...base, d1], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return [...base, d1, d2].join('');
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
const DAY = 86_400_000;

// ---------------------------------------------------------------------------------------------
// Programs and trips

const CLIENT_PROGRAMS: readonly (readonly [ProgramKey, number])[] = [
  ['LATAM', 30],
  ['SMILES', 28],
  ['AZUL', 22],
  ['TAP', 6],
  ['AVIANCA', 3],
  ['AMERICAN', 4],
  ['UNITED', 2],
  ['IBERIA', 2],
  ['QATAR', 1],
  ['OTHER', 2],
];
const AGENCY_PROGRAMS: readonly (readonly [ProgramKey, number])[] = [
  ['LATAM', 40],
  ['SMILES', 35],
  ['AZUL', 20],
  ['TAP', 5],
];
export const DOMESTIC = [
  'NAT',
  'GRU',
  'GIG',
  'BSB',
  'REC',
  'FOR',
  'SSA',
  'CNF',
  'POA',
  'CWB',
  'FLN',
  'MAO',
  'BEL',
  'JPA',
  'MCZ',
  'CGH',
  'SDU',
  'VCP',
] as const;
export const INTERNATIONAL = [
  'LIS',
  'OPO',
  'MIA',
  'MCO',
  'JFK',
  'EZE',
  'SCL',
  'MAD',
  'CDG',
  'FCO',
  'LHR',
  'BOG',
  'LIM',
  'PTY',
  'DOH',
] as const;
export const SUPPLIERS = [
  'Hotmilhas',
  'MaxMilhas',
  'Clube Smiles',
  'Livelo',
  'Esfera',
  'Compra direta',
  'Fornecedor parceiro RN',
  'Iupp',
] as const;

function accountNumber(rng: Rng, program: ProgramKey): string {
  const digits = (n: number) => Array.from({ length: n }, () => rng.int(0, 9)).join('');
  switch (program) {
    case 'LATAM':
      return digits(11);
    case 'SMILES':
      return digits(9);
    case 'AZUL':
      return digits(10);
    case 'TAP':
      return `TP${digits(9)}`;
    case 'AMERICAN':
      return `${String.fromCharCode(65 + rng.int(0, 25))}${String.fromCharCode(65 + rng.int(0, 25))}${digits(5)}`;
    default:
      return digits(rng.int(8, 12));
  }
}

// ---------------------------------------------------------------------------------------------
// Writing

/**
 * Multi-row INSERT of plain objects (keys = column names) as one JSON parameter expanded by
 * jsonb_to_recordset: the same on both drivers, and far cheaper than building a statement with
 * thousands of placeholders (drizzle takes ~0.5 ms per row to build those).
 */
async function insertBatches<T extends PgTable>(db: Db, table: T, rows: T['$inferInsert'][], batchSize: number) {
  if (rows.length === 0) return;
  const columns = Object.values(getTableColumns(table)) as {
    name: string;
    getSQLType(): string;
    generated?: unknown;
  }[];
  const keys = new Set(rows.flatMap((r) => Object.keys(r)));
  const used = columns.filter((c) => keys.has(c.name));
  const names = used.map((c) => `"${c.name}"`).join(', ');
  const defs = used.map((c) => `"${c.name}" ${c.getSQLType()}`).join(', ');
  for (let i = 0; i < rows.length; i += batchSize) {
    const json = JSON.stringify(rows.slice(i, i + batchSize));
    await db.execute(
      sql`INSERT INTO ${sql.raw(`"${getTableName(table)}"`)} (${sql.raw(names)}) SELECT ${sql.raw(names)} FROM jsonb_to_recordset(${json}::jsonb) AS x(${sql.raw(defs)})`,
    );
  }
}

export interface GenerateOptions {
  agencyId: string;
  /** How many clients. */
  clients: number;
  seed?: number;
  /** Share of clients with emissions (default 0.35); 0 writes no lots or emissions. */
  emissionShare?: number;
  /** Emissions per client who has any: 1..max (default 6). */
  maxEmissionsPerClient?: number;
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
  ms: number;
}

type ClientInsert = typeof clients.$inferInsert;
type AccountInsert = typeof loyalty_accounts.$inferInsert;
type LotInsert = typeof mile_lots.$inferInsert & {
  id: string;
  remaining_quantity: number;
  original_quantity: number;
  cpm: number;
};
type EmissionInsert = typeof emissions.$inferInsert;
type AllocationInsert = typeof emission_allocations.$inferInsert;

function personName(rng: Rng): string {
  const first = rng.pick(FIRST_NAMES);
  const middle = rng.chance(0.25) ? ` ${rng.pick(FIRST_NAMES)}` : '';
  const particle = rng.chance(0.35) ? ` ${rng.pick(PARTICLES)}` : '';
  const last = rng.chance(0.6) ? `${rng.pick(SURNAMES)} ${rng.pick(SURNAMES)}` : rng.pick(SURNAMES);
  return `${first}${middle}${particle} ${last}`;
}

/**
 * The i-th generated client, of no agency yet: an accented name, e-mail, phone, the i-th valid CPF
 * (2 % companies, with the i-th CNPJ), tags and notes, created in the three years before `now`.
 * The writes benchmark inserts the same clients.
 */
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
      ms: performance.now() - started,
    };

  // The agency's own accounts, which the miles come from.
  const agencyAccounts = AGENCY_PROGRAMS.map(([program]) => ({
    id: randomUUID(),
    agency_id: agencyId,
    client_id: null,
    program,
    account_number: accountNumber(rng, program),
    nickname: `Conta da agência — ${PROGRAMS[program].name}`,
  }));
  await insertBatches(db, loyalty_accounts, agencyAccounts, batch);

  const lots: LotInsert[] = [];
  const openLots = new Map<string, LotInsert[]>();
  const buyLot = (account: (typeof agencyAccounts)[number], at: Date, atLeast: number): LotInsert => {
    const { program } = account;
    const quantity = Math.max(atLeast, rng.int(20, 300) * 10_000);
    const cpm = rng.int(1400, 3200) / 100; // R$ per thousand miles
    const purchase = new Date(at.getTime() - rng.int(1, 60) * DAY);
    const months = PROGRAMS[program].expiryMonths ?? 24;
    const expiry = new Date(
      Date.UTC(purchase.getUTCFullYear(), purchase.getUTCMonth() + months, Math.min(purchase.getUTCDate(), 28)),
    );
    const lot: LotInsert = {
      id: randomUUID(),
      agency_id: agencyId,
      account_id: account.id,
      program,
      account_number: account.account_number,
      original_quantity: quantity,
      remaining_quantity: quantity,
      total_cost_cents: Math.round((quantity * cpm * 100) / 1000),
      cost_per_thousand: cpm.toFixed(4),
      cpm,
      purchase_date: isoDay(purchase),
      expiry_date: isoDay(expiry),
      supplier: rng.pick(SUPPLIERS),
      notes: rng.chance(0.2) ? 'Compra em promoção de transferência bonificada' : null,
      status: 'available',
      created_at: purchase.toISOString(),
      updated_at: purchase.toISOString(),
    };
    lots.push(lot);
    const list = openLots.get(account.id) ?? [];
    list.push(lot);
    openLots.set(account.id, list);
    return lot;
  };

  const emissionRows: EmissionInsert[] = [];
  const allocationRows: AllocationInsert[] = [];
  const withEmissions = clientRows.filter(() => rng.chance(share));
  const events: { client: ClientInsert; at: Date }[] = [];
  for (const client of withEmissions) {
    const count = rng.int(1, options.maxEmissionsPerClient ?? 6);
    const from = Math.max(new Date(client.created_at!).getTime(), now.getTime() - 540 * DAY);
    for (let k = 0; k < count; k++) events.push({ client, at: new Date(from + rng.next() * (now.getTime() - from)) });
  }
  // In time order, so lots are bought before the emissions that use them.
  events.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const { client, at } of events) {
    const account = rng.weighted(agencyAccounts.map((a, i) => [a, AGENCY_PROGRAMS[i]![1]] as const));
    const international = rng.chance(0.25);
    const origin = rng.chance(0.5) ? 'NAT' : rng.pick(DOMESTIC);
    let dest: string = international ? rng.pick(INTERNATIONAL) : rng.pick(DOMESTIC);
    if (dest === origin) dest = 'GRU';
    const roundTrip = rng.chance(0.6);
    const miles = (international ? rng.int(40, 180) : rng.int(6, 45)) * 1000 * (roundTrip ? 2 : 1);
    const status = rng.weighted([
      ['issued', 75],
      ['processing', 7],
      ['pending', 4],
      ['failed', 5],
      ['cancelled', 9],
    ] as const);

    const id = randomUUID();
    let left = miles;
    let milesCost = 0;
    const open = (openLots.get(account.id) ?? []).filter(
      (l) => l.remaining_quantity > 0 && l.expiry_date! > isoDay(at),
    );
    if (open.reduce((s, l) => s + l.remaining_quantity, 0) < miles) open.push(buyLot(account, at, miles));
    open.sort((a, b) => a.cpm - b.cpm);
    for (const lot of open) {
      if (left === 0) break;
      const take = Math.min(left, lot.remaining_quantity);
      const cost = Math.round((take * lot.cpm * 100) / 1000);
      allocationRows.push({
        agency_id: agencyId,
        emission_id: id,
        lot_id: lot.id,
        miles: take,
        cost_per_thousand: lot.cost_per_thousand,
        cost_cents: cost,
        created_at: at.toISOString(),
      });
      // Cancelled emissions gave their miles back to the lots.
      if (status !== 'cancelled') lot.remaining_quantity -= take;
      left -= take;
      milesCost += cost;
    }
    const fees = (international ? rng.int(300, 1500) : rng.int(40, 180)) * 100 + rng.int(0, 99);
    const rav = rng.chance(0.5) ? rng.int(30, 150) * 100 : 0;
    const markup = rng.int(8, 35) / 100;
    const revenue = Math.round(milesCost * (1 + markup)) + fees + rav;
    const issuedAt = new Date(at.getTime() + rng.int(1, 48) * 3_600_000);
    const departure = new Date(at.getTime() + rng.int(7, 200) * DAY);
    emissionRows.push({
      id,
      agency_id: agencyId,
      client_id: client.id!,
      account_id: account.id,
      pnr:
        status === 'issued' || status === 'cancelled'
          ? Array.from({ length: 6 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[rng.int(0, 31)]).join('')
          : null,
      route: `${origin}-${dest}${roundTrip ? `-${origin}` : ''}`,
      departure_date: isoDay(departure),
      miles_used: miles,
      fees_cents: fees,
      revenue_cents: revenue,
      rav_cents: rav,
      miles_cost_cents: milesCost,
      margin_cents: revenue - milesCost - fees,
      status,
      created_by: options.userId ?? null,
      created_at: at.toISOString(),
      submitted_at: at.toISOString(),
      issued_at: status === 'issued' || status === 'cancelled' ? issuedAt.toISOString() : null,
      failed_at: status === 'failed' ? issuedAt.toISOString() : null,
      cancelled_at: status === 'cancelled' ? new Date(issuedAt.getTime() + rng.int(1, 10) * DAY).toISOString() : null,
      updated_at: at.toISOString(),
    });
  }
  // A cancellation released its allocations (they stay as history, marked), as releaseMiles does.
  const cancelledAt = new Map(
    emissionRows.filter((e) => e.status === 'cancelled').map((e) => [e.id!, e.cancelled_at!]),
  );
  for (const a of allocationRows) {
    const at = cancelledAt.get(a.emission_id);
    if (at) a.released_at = at;
  }
  const today = isoDay(now);
  for (const lot of lots) {
    lot.status = lot.remaining_quantity === 0 ? 'used' : lot.expiry_date! < today ? 'expired' : 'available';
  }
  await insertBatches(
    db,
    mile_lots,
    lots.map(({ cpm: _cpm, ...lot }) => lot),
    batch,
  );
  log(`  lots (${Math.round(performance.now() - started)} ms)`);
  await insertEmissionsBulk(db, agencyId, emissionRows, batch);
  log(`  emissions (${Math.round(performance.now() - started)} ms)`);
  await insertBatches(db, emission_allocations, allocationRows, batch * 2);
  log(
    `  ${lots.length} lots, ${emissionRows.length} emissions, ${allocationRows.length} allocations written (${Math.round(performance.now() - started)} ms)`,
  );
  return {
    clients: clientRows.length,
    loyaltyAccounts: accountRows.length + agencyAccounts.length,
    lots: lots.length,
    emissions: emissionRows.length,
    ms: performance.now() - started,
  };
}

/**
 * Emissions in bulk, in batches of one statement each: the clients' figures follow per statement
 * (one update per client a batch touches), so nothing is switched off or recounted.
 */
export async function insertEmissionsBulk(
  db: Database,
  _agencyId: string,
  rows: EmissionInsert[],
  batchSize = 5000,
): Promise<void> {
  await db.transaction(async (tx) => {
    await insertBatches(tx, emissions, rows, batchSize);
  });
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
  ]) {
    await db.execute(sql.raw(`VACUUM (ANALYZE) ${table}`));
  }
}

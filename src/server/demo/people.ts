/**
 * The generator's building blocks: a seeded PRNG, Brazilian names, valid CPFs and CNPJs, programs' account
 * numbers, airports and suppliers, and multi-row inserts. Shared by generate.ts (clients, and lots at scale)
 * and history.ts (lots, emissions and passengers over time).
 */
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database, Db } from '../db/client';
import { emissions } from '../db/schema';
import type { ProgramKey } from '../../domain/programs';
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

export const FIRST_NAMES = [
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

export const SURNAMES = [
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

/**
 * The particle a surname takes in a Brazilian name ("da Silva", "dos Santos", "de Oliveira",
 * "do Nascimento"); a surname not here takes none ("Ferreira", not "da Ferreira").
 */
export const SURNAME_PARTICLES: Readonly<Partial<Record<(typeof SURNAMES)[number], string>>> = {
  Silva: 'da',
  Santos: 'dos',
  Oliveira: 'de',
  Souza: 'de',
  Costa: 'da',
  Rocha: 'da',
  Nascimento: 'do',
  Andrade: 'de',
  Almeida: 'de',
  Araújo: 'de',
  Carvalho: 'de',
  Conceição: 'da',
  Assunção: 'da',
  Medeiros: 'de',
  Albuquerque: 'de',
  Azevedo: 'de',
  Macêdo: 'de',
  Queiroz: 'de',
  Castro: 'de',
  Farias: 'de',
  Freitas: 'de',
};
export const COMPANY_WORDS = [
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
export const COMPANY_KINDS = [
  'Turismo Ltda',
  'Viagens e Eventos Ltda',
  'Engenharia S.A.',
  'Comércio ME',
  'Consultoria Eireli',
  'Distribuidora Ltda',
] as const;
export const EMAIL_DOMAINS = [
  ['gmail.com', 50],
  ['hotmail.com', 15],
  ['outlook.com', 10],
  ['yahoo.com.br', 8],
  ['uol.com.br', 6],
  ['bol.com.br', 4],
  ['terra.com.br', 3],
  ['icloud.com', 4],
] as const;
export const DDDS = [
  11, 11, 11, 21, 21, 31, 41, 51, 61, 71, 81, 84, 84, 84, 85, 83, 82, 27, 48, 62, 91, 92, 98, 86, 79,
] as const;
export const NOTES = [
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
export const TAGS = [
  ['vip', 3],
  ['corporativo', 4],
  ['frequente', 6],
  ['família', 3],
  ['internacional', 2],
] as const;

export const slug = (s: string) =>
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

export const pad2 = (n: number) => String(n).padStart(2, '0');
export const isoDay = (d: Date) => `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
export const DAY = 86_400_000;

// ---------------------------------------------------------------------------------------------
// Programs and trips

export const CLIENT_PROGRAMS: readonly (readonly [ProgramKey, number])[] = [
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
export const AGENCY_PROGRAMS: readonly (readonly [ProgramKey, number])[] = [
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

export function accountNumber(rng: Rng, program: ProgramKey): string {
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
export async function insertBatches<T extends PgTable>(db: Db, table: T, rows: T['$inferInsert'][], batchSize: number) {
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

/** FIRST_NAMES holds men's names first, then women's from here. */
const WOMEN_FROM = FIRST_NAMES.indexOf('Maria');

export function personName(rng: Rng): string {
  const at = rng.int(0, FIRST_NAMES.length - 1);
  const first = FIRST_NAMES[at]!;
  // A second given name of the same gender ("José Carlos", "Ana Beatriz"), never the first again.
  const [from, to] = at < WOMEN_FROM ? [0, WOMEN_FROM - 1] : [WOMEN_FROM, FIRST_NAMES.length - 1];
  const second = rng.chance(0.25) ? FIRST_NAMES[rng.int(from, to)]! : first;
  const middle = second === first ? '' : ` ${second}`;
  const picked = rng.chance(0.6) ? [rng.pick(SURNAMES), rng.pick(SURNAMES)] : [rng.pick(SURNAMES)];
  const surnames = [...new Set(picked)];
  // The particle, when it comes, goes with the surname that takes it ("Maria de Souza Lima").
  const particle = SURNAME_PARTICLES[surnames[0]!];
  const withParticle = particle && rng.chance(0.5) ? `${particle} ${surnames[0]}` : surnames[0];
  return [first + middle, withParticle, ...surnames.slice(1)].join(' ');
}

/**
 * The i-th generated client, of no agency yet: an accented name, e-mail, phone, the i-th valid CPF
 * (2 % companies, with the i-th CNPJ), tags and notes, created in the three years before `now`.
 * The writes benchmark inserts the same clients.
 */

/**
 * Emissions in bulk, in batches of one statement each: the clients' figures follow per statement
 * (one update per client a batch touches), so nothing is switched off or recounted.
 */
export async function insertEmissionsBulk(
  db: Database,
  _agencyId: string,
  rows: (typeof emissions.$inferInsert)[],
  batchSize = 5000,
): Promise<void> {
  await db.transaction(async (tx) => {
    await insertBatches(tx, emissions, rows, batchSize);
  });
}

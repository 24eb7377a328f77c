import { onlyDigits } from '../documents';
import { addDaysIso, addMonthsIso, formatNumber, isValidIsoDate } from '../format';
import { getProgram, type BeneficiaryLimit, type BeneficiaryLimitKind } from '../programs';

// How many distinct people an account may issue tickets for (DESIGN.md §2 "emission_passengers"):
// LATAM Pass 25 per rolling 12 months, Smiles 25 and TAP Miles&Go 10 per calendar year, Azul a
// fixed list of 5; the account holder is never counted, so LATAM admits the holder plus 25 others.
// The numbers are data, in src/domain/programs.ts. Pure: the server passes the passengers of the
// account's non-cancelled emissions, each with its emission's day.

export interface BeneficiaryWindow {
  /** First day that counts, inclusive; null = since ever (a fixed list). */
  from: string | null;
  /** Today, inclusive. */
  to: string;
}

function assertIsoDate(value: string, what: string): void {
  if (typeof value !== 'string' || !isValidIsoDate(value)) throw new TypeError(`${what} inválida: ${String(value)}`);
}

/**
 * The days whose emissions use a slot today.
 * - rolling 12 months: from the day after the same date 12 months ago (clamped to the month's end)
 *   to today; on 2026-03-15 that is 2025-03-16 … 2026-03-15, so a person last flown on 2025-03-15
 *   has just freed their slot;
 * - calendar year: from 1 January of today's year;
 * - fixed list: since ever.
 */
export function beneficiaryWindow(limit: BeneficiaryLimit, today: string): BeneficiaryWindow {
  assertIsoDate(today, 'Data de hoje');
  switch (limit.kind) {
    case 'rolling_12_months':
      return { from: addDaysIso(addMonthsIso(today, -12)!, 1), to: today };
    case 'calendar_year':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
    case 'fixed_list':
      return { from: null, to: today };
  }
}

export interface PastPassenger {
  cpf: string;
  /** The emission's day, yyyy-MM-dd (a timestamp's date part is taken as written). */
  date: string;
}

export interface BeneficiaryCountInput {
  /** Program key of the account ("LATAM"); case-insensitive. */
  program: string;
  /** The account holder's CPF; null when the client has none (or the account is the agency's). */
  holderCpf: string | null;
  pastPassengers: readonly PastPassenger[];
  newPassengers: readonly { cpf: string }[];
  today: string;
  /** Overrides the catalogue's limit (undefined = programs.ts). */
  limit?: BeneficiaryLimit | null;
}

export interface BeneficiaryCount {
  limit: number | null;
  kind: BeneficiaryLimitKind | null;
  window: BeneficiaryWindow | null;
  /** Distinct people in the window before this emission, holder excluded. */
  used: number;
  /** Slots left before this emission (never below 0); null without a limit. */
  remaining: number | null;
  /** used + new_people. */
  would_use: number;
  /** This emission adds someone beyond the limit. People already counted never exceed it. */
  exceeds: boolean;
  /** CPFs (digits) this emission would add, in the order given. */
  new_people: string[];
}

function dayOf(date: string): string {
  const day = typeof date === 'string' ? date.slice(0, 10) : '';
  assertIsoDate(day, 'Data da emissão');
  return day;
}

/**
 * Distinct CPFs within the window, the holder excluded, and what this emission's passengers add.
 * A past emission dated after today (a clock or time-zone skew) still counts: over-counting only
 * warns early, under-counting would let the airline refuse the ticket. For programs without a
 * limit, `used` counts every past passenger, for information.
 */
export function countBeneficiaries(input: BeneficiaryCountInput): BeneficiaryCount {
  assertIsoDate(input.today, 'Data de hoje');
  const limit = input.limit === undefined ? (getProgram(input.program)?.beneficiaryLimit ?? null) : input.limit;
  const window = limit ? beneficiaryWindow(limit, input.today) : null;
  const holder = input.holderCpf ? onlyDigits(input.holderCpf) : '';
  const counts = (cpf: string) => cpf !== '' && cpf !== holder;

  const counted = new Set<string>();
  for (const p of input.pastPassengers) {
    const day = dayOf(p.date);
    const cpf = onlyDigits(p.cpf);
    if (counts(cpf) && (!window || window.from === null || day >= window.from)) counted.add(cpf);
  }
  const newPeople = new Set<string>();
  for (const p of input.newPassengers) {
    const cpf = onlyDigits(p.cpf);
    if (counts(cpf) && !counted.has(cpf)) newPeople.add(cpf);
  }

  const used = counted.size;
  const would_use = used + newPeople.size;
  return {
    limit: limit?.max ?? null,
    kind: limit?.kind ?? null,
    window,
    used,
    remaining: limit ? Math.max(0, limit.max - used) : null,
    would_use,
    exceeds: limit !== null && newPeople.size > 0 && would_use > limit.max,
    new_people: [...newPeople],
  };
}

const count = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

function limitText(kind: BeneficiaryLimitKind, max: number): string {
  if (kind === 'rolling_12_months') return `${formatNumber(max)} por 12 meses`;
  if (kind === 'calendar_year') return `${formatNumber(max)} por ano civil`;
  return `lista fixa de ${formatNumber(max)}`;
}

/**
 * The wizard's warning, null when the emission fits: 'Esta emissão ultrapassa o limite de
 * beneficiários do LATAM Pass (25 por 12 meses): 24 usados, 2 novos.'
 */
export function beneficiaryWarning(result: BeneficiaryCount, programName: string): string | null {
  if (!result.exceeds || result.limit === null || result.kind === null) return null;
  return (
    `Esta emissão ultrapassa o limite de beneficiários do ${programName} (${limitText(result.kind, result.limit)}): ` +
    `${count(result.used, 'usado', 'usados')}, ${count(result.new_people.length, 'novo', 'novos')}.`
  );
}

/**
 * 'Beneficiários: 5 de 25 usados nos últimos 12 meses' / '… em 2026' / '… (lista fixa)'; null
 * for programs without a limit.
 */
export function beneficiarySummary(result: BeneficiaryCount): string | null {
  if (result.limit === null || result.kind === null) return null;
  const head = `Beneficiários: ${formatNumber(result.used)} de ${formatNumber(result.limit)} usados`;
  if (result.kind === 'rolling_12_months') return `${head} nos últimos 12 meses`;
  if (result.kind === 'calendar_year')
    return `${head} em ${(result.window?.from ?? result.window?.to ?? '').slice(0, 4)}`;
  return `${head} (lista fixa)`;
}

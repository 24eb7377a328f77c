// The one loyalty-program catalogue (DESIGN.md §2, "Vocabulary where the documents disagree").
// Keys are what the database and API store; names and colours are what the UI shows.

export const PROGRAM_KEYS = [
  'LATAM',
  'SMILES',
  'AZUL',
  'TAP',
  'AVIANCA',
  'AMERICAN',
  'UNITED',
  'IBERIA',
  'QATAR',
  'OTHER',
  'LIVELO',
  'ESFERA',
  'POINTS_OTHER',
] as const;

export type ProgramKey = (typeof PROGRAM_KEYS)[number];

export const PROGRAM_CURRENCIES = ['BRL', 'EUR', 'USD'] as const;
export type ProgramCurrency = (typeof PROGRAM_CURRENCIES)[number];

export const BENEFICIARY_LIMIT_KINDS = ['rolling_12_months', 'calendar_year', 'fixed_list'] as const;
export type BeneficiaryLimitKind = (typeof BENEFICIARY_LIMIT_KINDS)[number];

/**
 * How many distinct people an account may issue tickets for, the holder never counted:
 * within any 12 months back from the issue date, within the calendar year, or a fixed list
 * of registered beneficiaries.
 */
export interface BeneficiaryLimit {
  kind: BeneficiaryLimitKind;
  max: number;
}

/**
 * An airline programme issues tickets; a points programme (a bank's: Livelo, Esfera) only holds
 * points until they are transferred to an airline programme (issue #23): its accounts and lots are
 * like any other, but never feed an emission.
 */
export type ProgramKind = 'airline' | 'points';

export interface Program {
  key: ProgramKey;
  kind: ProgramKind;
  name: string;
  currency: ProgramCurrency;
  /** Validity of miles in months; null when unknown (OTHER). */
  expiryMonths: number | null;
  /** Hex colour for badges and charts. */
  color: string;
  beneficiaryLimit: BeneficiaryLimit | null;
}

export const FALLBACK_PROGRAM_COLOR = '#6B7280';

export const PROGRAMS: Record<ProgramKey, Program> = {
  LATAM: {
    key: 'LATAM',
    kind: 'airline',
    name: 'LATAM Pass',
    currency: 'BRL',
    expiryMonths: 36,
    color: '#E3193B',
    beneficiaryLimit: { kind: 'rolling_12_months', max: 25 },
  },
  SMILES: {
    key: 'SMILES',
    kind: 'airline',
    name: 'Smiles',
    currency: 'BRL',
    expiryMonths: 24,
    color: '#FF7A00',
    beneficiaryLimit: { kind: 'calendar_year', max: 25 },
  },
  AZUL: {
    key: 'AZUL',
    kind: 'airline',
    name: 'TudoAzul',
    currency: 'BRL',
    expiryMonths: 24,
    color: '#0057B8',
    beneficiaryLimit: { kind: 'fixed_list', max: 5 },
  },
  TAP: {
    key: 'TAP',
    kind: 'airline',
    name: 'TAP Miles&Go',
    currency: 'EUR',
    expiryMonths: 24,
    color: '#00A859',
    beneficiaryLimit: { kind: 'calendar_year', max: 10 },
  },
  AVIANCA: {
    key: 'AVIANCA',
    kind: 'airline',
    name: 'LifeMiles',
    currency: 'USD',
    expiryMonths: 24,
    color: '#C2185B',
    beneficiaryLimit: null,
  },
  AMERICAN: {
    key: 'AMERICAN',
    kind: 'airline',
    name: 'AAdvantage',
    currency: 'USD',
    expiryMonths: 18,
    color: '#0078D2',
    beneficiaryLimit: null,
  },
  UNITED: {
    key: 'UNITED',
    kind: 'airline',
    name: 'MileagePlus',
    currency: 'USD',
    expiryMonths: 18,
    color: '#4338CA',
    beneficiaryLimit: null,
  },
  IBERIA: {
    key: 'IBERIA',
    kind: 'airline',
    name: 'Iberia Plus',
    currency: 'EUR',
    expiryMonths: 36,
    color: '#F2B700',
    beneficiaryLimit: null,
  },
  QATAR: {
    key: 'QATAR',
    kind: 'airline',
    name: 'Privilege Club',
    currency: 'USD',
    expiryMonths: 36,
    color: '#5C0632',
    beneficiaryLimit: null,
  },
  OTHER: {
    key: 'OTHER',
    kind: 'airline',
    name: 'Outro',
    currency: 'BRL',
    expiryMonths: null,
    color: '#94A3B8',
    beneficiaryLimit: null,
  },
  LIVELO: {
    key: 'LIVELO',
    kind: 'points',
    name: 'Livelo',
    currency: 'BRL',
    expiryMonths: 24,
    color: '#D6006D',
    beneficiaryLimit: null,
  },
  ESFERA: {
    key: 'ESFERA',
    kind: 'points',
    name: 'Esfera',
    currency: 'BRL',
    expiryMonths: 24,
    color: '#B3001B',
    beneficiaryLimit: null,
  },
  POINTS_OTHER: {
    key: 'POINTS_OTHER',
    kind: 'points',
    name: 'Outro programa de pontos',
    currency: 'BRL',
    expiryMonths: null,
    color: '#7C6F9B',
    beneficiaryLimit: null,
  },
};

/** Catalogue entries in PROGRAM_KEYS order, e.g. for selects and chart legends. */
export const PROGRAM_LIST: readonly Program[] = PROGRAM_KEYS.map((key) => PROGRAMS[key]);

/** The programmes that issue tickets: emissions, simulations, quotes and rules are theirs. */
export const AIRLINE_PROGRAM_KEYS = PROGRAM_KEYS.filter((key) => PROGRAMS[key].kind === 'airline');
export const AIRLINE_PROGRAM_LIST: readonly Program[] = AIRLINE_PROGRAM_KEYS.map((key) => PROGRAMS[key]);
/** The points programmes (Livelo, Esfera, another): they only transfer to airline programmes. */
export const POINTS_PROGRAM_KEYS = PROGRAM_KEYS.filter((key) => PROGRAMS[key].kind === 'points');

export function isPointsProgram(key: string): boolean {
  return getProgram(key)?.kind === 'points';
}

export function isProgramKey(key: string): key is ProgramKey {
  return (PROGRAM_KEYS as readonly string[]).includes(key);
}

/** Looks a key up case-insensitively ("latam" finds LATAM), since imported data varies. */
export function getProgram(key: string): Program | undefined {
  const normalised = key.trim().toUpperCase();
  return isProgramKey(normalised) ? PROGRAMS[normalised] : undefined;
}

export function programName(key: string): string {
  return getProgram(key)?.name ?? key;
}

export function programColor(key: string): string {
  return getProgram(key)?.color ?? FALLBACK_PROGRAM_COLOR;
}

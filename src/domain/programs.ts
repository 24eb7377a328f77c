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

export interface Program {
  key: ProgramKey;
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
    name: 'LATAM Pass',
    currency: 'BRL',
    expiryMonths: 36,
    color: '#E3193B',
    beneficiaryLimit: { kind: 'rolling_12_months', max: 25 },
  },
  SMILES: {
    key: 'SMILES',
    name: 'Smiles',
    currency: 'BRL',
    expiryMonths: 24,
    color: '#FF7A00',
    beneficiaryLimit: { kind: 'calendar_year', max: 25 },
  },
  AZUL: {
    key: 'AZUL',
    name: 'TudoAzul',
    currency: 'BRL',
    expiryMonths: 24,
    color: '#0057B8',
    beneficiaryLimit: { kind: 'fixed_list', max: 5 },
  },
  TAP: {
    key: 'TAP',
    name: 'TAP Miles&Go',
    currency: 'EUR',
    expiryMonths: 24,
    color: '#00A859',
    beneficiaryLimit: { kind: 'calendar_year', max: 10 },
  },
  AVIANCA: {
    key: 'AVIANCA',
    name: 'LifeMiles',
    currency: 'USD',
    expiryMonths: 24,
    color: '#C2185B',
    beneficiaryLimit: null,
  },
  AMERICAN: {
    key: 'AMERICAN',
    name: 'AAdvantage',
    currency: 'USD',
    expiryMonths: 18,
    color: '#0078D2',
    beneficiaryLimit: null,
  },
  UNITED: {
    key: 'UNITED',
    name: 'MileagePlus',
    currency: 'USD',
    expiryMonths: 18,
    color: '#4338CA',
    beneficiaryLimit: null,
  },
  IBERIA: {
    key: 'IBERIA',
    name: 'Iberia Plus',
    currency: 'EUR',
    expiryMonths: 36,
    color: '#F2B700',
    beneficiaryLimit: null,
  },
  QATAR: {
    key: 'QATAR',
    name: 'Privilege Club',
    currency: 'USD',
    expiryMonths: 36,
    color: '#5C0632',
    beneficiaryLimit: null,
  },
  OTHER: {
    key: 'OTHER',
    name: 'Outro',
    currency: 'BRL',
    expiryMonths: null,
    color: '#94A3B8',
    beneficiaryLimit: null,
  },
};

/** Catalogue entries in PROGRAM_KEYS order, e.g. for selects and chart legends. */
export const PROGRAM_LIST: readonly Program[] = PROGRAM_KEYS.map((key) => PROGRAMS[key]);

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

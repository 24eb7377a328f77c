import { describe, expect, it } from 'vitest';
import { formatCpf } from '../../documents';
import { PROGRAM_KEYS, PROGRAMS, type BeneficiaryLimit } from '../../programs';
import {
  beneficiarySummary,
  beneficiaryWarning,
  beneficiaryWindow,
  countBeneficiaries,
  type BeneficiaryCountInput,
  type PastPassenger,
} from '../beneficiaries';
import { cpf } from './cpf.fixtures';

const ROLLING: BeneficiaryLimit = { kind: 'rolling_12_months', max: 25 };
const CALENDAR: BeneficiaryLimit = { kind: 'calendar_year', max: 25 };
const FIXED: BeneficiaryLimit = { kind: 'fixed_list', max: 5 };

const HOLDER = cpf(999);
const past = (n: number, date: string): PastPassenger => ({ cpf: cpf(n), date });
/** People 1 … n, each flown on `date`. */
const people = (n: number, date: string) => Array.from({ length: n }, (_, i) => past(i + 1, date));
const fresh = (...ns: number[]) => ns.map((n) => ({ cpf: cpf(n) }));

function count(overrides: Partial<BeneficiaryCountInput>) {
  return countBeneficiaries({
    program: 'LATAM',
    holderCpf: HOLDER,
    pastPassengers: [],
    newPassengers: [],
    today: '2026-03-15',
    ...overrides,
  });
}

describe('beneficiaryWindow', () => {
  it.each([
    [ROLLING, '2026-03-15', '2025-03-16'],
    [ROLLING, '2026-01-01', '2025-01-02'],
    [ROLLING, '2026-03-31', '2025-04-01'],
    [ROLLING, '2025-02-28', '2024-02-29'], // the leap day counts
    [ROLLING, '2024-02-29', '2023-03-01'], // 12 months back clamps to 28/02
    [ROLLING, '2025-03-01', '2024-03-02'],
    [CALENDAR, '2026-03-15', '2026-01-01'],
    [CALENDAR, '2026-01-01', '2026-01-01'],
    [CALENDAR, '2025-12-31', '2025-01-01'],
    [FIXED, '2026-03-15', null],
  ])('%j on %s starts on %j', (limit, today, from) => {
    expect(beneficiaryWindow(limit, today)).toEqual({ from, to: today });
  });

  it.each(['15/03/2026', '2026-02-30', ''])('refuses today %j', (today) => {
    expect(() => beneficiaryWindow(ROLLING, today)).toThrow(TypeError);
  });
});

describe('countBeneficiaries', () => {
  it.each([
    // LATAM, today 2026-03-15: the window starts on 2025-03-16
    ['12 months ago to the day: out', 'LATAM', '2026-03-15', '2025-03-15', 0],
    ['12 months ago plus a day: in', 'LATAM', '2026-03-15', '2025-03-16', 1],
    ['today: in', 'LATAM', '2026-03-15', '2026-03-15', 1],
    ['a (skewed) future day: in', 'LATAM', '2026-03-15', '2026-03-16', 1],
    ['a timestamp uses its date part', 'LATAM', '2026-03-15', '2025-03-16T02:00:00Z', 1],
    ['leap year: 29/02 within 12 months of 28/02', 'LATAM', '2025-02-28', '2024-02-29', 1],
    ['leap year: 28/02 is out', 'LATAM', '2025-02-28', '2024-02-28', 0],
    // Smiles: calendar year
    ['31/12 does not count on 01/01', 'SMILES', '2026-01-01', '2025-12-31', 0],
    ['01/01 counts on 01/01', 'SMILES', '2026-01-01', '2026-01-01', 1],
    ['01/01 counts on 31/12', 'SMILES', '2025-12-31', '2025-01-01', 1],
    ['last year does not count on 31/12', 'SMILES', '2025-12-31', '2024-12-31', 0],
    ['TAP: calendar year too', 'TAP', '2026-03-15', '2025-12-31', 0],
    // Azul: a fixed list, forever
    ['Azul: ten years ago still counts', 'AZUL', '2026-03-15', '2016-01-01', 1],
  ])('%s', (_what, program, today, date, used) => {
    const result = count({ program, today, pastPassengers: [past(1, date)], newPassengers: fresh(1) });
    expect(result.used).toBe(used);
    // Someone already in the window takes no new slot.
    expect(result.new_people).toEqual(used === 1 ? [] : [cpf(1)]);
  });

  it('never counts the holder, however the CPF is written', () => {
    const result = count({
      holderCpf: formatCpf(HOLDER),
      pastPassengers: [{ cpf: HOLDER, date: '2026-01-10' }, past(1, '2026-01-10')],
      newPassengers: [{ cpf: formatCpf(HOLDER) }, ...fresh(2)],
    });
    expect(result).toMatchObject({ used: 1, would_use: 2, new_people: [cpf(2)] });
  });

  it('counts everyone when the holder has no CPF', () => {
    const result = count({
      holderCpf: null,
      pastPassengers: [{ cpf: HOLDER, date: '2026-01-10' }],
      newPassengers: fresh(1),
    });
    expect(result).toMatchObject({ used: 1, would_use: 2, new_people: [cpf(1)] });
  });

  it('counts a person once, however often they flew or appear', () => {
    const result = count({
      pastPassengers: [
        past(1, '2025-06-01'),
        past(1, '2026-01-10'),
        { cpf: formatCpf(cpf(1)), date: '2026-02-01' },
        past(2, '2026-02-01'),
      ],
      newPassengers: [...fresh(3, 3), { cpf: formatCpf(cpf(3)) }, ...fresh(1)],
    });
    expect(result).toMatchObject({ used: 2, would_use: 3, new_people: [cpf(3)] });
  });

  it.each([
    // program, used before, new people (numbers), limit, remaining, would_use, exceeds
    ['LATAM at 24 + 1', 'LATAM', 24, [100], 25, 1, 25, false],
    ['LATAM at 24 + 2', 'LATAM', 24, [100, 101], 25, 1, 26, true],
    ['LATAM at 25, flying people already counted', 'LATAM', 25, [1, 2], 25, 0, 25, false],
    ['LATAM at 25 + 1', 'LATAM', 25, [100], 25, 0, 26, true],
    ['LATAM over the limit (old data), nobody new', 'LATAM', 27, [3], 25, 0, 27, false],
    ['Smiles at 20 + 5', 'SMILES', 20, [100, 101, 102, 103, 104], 25, 5, 25, false],
    ['TAP at 9 + 1', 'TAP', 9, [100], 10, 1, 10, false],
    ['TAP at 9 + 2', 'TAP', 9, [100, 101], 10, 1, 11, true],
    ['Azul at 5 with one of the five', 'AZUL', 5, [3], 5, 0, 5, false],
    ['Azul at 5 + 1', 'AZUL', 5, [100], 5, 0, 6, true],
    ['Azul at 0 + 5', 'AZUL', 0, [100, 101, 102, 103, 104], 5, 5, 5, false],
  ])('%s', (_what, program, usedBefore, newOnes, limit, remaining, would_use, exceeds) => {
    const result = count({
      program,
      pastPassengers: people(usedBefore, '2026-02-01'),
      newPassengers: fresh(...newOnes),
    });
    expect(result).toMatchObject({ limit, used: usedBefore, remaining, would_use, exceeds });
  });

  it.each(['AVIANCA', 'AMERICAN', 'UNITED', 'IBERIA', 'QATAR', 'OTHER', 'XYZ'])('%s has no limit', (program) => {
    const result = count({
      program,
      pastPassengers: [past(1, '2001-01-01'), past(2, '2026-01-01')],
      newPassengers: fresh(3),
    });
    expect(result).toEqual({
      limit: null,
      kind: null,
      window: null,
      used: 2,
      remaining: null,
      would_use: 3,
      exceeds: false,
      new_people: [cpf(3)],
    });
  });

  it.each(PROGRAM_KEYS)('%s reads its limit from the catalogue', (program) => {
    const result = count({ program });
    expect(result.limit).toBe(PROGRAMS[program].beneficiaryLimit?.max ?? null);
    expect(result.kind).toBe(PROGRAMS[program].beneficiaryLimit?.kind ?? null);
  });

  it('reads the program case-insensitively', () => {
    expect(count({ program: ' latam ' }).limit).toBe(25);
  });

  it('takes a limit override', () => {
    const result = count({
      program: 'OTHER',
      limit: { kind: 'fixed_list', max: 1 },
      pastPassengers: [past(1, '2020-01-01')],
      newPassengers: fresh(2),
    });
    expect(result).toMatchObject({ limit: 1, kind: 'fixed_list', exceeds: true });
    expect(count({ program: 'LATAM', limit: null }).limit).toBeNull();
  });

  it('returns the window it counted', () => {
    expect(count({}).window).toEqual({ from: '2025-03-16', to: '2026-03-15' });
  });

  it.each([
    ['a bad past date', { pastPassengers: [past(1, '16/03/2025')] }],
    ['a bad today', { today: '2026-13-01' }],
  ])('throws on %s', (_what, overrides) => {
    expect(() => count(overrides)).toThrow(TypeError);
  });

  it('does not mutate its input', () => {
    const input: BeneficiaryCountInput = {
      program: 'LATAM',
      holderCpf: HOLDER,
      pastPassengers: people(3, '2026-01-01'),
      newPassengers: fresh(1, 9),
      today: '2026-03-15',
    };
    const before = structuredClone(input);
    countBeneficiaries(input);
    expect(input).toEqual(before);
  });
});

describe('beneficiary texts', () => {
  const at = (program: string, usedBefore: number, newOnes: number[], today = '2026-03-15') =>
    count({ program, today, pastPassengers: people(usedBefore, today), newPassengers: fresh(...newOnes) });

  it.each([
    [
      at('LATAM', 24, [100, 101]),
      'LATAM Pass',
      'Esta emissão ultrapassa o limite de beneficiários do LATAM Pass (25 por 12 meses): 24 usados, 2 novos.',
    ],
    [
      at('LATAM', 25, [100]),
      'LATAM Pass',
      'Esta emissão ultrapassa o limite de beneficiários do LATAM Pass (25 por 12 meses): 25 usados, 1 novo.',
    ],
    [
      at('SMILES', 25, [100]),
      'Smiles',
      'Esta emissão ultrapassa o limite de beneficiários do Smiles (25 por ano civil): 25 usados, 1 novo.',
    ],
    [
      at('TAP', 9, [100, 101]),
      'TAP Miles&Go',
      'Esta emissão ultrapassa o limite de beneficiários do TAP Miles&Go (10 por ano civil): 9 usados, 2 novos.',
    ],
    [
      at('AZUL', 5, [100]),
      'TudoAzul',
      'Esta emissão ultrapassa o limite de beneficiários do TudoAzul (lista fixa de 5): 5 usados, 1 novo.',
    ],
    [
      count({
        program: 'OTHER',
        limit: { kind: 'fixed_list', max: 1 },
        pastPassengers: [past(1, '2020-01-01')],
        newPassengers: fresh(2),
      }),
      'Outro',
      'Esta emissão ultrapassa o limite de beneficiários do Outro (lista fixa de 1): 1 usado, 1 novo.',
    ],
    [at('LATAM', 24, [100]), 'LATAM Pass', null],
    [at('AMERICAN', 40, [100]), 'AAdvantage', null],
  ])('warning %#', (result, name, text) => {
    expect(beneficiaryWarning(result, name)).toBe(text);
  });

  it.each([
    [at('LATAM', 5, []), 'Beneficiários: 5 de 25 usados nos últimos 12 meses'],
    [at('SMILES', 5, [], '2026-03-15'), 'Beneficiários: 5 de 25 usados em 2026'],
    [at('TAP', 0, [], '2025-12-31'), 'Beneficiários: 0 de 10 usados em 2025'],
    [at('AZUL', 3, []), 'Beneficiários: 3 de 5 usados (lista fixa)'],
    [at('UNITED', 3, []), null],
  ])('summary %#', (result, text) => {
    expect(beneficiarySummary(result)).toBe(text);
  });
});

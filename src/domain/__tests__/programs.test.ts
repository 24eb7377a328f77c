import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import {
  FALLBACK_PROGRAM_COLOR,
  PROGRAM_KEYS,
  PROGRAM_LIST,
  PROGRAMS,
  getProgram,
  isProgramKey,
  programColor,
  programName,
} from '../programs';

describe('program catalogue', () => {
  it.each([
    ['LATAM', 'LATAM Pass', 'BRL', 36],
    ['SMILES', 'Smiles', 'BRL', 24],
    ['AZUL', 'TudoAzul', 'BRL', 24],
    ['TAP', 'TAP Miles&Go', 'EUR', 24],
    ['AVIANCA', 'LifeMiles', 'USD', 24],
    ['AMERICAN', 'AAdvantage', 'USD', 18],
    ['UNITED', 'MileagePlus', 'USD', 18],
    ['IBERIA', 'Iberia Plus', 'EUR', 36],
    ['QATAR', 'Privilege Club', 'USD', 36],
    ['OTHER', 'Outro', 'BRL', null],
  ] as const)('%s is %s in %s, miles valid %s months', (key, name, currency, expiryMonths) => {
    expect(PROGRAMS[key]).toMatchObject({ key, name, currency, expiryMonths });
  });

  it.each([
    ['LATAM', { kind: 'rolling_12_months', max: 25 }],
    ['SMILES', { kind: 'calendar_year', max: 25 }],
    ['TAP', { kind: 'calendar_year', max: 10 }],
    ['AZUL', { kind: 'fixed_list', max: 5 }],
    ['AVIANCA', null],
    ['AMERICAN', null],
    ['UNITED', null],
    ['IBERIA', null],
    ['QATAR', null],
    ['OTHER', null],
  ] as const)('%s beneficiary limit is %j', (key, limit) => {
    expect(PROGRAMS[key].beneficiaryLimit).toEqual(limit);
  });

  it('has one entry per key, in key order', () => {
    expect(Object.keys(PROGRAMS).sort()).toEqual([...PROGRAM_KEYS].sort());
    expect(PROGRAM_LIST.map((p) => p.key)).toEqual([...PROGRAM_KEYS]);
  });

  it('gives every program a distinct hex colour, none the fallback grey', () => {
    const colors = PROGRAM_LIST.map((p) => p.color.toUpperCase());
    for (const c of colors) expect(c).toMatch(/^#[0-9A-F]{6}$/);
    expect(new Set(colors).size).toBe(colors.length);
    expect(colors).not.toContain(FALLBACK_PROGRAM_COLOR.toUpperCase());
  });

  it('works as a zod enum', () => {
    const schema = z.enum(PROGRAM_KEYS);
    expect(schema.parse('SMILES')).toBe('SMILES');
    expect(schema.safeParse('smiles').success).toBe(false);
  });
});

describe('lookups', () => {
  it.each([
    ['LATAM', 'LATAM Pass', '#E3193B'],
    ['latam', 'LATAM Pass', '#E3193B'],
    [' Smiles ', 'Smiles', '#FF7A00'],
    ['GOL', 'GOL', '#6B7280'],
    ['', '', '#6B7280'],
  ])('%j → name %j, colour %s', (key, name, color) => {
    expect(programName(key)).toBe(name);
    expect(programColor(key)).toBe(color);
  });

  it.each([
    ['TAP', true],
    ['OTHER', true],
    ['tap', false],
    ['toString', false],
    ['constructor', false],
  ])('isProgramKey(%j) → %s', (key, expected) => {
    expect(isProgramKey(key)).toBe(expected);
  });

  it('getProgram returns undefined for unknown keys, including prototype names', () => {
    expect(getProgram('AZUL')?.name).toBe('TudoAzul');
    expect(getProgram('UNKNOWN')).toBeUndefined();
    expect(getProgram('constructor')).toBeUndefined();
  });
});

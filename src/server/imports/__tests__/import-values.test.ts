import { describe, expect, it } from 'vitest';
import type { ImportTable } from '../read-file';
import { forEachRow, importChoice, importDate, importPhone, importTags, RowErrors } from '../import-values';

const STATUS = { active: ['ativo', 'ativa', 'sim'], inactive: ['inativo', 'inativa'] } as const;
const YES_NO = { yes: ['sim', 's'], no: ['não', 'nao', 'n'] } as const;

describe('importChoice', () => {
  it('reads a choice in Portuguese, any case or accent, or as the key', () => {
    expect(importChoice('Ativo', STATUS)).toBe('active');
    expect(importChoice(' INATIVA ', STATUS)).toBe('inactive');
    expect(importChoice('active', STATUS)).toBe('active');
    expect(importChoice('Não', YES_NO)).toBe('no');
    expect(importChoice('nao', YES_NO)).toBe('no');
  });

  it('gives the same answer for a cell read before, per set of choices', () => {
    for (let i = 0; i < 3; i++) {
      expect(importChoice('Sim', STATUS)).toBe('active');
      expect(importChoice('Sim', YES_NO)).toBe('yes');
      expect(importChoice('talvez', STATUS)).toBeUndefined();
    }
  });

  it('still reads cells after many different unknown ones', () => {
    for (let i = 0; i < 1000; i++) expect(importChoice(`coisa ${i}`, STATUS)).toBeUndefined();
    expect(importChoice('Inativo', STATUS)).toBe('inactive');
    expect(importChoice('ATIVA', STATUS)).toBe('active');
  });
});

describe('cells as spreadsheets have them', () => {
  it('reads dates as dd/mm/aaaa or aaaa-mm-dd, empty as none, impossible ones as invalid', () => {
    expect(importDate('05/03/2026')).toBe('2026-03-05');
    expect(importDate('2026-03-05')).toBe('2026-03-05');
    expect(importDate('')).toBeNull();
    expect(importDate('31/02/2025')).toBeUndefined();
    expect(importDate('amanhã')).toBeUndefined();
  });

  it("drops Brazil's country code from a phone and splits tags on commas or bars", () => {
    expect(importPhone('+55 11 98765-4321')).toBe('11 98765-4321');
    expect(importPhone('')).toBeNull();
    expect(importTags('vip, corporativo|  família ')).toEqual(['vip', 'corporativo', 'família']);
    expect(importTags('')).toEqual([]);
  });
});

describe('forEachRow', () => {
  it('visits each row by field and line, then lets it go: the table keeps its count, not its cells', async () => {
    const table: ImportTable = {
      format: 'csv',
      encoding: 'UTF-8',
      delimiter: ';',
      headers: ['Nome', 'E-mail'],
      rows: [
        ['Ana Lima', 'ana@exemplo.com'],
        ['Bruno Reis', 'bruno@exemplo.com'],
        ['só uma coluna', ''],
      ],
      rowCount: 3,
      lines: [2, 3, 5],
      rowProblems: new Map([[2, 'A linha tem 1 coluna(s); o cabeçalho tem 2']]),
    };
    const errors = new RowErrors('clients');
    const seen: string[] = [];
    await forEachRow(table, { name: 'Nome', email: 'E-mail' }, errors, undefined, (cell, line) =>
      seen.push(`${line}:${cell('name')}:${cell('email')}:${cell('phone')}`),
    );
    expect(seen).toEqual(['2:Ana Lima:ana@exemplo.com:', '3:Bruno Reis:bruno@exemplo.com:']);
    expect(errors.sorted().map((e) => [e.row, e.message])).toEqual([[5, 'A linha tem 1 coluna(s); o cabeçalho tem 2']]);
    expect(table.rows).toHaveLength(3);
    expect(table.rows.every((row) => row.length === 0)).toBe(true);
  });
});

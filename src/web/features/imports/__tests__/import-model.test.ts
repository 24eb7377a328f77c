import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_BYTES, type ImportDryRun, type ImportJob } from '@domain/imports/import.schema';
import { ApiError } from '@/lib/api-client';
import { formatFileSize } from '@domain/format';
import {
  applyPreset,
  canConfirm,
  fileProblem,
  importedDescription,
  initialMapping,
  isMappingComplete,
  jobPercent,
  mappingErrors,
  moreErrors,
  readImportKind,
  sameMapping,
  sampleOf,
  undoRefusalOf,
  uploadedDescription,
  withColumn,
} from '../import-model';

const HEADERS = ['Nome Completo', 'E-mail', 'CPF', 'Contato', 'Nascimento'];

const dryRun = (patch: Partial<ImportDryRun>): ImportDryRun => ({
  total_rows: 5,
  valid_rows: 3,
  invalid_rows: 2,
  existing_rows: 0,
  error_count: 2,
  errors: [],
  ...patch,
});

describe('import kind in the address', () => {
  it.each([
    ['?tipo=clientes', 'clients'],
    ['?tipo=lotes', 'lots'],
    ['?tipo=emissoes', 'emissions'],
    ['?tipo=clients', 'clients'],
    ['?tipo=', 'clients'],
    ['', 'clients'],
  ])('%s → %s', (query, kind) => {
    expect(readImportKind(new URLSearchParams(query))).toBe(kind);
  });
});

describe('file checks before sending', () => {
  it.each([
    [{ name: 'clientes.csv', size: 10 }, null],
    [{ name: 'CLIENTES.XLSX', size: 10 }, null],
    [{ name: 'clientes.xls', size: 10 }, 'Escolha um arquivo CSV ou XLSX.'],
    [{ name: 'clientes.txt', size: 10 }, 'Escolha um arquivo CSV ou XLSX.'],
    [{ name: 'vazio.csv', size: 0 }, 'O arquivo está vazio.'],
    [{ name: 'grande.csv', size: IMPORT_MAX_BYTES }, null],
    [{ name: 'grande.csv', size: IMPORT_MAX_BYTES + 1 }, 'O arquivo excede o limite de 10 MB.'],
  ])('%o → %s', (file, problem) => {
    expect(fileProblem(file, IMPORT_MAX_BYTES)).toBe(problem);
  });

  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [845, '845 bytes'],
    [1024, '1,0 KB'],
    [12_700, '12 KB'],
    [3_355_443, '3,2 MB'],
    [10 * 1024 * 1024, '10 MB'],
  ])('formats %i as %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });

  it("describes what was read for the 'Arquivo carregado' toast", () => {
    expect(uploadedDescription({ rows: 1250, delimiter: ';', format: 'csv' })).toBe(
      '1.250 linhas · delimitador ponto e vírgula (;)',
    );
    expect(uploadedDescription({ rows: 1, delimiter: null, format: 'xlsx' })).toBe('1 linha · planilha XLSX');
  });
});

describe('mapping', () => {
  it("keeps of the suggestion only the kind's fields and the file's columns", () => {
    expect(
      initialMapping('clients', { name: 'Nome Completo', email: 'E-mail', program: 'CPF', phone: 'Telefone' }, HEADERS),
    ).toEqual({ name: 'Nome Completo', email: 'E-mail' });
  });

  it('sets and clears a column ("Não importar")', () => {
    const mapping = withColumn({ name: 'Nome Completo' }, 'phone', 'Contato');
    expect(mapping).toEqual({ name: 'Nome Completo', phone: 'Contato' });
    expect(withColumn(mapping, 'phone', '')).toEqual({ name: 'Nome Completo' });
  });

  it('reports a required field without a column, by its label (spec part 2 §5)', () => {
    expect(mappingErrors('clients', { email: 'E-mail' }, HEADERS)).toEqual({
      name: 'Campo obrigatório "Nome" não está mapeado',
    });
    expect(isMappingComplete('clients', { email: 'E-mail' }, HEADERS)).toBe(false);
    expect(isMappingComplete('clients', { name: 'Nome Completo' }, HEADERS)).toBe(true);
  });

  it('reports every required field of lots and emissions', () => {
    expect(Object.values(mappingErrors('lots', {}, HEADERS))).toEqual([
      'Campo obrigatório "Programa" não está mapeado',
      'Campo obrigatório "Número da conta" não está mapeado',
      'Campo obrigatório "Milhas" não está mapeado',
      'Campo obrigatório "Data da compra" não está mapeado',
    ]);
    expect(Object.keys(mappingErrors('emissions', {}, HEADERS))).toEqual([
      'client',
      'program',
      'account_number',
      'route',
      'miles',
      'fees',
      'revenue',
      'rav',
    ]);
  });

  it('refuses a column the file lacks and a column given to two fields', () => {
    expect(
      mappingErrors('clients', { name: 'Nome Completo', email: 'Email', phone: 'CPF', document: 'CPF' }, HEADERS),
    ).toEqual({
      email: 'A coluna "Email" não existe no arquivo',
      document: 'A coluna "CPF" foi mapeada para mais de um campo',
      phone: 'A coluna "CPF" foi mapeada para mais de um campo',
    });
  });

  it("applies a preset to the file's columns and names those it lacks", () => {
    const preset = { name: 'Nome Completo', email: 'Email', phone: 'Contato', program: 'CPF', notes: 'Obs' };
    expect(applyPreset('clients', preset, HEADERS)).toEqual({
      mapping: { name: 'Nome Completo', phone: 'Contato' },
      missingColumns: ['Email', 'Obs'],
    });
  });

  it('compares mappings field by field', () => {
    expect(sameMapping({ name: 'A', email: 'B' }, { email: 'B', name: 'A' })).toBe(true);
    expect(sameMapping({ name: 'A' }, { name: 'A', email: 'B' })).toBe(false);
    expect(sameMapping({ name: 'A' }, { name: 'B' })).toBe(false);
  });

  it("shows the column's first value in the preview", () => {
    const file = {
      headers: HEADERS,
      preview: [
        ['', '', '', '', ''],
        ['Ana', 'ana@x.com', '', '', '01/02/1990'],
      ],
    };
    expect(sampleOf(file, 'Nome Completo')).toBe('Ana');
    expect(sampleOf(file, 'CPF')).toBeNull();
    expect(sampleOf(file, 'Outra')).toBeNull();
    expect(sampleOf(file, undefined)).toBeNull();
  });
});

describe('dry run', () => {
  const mappingError = { row: 0, field: 'name', label: 'Nome', value: '', message: 'Campo obrigatório' };
  const rowError = { row: 3, field: 'email', label: 'E-mail', value: 'x@', message: 'Email inválido' };

  it('goes on only without mapping errors and with a valid row (spec part 2 §4)', () => {
    expect(canConfirm(dryRun({ errors: [rowError] }))).toBe(true);
    expect(canConfirm(dryRun({ errors: [mappingError, rowError] }))).toBe(false);
    expect(canConfirm(dryRun({ valid_rows: 0, invalid_rows: 5 }))).toBe(false);
  });

  it("counts the errors left out of the list ('E mais n erro(s)...')", () => {
    expect(moreErrors(dryRun({ error_count: 2, errors: [rowError, rowError] }))).toBe(0);
    expect(moreErrors(dryRun({ error_count: 25, errors: Array.from({ length: 10 }, () => rowError) }))).toBe(15);
  });
});

describe('job', () => {
  const job = (patch: Partial<ImportJob>) =>
    ({ status: 'processing', phase: 'queued', progress: 0, total_rows: 200, ok_rows: 0, ...patch }) as ImportJob;

  it('moves the bar through the phases', () => {
    expect(jobPercent(job({ phase: 'queued' }))).toBe(0);
    expect(jobPercent(job({ phase: 'parse', progress: 200 }))).toBe(15);
    expect(jobPercent(job({ phase: 'validate', progress: 100 }))).toBe(33);
    expect(jobPercent(job({ phase: 'write', progress: 100 }))).toBe(75);
    expect(jobPercent(job({ phase: 'write', progress: 900 }))).toBe(100);
    expect(jobPercent(job({ phase: 'validate', total_rows: 0 }))).toBe(15);
    expect(jobPercent(job({ status: 'completed', phase: 'done' }))).toBe(100);
  });

  it("says how many records were imported ('Importação concluída')", () => {
    expect(importedDescription({ ok_rows: 1200, total_rows: 1250 })).toBe('1.200 de 1.250 registros importados.');
  });

  it('reads the reasons of a refused undo', () => {
    const refused = new ApiError({
      status: 409,
      code: 'UNDO_REFUSED',
      message: 'Não é possível desfazer',
      details: { reasons: ['Cliente Ana: 2 emissões'] },
    });
    expect(undoRefusalOf(refused)).toEqual({
      message: 'Não é possível desfazer',
      reasons: ['Cliente Ana: 2 emissões'],
    });
    expect(undoRefusalOf(new ApiError({ status: 409, code: 'UNDO_REFUSED', message: 'Não' }))).toEqual({
      message: 'Não',
      reasons: [],
    });
    expect(undoRefusalOf(new ApiError({ status: 404, code: 'IMPORT_NOT_FOUND', message: 'x' }))).toBeNull();
    expect(undoRefusalOf(new Error('x'))).toBeNull();
  });
});

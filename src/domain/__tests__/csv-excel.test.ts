import { describe, expect, it } from 'vitest';
import { CLIENT_EXCEL_EXPORT_HEADERS, clientExcelExportRow } from '../clients/client.rules';
import { toCsv, UTF8_BOM } from '../csv';
import {
  excelAmount,
  excelBoolean,
  excelDate,
  excelDecimal,
  excelDocument,
  excelInteger,
  excelList,
  excelPhone,
  exportCsvOptions,
} from '../csv-excel';
import { autoMap } from '../imports/auto-map';
import { IMPORT_FIELDS } from '../imports/import.schema';
import { LOT_EXCEL_EXPORT_HEADERS, lotExcelExportRow } from '../lots/lot.export';
import { exportFormatParamSchema } from '../query.schema';

describe('the Excel form of the values', () => {
  it.each([
    [123456, '1234,56'],
    [5, '0,05'],
    [0, '0,00'],
    [100_000_000_00, '100000000,00'],
    [null, ''],
  ] as const)('amount %j → %j', (cents, text) => expect(excelAmount(cents)).toBe(text));

  it.each([
    [10000, '10000'],
    [0, '0'],
    [1_234_567, '1234567'],
    [null, ''],
  ] as const)('integer %j → %j', (n, text) => expect(excelInteger(n)).toBe(text));

  it('refuses a fraction or a non-number as an integer (a programming error)', () => {
    expect(() => excelInteger(10.5)).toThrow(TypeError);
    expect(() => excelInteger(Number.NaN)).toThrow(TypeError);
  });

  it.each([
    ['17.5000', 4, '17,5000'],
    ['17.5', 4, '17,5000'],
    ['17', 4, '17,0000'],
    ['0.0155', 4, '0,0155'],
    ['-2.25', 2, '-2,25'],
    ['3.14159', 2, '3,14'],
    ['42.9', 0, '42'],
    [null, 4, ''],
    ['', 4, ''],
  ] as const)('decimal %j at %i places → %j', (numeric, places, text) =>
    expect(excelDecimal(numeric, places)).toBe(text),
  );

  it('refuses numeric text PostgreSQL would not write', () => {
    expect(() => excelDecimal('17,5', 4)).toThrow(TypeError);
    expect(() => excelDecimal('1e3', 4)).toThrow(TypeError);
  });

  it.each([
    ['2026-03-05', '05/03/2026'],
    ['0999-12-31', '31/12/0999'],
    [null, ''],
    ['', ''],
  ] as const)('date %j → %j', (iso, text) => expect(excelDate(iso)).toBe(text));

  it.each([
    [true, 'Sim'],
    [false, 'Não'],
    [null, ''],
  ] as const)('boolean %j → %j', (value, text) => expect(excelBoolean(value)).toBe(text));

  it('masks CPF, CNPJ and phone (Excel keeps them as text, leading zeros and all)', () => {
    expect(excelDocument('01234567890')).toBe('012.345.678-90');
    expect(excelDocument('11222333000181')).toBe('11.222.333/0001-81');
    expect(excelDocument(null)).toBe('');
    expect(excelPhone('11987654321')).toBe('(11) 98765-4321');
    expect(excelPhone('1132321010')).toBe('(11) 3232-1010');
    expect(excelPhone(null)).toBe('');
  });

  it('writes a list as the importer splits it', () => {
    expect(excelList(['vip', 'corporativo'])).toBe('vip, corporativo');
    expect(excelList([])).toBe('');
    expect(excelList(null)).toBe('');
  });
});

describe('formato', () => {
  it.each([
    [undefined, 'csv'],
    ['', 'csv'],
    ['csv', 'csv'],
    ['excel', 'excel'],
  ])('%j → %j', (value, format) => expect(exportFormatParamSchema.parse(value)).toBe(format));

  it('refuses another form in Portuguese', () => {
    const result = exportFormatParamSchema.safeParse('xlsx');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Formato inválido: use csv ou excel');
  });

  it('excel: ";", BOM and CRLF, every cell quoted and formula-safe, a ";" inside a cell kept in quotes', () => {
    const file = toCsv(['Nome', 'Valor'], [['=1+1; "x"', excelAmount(123456)]], exportCsvOptions('excel'));
    expect(file).toBe(`${UTF8_BOM}"Nome";"Valor"\r\n"'=1+1; ""x""";"1234,56"\r\n`);
  });

  it('csv (the default form) stays comma-separated with the BOM', () => {
    expect(toCsv(['A', 'B'], [['1', '2']], exportCsvOptions('csv'))).toBe(`${UTF8_BOM}"A","B"\r\n"1","2"\r\n`);
  });
});

describe("the Excel form's headers, as the importer's auto-mapping reads them", () => {
  it('clients: every field a client import takes, nothing else', () => {
    expect(autoMap(IMPORT_FIELDS.clients, CLIENT_EXCEL_EXPORT_HEADERS)).toEqual({
      name: 'Nome',
      email: 'Email',
      phone: 'Telefone',
      document: 'CPF',
      birth_date: 'Data de Nascimento',
      status: 'Status',
      tags: 'Etiquetas',
      notes: 'Observações',
    });
  });

  it('lots: the holder, the miles available and the cost per thousand; not the total, not the original quantity', () => {
    expect(autoMap(IMPORT_FIELDS.lots, LOT_EXCEL_EXPORT_HEADERS)).toEqual({
      program: 'Programa',
      account_number: 'Conta',
      holder_document: 'CPF do Titular',
      quantity: 'Milhas Disponíveis',
      cost_per_thousand: 'Custo por Milheiro',
      purchase_date: 'Data de Compra',
      expiry_date: 'Data de Vencimento',
      supplier: 'Fornecedor',
      notes: 'Observações',
    });
  });
});

describe('the Excel rows', () => {
  it('a client: masked CPF and phone, dd/mm/aaaa, status and tags in Portuguese, "1234,56"', () => {
    const row = clientExcelExportRow({
      id: 'c1',
      name: 'João Conceição',
      email: 'joao@exemplo.com.br',
      phone: '11987654321',
      document: '01234567890',
      birth_date: '1980-03-05',
      status: 'blocked',
      tags: ['vip', 'corporativo'],
      emissions_count: 3,
      total_spent_cents: 123456,
      created_at: '2026-03-15',
      notes: null,
    });
    expect(row).toEqual([
      'c1',
      'João Conceição',
      'joao@exemplo.com.br',
      '(11) 98765-4321',
      '012.345.678-90',
      '05/03/1980',
      'Bloqueado',
      'vip, corporativo',
      '3',
      '1234,56',
      '15/03/2026',
      '',
    ]);
    expect(row).toHaveLength(CLIENT_EXCEL_EXPORT_HEADERS.length);
  });

  it("a lot: the holder's CPF, miles as integers, cost per thousand at 4 places, the total", () => {
    const row = lotExcelExportRow({
      id: 'l1',
      program: 'LATAM',
      account_number: 'L-100',
      client_name: 'João Conceição',
      client_document: '01234567890',
      original_quantity: 10000,
      remaining_quantity: 7500,
      cost_per_thousand: '17.5000',
      total_cost_cents: 17500,
      purchase_date: '2026-03-01',
      expiry_date: null,
      supplier: 'Balcão',
      notes: null,
      status: 'available',
    });
    expect(row).toEqual([
      'l1',
      'LATAM Pass',
      'L-100',
      '012.345.678-90',
      'João Conceição',
      '10000',
      '7500',
      '17,5000',
      '175,00',
      '01/03/2026',
      '',
      'Balcão',
      '',
      'Disponível',
    ]);
    expect(row).toHaveLength(LOT_EXCEL_EXPORT_HEADERS.length);
  });
});

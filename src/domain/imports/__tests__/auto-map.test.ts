import { describe, expect, it } from 'vitest';
import { autoMap, diceSimilarity, nameScore, normalizeHeader } from '../auto-map';
import { IMPORT_FIELDS, type ImportField } from '../import.schema';

describe('normalizeHeader', () => {
  it.each([
    ['Data de Nascimento', 'data de nascimento'],
    ['  DATA_NASCIMENTO ', 'data nascimento'],
    ['data-nascimento', 'data nascimento'],
    ['E-mail', 'e mail'],
    ['CPF/CNPJ', 'cpf cnpj'],
    ['Valor (R$)', 'valor r'],
    ['Milhas Disponíveis', 'milhas disponiveis'],
    ['Situação', 'situacao'],
    ['Nº   da.Conta', 'n da conta'],
    ['', ''],
  ])('%j → %j', (input, expected) => expect(normalizeHeader(input)).toBe(expected));
});

describe('nameScore', () => {
  it.each([
    ['exact', 'cpf', 'cpf', 1],
    ['the header holds the name', 'nome do cliente', 'nome', 0.8],
    ['the name holds the header', 'data', 'data da compra', 0.8],
    ['whole words only', 'associado', 'cia', 0],
    ['a typo', 'telefne', 'telefone', diceSimilarity('telefne', 'telefone')],
    ['one letter apart in a short word', 'fone', 'nome', 0],
    ['short headers match only exactly', 'n', 'n conta', 0],
    ['short names match only exactly', 'dura', 'du', 0],
  ])('%s', (_, header, name, score) => expect(nameScore(header, name)).toBeCloseTo(score));
});

describe('autoMap', () => {
  it('maps a clients spreadsheet', () => {
    const headers = [
      'Nome do cliente',
      'E-mail',
      'CPF',
      'Celular',
      'Data de Nascimento',
      'Tags',
      'Situação',
      'Observações',
    ];
    expect(autoMap(IMPORT_FIELDS.clients, headers)).toEqual({
      name: 'Nome do cliente',
      email: 'E-mail',
      document: 'CPF',
      phone: 'Celular',
      birth_date: 'Data de Nascimento',
      tags: 'Tags',
      status: 'Situação',
      notes: 'Observações',
    });
  });

  it('maps a lots spreadsheet', () => {
    const headers = [
      'Programa',
      'Nº Conta',
      'CPF',
      'Milhas Disponíveis',
      'Valor (R$)',
      'CPM',
      'Data da Compra',
      'Validade',
      'Fornecedor',
      'Obs',
    ];
    expect(autoMap(IMPORT_FIELDS.lots, headers)).toEqual({
      program: 'Programa',
      account_number: 'Nº Conta',
      holder_document: 'CPF',
      quantity: 'Milhas Disponíveis',
      total_cost: 'Valor (R$)',
      cost_per_thousand: 'CPM',
      purchase_date: 'Data da Compra',
      expiry_date: 'Validade',
      supplier: 'Fornecedor',
      notes: 'Obs',
    });
  });

  it('maps an emissions spreadsheet', () => {
    const headers = [
      'CPF',
      'Cia',
      'Conta',
      'Trecho',
      'PNR',
      'Milhas Usadas',
      'Taxas',
      'Valor Venda',
      'RAV',
      'Data Emissão',
      'Baixa milhas',
    ];
    expect(autoMap(IMPORT_FIELDS.emissions, headers)).toEqual({
      client: 'CPF',
      program: 'Cia',
      account_number: 'Conta',
      route: 'Trecho',
      pnr: 'PNR',
      miles: 'Milhas Usadas',
      fees: 'Taxas',
      revenue: 'Valor Venda',
      rav: 'RAV',
      issued_on: 'Data Emissão',
      takes_miles: 'Baixa milhas',
    });
  });

  it('accepts typos and variants by similarity', () => {
    expect(autoMap(IMPORT_FIELDS.clients, ['Nomes', 'Telefne', 'Emails'])).toEqual({
      name: 'Nomes',
      phone: 'Telefne',
      email: 'Emails',
    });
  });

  it('gives each header to one field and each field one header', () => {
    // "Data" is the purchase date exactly and part of "data expiracao": it goes to the better match only.
    expect(autoMap(IMPORT_FIELDS.lots, ['Data', 'Conta'])).toEqual({ purchase_date: 'Data', account_number: 'Conta' });
    // Three names of the client's name: the first takes it, the others stay unmapped.
    expect(autoMap(IMPORT_FIELDS.clients, ['Nome', 'Nome completo', 'Razão social'])).toEqual({ name: 'Nome' });
    for (const kind of ['clients', 'lots', 'emissions'] as const) {
      const headers = IMPORT_FIELDS[kind].flatMap((f) => [f.label, ...f.aliases]);
      const mapped = Object.values(autoMap(IMPORT_FIELDS[kind], headers));
      expect(new Set(mapped).size, kind).toBe(mapped.length);
      expect(mapped, kind).toHaveLength(IMPORT_FIELDS[kind].length);
    }
  });

  it('prefers a required field on equal scores', () => {
    const fields: ImportField[] = [
      { key: 'optional', label: 'Opcional', required: false, aliases: ['valor'] },
      { key: 'needed', label: 'Necessário', required: true, aliases: ['valor'] },
    ];
    expect(autoMap(fields, ['Valor'])).toEqual({ needed: 'Valor' });
  });

  it('maps nothing for unrelated headers', () => {
    const headers = ['Foo', 'Bar', 'Coluna 3', 'X', 'Id interno', 'Produto'];
    for (const kind of ['clients', 'lots', 'emissions'] as const) {
      expect(autoMap(IMPORT_FIELDS[kind], headers), kind).toEqual({});
    }
  });
});

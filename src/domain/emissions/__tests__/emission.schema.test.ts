import { describe, expect, it } from 'vitest';
import { formatCpf } from '../../documents';
import {
  EMISSION_MAX_PASSENGERS,
  emissionCreateSchema,
  emissionFormDefaults,
  emissionListQuerySchema,
  emissionStatusBadgeVariant,
  emissionStatusLabel,
  emissionStep1Schema,
  emissionStep2Schema,
  emissionWizardSchema,
  isEmissionStatus,
} from '../emission.schema';
import { cpf } from './cpf.fixtures';

const CLIENT = '3F2504E0-4F89-41D3-9A0C-0305E82C3301';
const ACCOUNT = '9b2f6c1e-8d4a-4f3b-a1c2-7e5d9f0a1b2c';
const LOT_A = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
const LOT_B = 'b1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';

const step2 = {
  route: 'nat-gru',
  miles_used: '12000',
  fees_cents: '150,00',
  revenue_cents: '2.500,00',
  rav_cents: '50',
  pnr: ' abc123 ',
  departure_date: '2026-04-10',
  passengers: [{ name: '  Ana   Souza ', cpf: formatCpf(cpf(1)) }],
  lot_ids: [LOT_A.toUpperCase()],
};
const full = { client_id: CLIENT, account_id: ACCOUNT, ...step2 };

type Schema = {
  safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
};

function fieldsOf(schema: Schema, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error!.issues) fields[issue.path.join('.')] ??= issue.message;
  return fields;
}

const fieldOf = (schema: Schema, input: unknown, field: string) => fieldsOf(schema, input)[field];

describe('emissionStep1Schema', () => {
  it('lower-cases the ids', () => {
    expect(emissionStep1Schema.parse({ client_id: ` ${CLIENT} `, account_id: ACCOUNT })).toEqual({
      client_id: CLIENT.toLowerCase(),
      account_id: ACCOUNT,
    });
  });

  it.each([
    [{}, { client_id: 'Cliente obrigatório', account_id: 'Conta obrigatória' }],
    [
      { client_id: '', account_id: '  ' },
      { client_id: 'Cliente obrigatório', account_id: 'Conta obrigatória' },
    ],
    [
      { client_id: null, account_id: null },
      { client_id: 'Cliente obrigatório', account_id: 'Conta obrigatória' },
    ],
    [
      { client_id: 'abc', account_id: 42 },
      { client_id: 'Cliente inválido', account_id: 'Conta inválida' },
    ],
    [{ client_id: CLIENT, account_id: '' }, { account_id: 'Conta obrigatória' }],
  ])('%j → %j', (input, errors) => {
    expect(fieldsOf(emissionStep1Schema, input)).toEqual(errors);
  });
});

describe('route', () => {
  it.each([
    ['nat-gru', 'NAT-GRU'],
    ['  NAT-GRU-NAT  ', 'NAT-GRU-NAT'],
    ['nat - gru', 'NAT-GRU'],
    ['NAT/GRU', 'NAT-GRU'],
    ['nat gru lis', 'NAT-GRU-LIS'],
    ['NAT–GRU', 'NAT-GRU'],
    ['NAT>GRU', 'NAT-GRU'],
    ['GRU-LIS-MAD-LIS-GRU', 'GRU-LIS-MAD-LIS-GRU'],
  ])('%j → %s', (route, expected) => {
    expect(emissionStep2Schema.parse({ ...step2, route }).route).toBe(expected);
  });

  it.each([
    [undefined, 'Rota obrigatória'],
    ['', 'Rota obrigatória'],
    ['   ', 'Rota obrigatória'],
    ['NAT', 'Rota inválida: use códigos de aeroporto separados por hífen, ex.: NAT-GRU'],
    ['NATGRU', 'Rota inválida: use códigos de aeroporto separados por hífen, ex.: NAT-GRU'],
    ['NAT-GR', 'Rota inválida: use códigos de aeroporto separados por hífen, ex.: NAT-GRU'],
    ['NAT-GRU1', 'Rota inválida: use códigos de aeroporto separados por hífen, ex.: NAT-GRU'],
    ['NAT--GRU', 'Rota inválida: use códigos de aeroporto separados por hífen, ex.: NAT-GRU'],
    ['NAT-NAT', 'Rota inválida: use códigos de aeroporto separados por hífen, ex.: NAT-GRU'],
    ['Natal-São Paulo', 'Rota inválida: use códigos de aeroporto separados por hífen, ex.: NAT-GRU'],
    ['AAA-BBB-CCC-DDD-EEE-FFF-GGG-HHH-III-JJJ-KKK', 'Rota deve ter no máximo 10 aeroportos'],
  ])('%j → %s', (route, message) => {
    expect(fieldOf(emissionStep2Schema, { ...step2, route }, 'route')).toBe(message);
  });
});

describe('miles_used', () => {
  it.each([
    ['12000', 12_000],
    [' 500 ', 500],
    [12_000, 12_000],
    ['1000000000', 1_000_000_000],
  ])('%j → %d', (miles_used, expected) => {
    expect(emissionStep2Schema.parse({ ...step2, miles_used }).miles_used).toBe(expected);
  });

  it.each([
    ['', 'Milhas obrigatórias'],
    [undefined, 'Milhas obrigatórias'],
    [null, 'Milhas obrigatórias'],
    ['0', 'Milhas devem ser maior que 0'],
    [0, 'Milhas devem ser maior que 0'],
    [-5, 'Milhas devem ser maior que 0'],
    ['-5', 'Milhas devem ser maior que 0'],
    ['12.000', 'Milhas devem conter apenas números'],
    ['1,5', 'Milhas devem conter apenas números'],
    [1.5, 'Milhas devem conter apenas números'],
    [Number.NaN, 'Milhas devem conter apenas números'],
    ['doze mil', 'Milhas devem conter apenas números'],
    [true, 'Milhas devem conter apenas números'],
    ['1000000001', 'Milhas devem ser no máximo 1.000.000.000'],
    [1_000_000_001, 'Milhas devem ser no máximo 1.000.000.000'],
  ])('%j → %s', (miles_used, message) => {
    expect(fieldOf(emissionStep2Schema, { ...step2, miles_used }, 'miles_used')).toBe(message);
  });
});

describe('amounts', () => {
  it.each([
    ['1.234,56', 123_456],
    ['1234,56', 123_456],
    ['R$ 50', 5_000],
    ['80.5', 8_050],
    ['0,1', 10],
    ['0', 0],
    ['', 0],
    [undefined, 0],
    [null, 0],
    [12_345, 12_345],
  ])('fees %j → %d centavos (a number is already centavos)', (fees_cents, expected) => {
    expect(emissionCreateSchema.parse({ ...full, fees_cents }).fees_cents).toBe(expected);
  });

  it.each([
    ['fees_cents', '-1', 'Taxas devem ser positivas'],
    ['fees_cents', -100, 'Taxas devem ser positivas'],
    ['fees_cents', 'abc', 'Taxas inválidas'],
    ['fees_cents', 10.5, 'Taxas inválidas'],
    ['fees_cents', '1,2,3', 'Taxas inválidas'],
    ['fees_cents', '100.000.000,01', 'Valor deve ser no máximo R$ 100.000.000,00'],
    ['rav_cents', '-0,01', 'RAV deve ser positiva'],
    ['rav_cents', 'x', 'RAV inválida'],
    ['revenue_cents', '', 'Receita obrigatória'],
    ['revenue_cents', undefined, 'Receita obrigatória'],
    ['revenue_cents', '-1', 'Receita deve ser positiva'],
    ['revenue_cents', 'muito', 'Receita inválida'],
  ])('create %s %j → %s', (field, value, message) => {
    expect(fieldOf(emissionCreateSchema, { ...full, [field]: value }, field)).toBe(message);
  });

  it.each([
    ['0', 'Receita deve ser maior que 0'],
    [0, 'Receita deve ser maior que 0'],
    ['0,00', 'Receita deve ser maior que 0'],
    ['-1', 'Receita deve ser maior que 0'],
    ['', 'Receita obrigatória'],
  ])('the wizard refuses revenue %j: %s', (revenue_cents, message) => {
    expect(fieldOf(emissionStep2Schema, { ...step2, revenue_cents }, 'revenue_cents')).toBe(message);
  });

  it('the final schema takes revenue 0 (an imported courtesy ticket)', () => {
    expect(emissionCreateSchema.parse({ ...full, revenue_cents: '0' }).revenue_cents).toBe(0);
  });
});

describe('pnr and departure date', () => {
  it.each([
    [' abc123 ', 'ABC123'],
    ['ab12c', 'AB12C'],
    ['ABCD1234', 'ABCD1234'],
    ['', null],
    ['  ', null],
    [null, null],
    [undefined, null],
  ])('pnr %j → %j', (pnr, expected) => {
    expect(emissionCreateSchema.parse({ ...full, pnr }).pnr).toBe(expected);
  });

  it.each(['ABCD', 'ABCDE1234', 'AB-123', 'ABC 12', 'ÁBC123'])('pnr %j is refused', (pnr) => {
    expect(fieldOf(emissionCreateSchema, { ...full, pnr }, 'pnr')).toBe('PNR inválido');
  });

  it.each([
    ['2026-04-10', '2026-04-10'],
    [' 2024-02-29 ', '2024-02-29'],
    ['', null],
    [null, null],
    [undefined, null],
  ])('departure %j → %j', (departure_date, expected) => {
    expect(emissionCreateSchema.parse({ ...full, departure_date }).departure_date).toBe(expected);
  });

  it.each(['2026-02-30', '10/04/2026', '2026-4-10', '1899-12-31'])('departure %j is refused', (departure_date) => {
    expect(fieldOf(emissionCreateSchema, { ...full, departure_date }, 'departure_date')).toBe(
      'Data de embarque inválida',
    );
  });
});

describe('passengers', () => {
  const p = (name: string, doc: string) => ({ name, cpf: doc });

  it('normalises names and CPFs', () => {
    expect(
      emissionCreateSchema.parse({ ...full, passengers: [p('  Ana   Souza ', formatCpf(cpf(1))), p('Bo', cpf(2))] })
        .passengers,
    ).toEqual([
      { name: 'Ana Souza', cpf: cpf(1) },
      { name: 'Bo', cpf: cpf(2) },
    ]);
  });

  it.each([
    ['none', [], { passengers: 'Informe ao menos um passageiro' }],
    ['missing', undefined, { passengers: 'Informe ao menos um passageiro' }],
    ['not a list', 'Ana', { passengers: 'Informe ao menos um passageiro' }],
    ['a short name', [p(' A ', cpf(1))], { 'passengers.0.name': 'Nome do passageiro obrigatório' }],
    ['no name', [{ cpf: cpf(1) }], { 'passengers.0.name': 'Nome do passageiro obrigatório' }],
    [
      'a long name',
      [p('A'.repeat(121), cpf(1))],
      { 'passengers.0.name': 'Nome do passageiro deve ter no máximo 120 caracteres' },
    ],
    ['no CPF', [p('Ana', '')], { 'passengers.0.cpf': 'CPF obrigatório' }],
    ['a bad CPF', [p('Ana', '123.456.789-00')], { 'passengers.0.cpf': 'CPF inválido' }],
    ['a CNPJ', [p('Ana', '11.222.333/0001-81')], { 'passengers.0.cpf': 'CPF inválido' }],
    [
      'the same CPF twice',
      [p('Ana', formatCpf(cpf(1))), p('Ana S.', cpf(1))],
      { 'passengers.1.cpf': 'Passageiro repetido' },
    ],
    [
      'a repeat next to another error',
      [p('Ana', cpf(1)), p('B', cpf(2)), p('Carla', cpf(1))],
      { 'passengers.1.name': 'Nome do passageiro obrigatório', 'passengers.2.cpf': 'Passageiro repetido' },
    ],
    [
      'ten people',
      Array.from({ length: EMISSION_MAX_PASSENGERS + 1 }, (_, i) => p(`Pessoa ${i}`, cpf(i))),
      { passengers: 'No máximo 9 passageiros por emissão' },
    ],
  ])('%s', (_what, passengers, errors) => {
    expect(fieldsOf(emissionCreateSchema, { ...full, passengers })).toEqual(errors);
  });
});

describe('lot_ids', () => {
  it.each([
    [undefined, []],
    [null, []],
    [[], []],
    [
      [LOT_A.toUpperCase(), LOT_A, LOT_B],
      [LOT_A, LOT_B],
    ],
  ])('%j → %j', (lot_ids, expected) => {
    expect(emissionCreateSchema.parse({ ...full, lot_ids }).lot_ids).toEqual(expected);
  });

  it.each([[['x']], ['abc'], [Array.from({ length: 51 }, () => LOT_A)]])('%j is refused', (lot_ids) => {
    const errors = fieldsOf(emissionCreateSchema, { ...full, lot_ids });
    expect(Object.keys(errors)[0]).toMatch(/^lot_ids/);
  });
});

describe('emissionCreateSchema', () => {
  const parsed = {
    client_id: CLIENT.toLowerCase(),
    account_id: ACCOUNT,
    route: 'NAT-GRU',
    miles_used: 12_000,
    fees_cents: 15_000,
    revenue_cents: 250_000,
    rav_cents: 5_000,
    pnr: 'ABC123',
    departure_date: '2026-04-10',
    passengers: [{ name: 'Ana Souza', cpf: cpf(1) }],
    lot_ids: [LOT_A],
    quote_id: null,
  };

  it('parses what the wizard holds', () => {
    expect(emissionCreateSchema.parse(full)).toEqual(parsed);
  });

  it('is idempotent, so the web may send parsed values and the API re-parse them', () => {
    expect(emissionCreateSchema.parse(emissionCreateSchema.parse(full))).toEqual(parsed);
    expect(emissionWizardSchema.parse(emissionWizardSchema.parse(full))).toEqual(parsed);
  });

  it('reports every field at once', () => {
    expect(fieldsOf(emissionCreateSchema, {})).toEqual({
      client_id: 'Cliente obrigatório',
      account_id: 'Conta obrigatória',
      route: 'Rota obrigatória',
      miles_used: 'Milhas obrigatórias',
      revenue_cents: 'Receita obrigatória',
      passengers: 'Informe ao menos um passageiro',
    });
  });

  it('the wizard is step 1 and step 2 together, and the quote it converts', () => {
    expect(Object.keys(emissionWizardSchema.shape).sort()).toEqual(
      [...Object.keys(emissionStep1Schema.shape), ...Object.keys(emissionStep2Schema.shape), 'quote_id'].sort(),
    );
    expect(Object.keys(emissionCreateSchema.shape).sort()).toEqual(Object.keys(emissionWizardSchema.shape).sort());
  });

  it('empty defaults fail with the messages a user sees first', () => {
    expect(fieldsOf(emissionWizardSchema, emissionFormDefaults())).toEqual({
      client_id: 'Cliente obrigatório',
      account_id: 'Conta obrigatória',
      route: 'Rota obrigatória',
      miles_used: 'Milhas obrigatórias',
      revenue_cents: 'Receita obrigatória',
      'passengers.0.name': 'Nome do passageiro obrigatório',
      'passengers.0.cpf': 'CPF obrigatório',
    });
  });

  it('is not an object → one error', () => {
    expect(emissionCreateSchema.safeParse(null).success).toBe(false);
  });
});

describe('emissionListQuerySchema', () => {
  it('has defaults', () => {
    expect(emissionListQuerySchema.parse({})).toEqual({ page: 1, limit: 20, search: '' });
  });

  it('reads a query string', () => {
    expect(
      emissionListQuerySchema.parse({
        page: '3',
        limit: '100',
        search: ' abc ',
        status: 'issued',
        client_id: CLIENT,
        program: 'LATAM',
        date_from: '2026-03-01',
        date_to: '2026-03-01',
      }),
    ).toEqual({
      page: 3,
      limit: 100,
      search: 'abc',
      status: 'issued',
      client_id: CLIENT.toLowerCase(),
      program: 'LATAM',
      date_from: '2026-03-01',
      date_to: '2026-03-01',
    });
  });

  it('treats empty values as absent', () => {
    expect(
      emissionListQuerySchema.parse({
        page: '',
        limit: '',
        status: '',
        client_id: '',
        program: '',
        date_from: '',
        date_to: '',
      }),
    ).toEqual({
      page: 1,
      limit: 20,
      search: '',
    });
  });

  it.each([
    [{ page: '0' }, 'page', 'Página inválida'],
    [{ limit: '101' }, 'limit', 'Limite deve estar entre 1 e 100'],
    [{ limit: 'x' }, 'limit', 'Limite deve estar entre 1 e 100'],
    [{ status: 'confirmed' }, 'status', 'Status inválido'],
    [{ client_id: 'abc' }, 'client_id', 'Cliente inválido'],
    [{ program: 'latam' }, 'program', 'Programa inválido'],
    [{ date_from: '01/03/2026' }, 'date_from', 'Data inválida'],
    [{ date_to: '2026-02-30' }, 'date_to', 'Data inválida'],
    [{ date_from: '2026-03-02', date_to: '2026-03-01' }, 'date_to', 'Período inválido'],
  ])('%j → %s: %s', (query, field, message) => {
    expect(fieldOf(emissionListQuerySchema, query, field)).toBe(message);
  });
});

describe('status vocabulary', () => {
  it.each([
    ['pending', 'Pendente', 'secondary'],
    ['processing', 'Processando', 'warning'],
    ['issued', 'Emitida', 'success'],
    ['failed', 'Falhou', 'destructive'],
    ['cancelled', 'Cancelada', 'outline'],
  ] as const)('%s is %s (%s)', (status, label, variant) => {
    expect(emissionStatusLabel(status)).toBe(label);
    expect(emissionStatusBadgeVariant(status)).toBe(variant);
    expect(isEmissionStatus(status)).toBe(true);
  });

  it('shows an unknown status as it is', () => {
    expect(emissionStatusLabel('confirmed')).toBe('confirmed');
    expect(emissionStatusBadgeVariant('confirmed')).toBe('outline');
    expect(isEmissionStatus('confirmed')).toBe(false);
  });
});

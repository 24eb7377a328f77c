import { describe, expect, it } from 'vitest';
import { todayIso } from '../../format';
import {
  bulkLotDeleteSchema,
  lotExportQuerySchema,
  lotFormDefaults,
  lotInputSchema,
  lotListQuerySchema,
  lotStatusBadgeVariant,
  lotStatusLabel,
  makeLotInputSchema,
} from '../lot.schema';

const TODAY = '2026-03-15';
const schema = makeLotInputSchema(() => TODAY);
const UUID = '3F2504E0-4F89-41D3-9A0C-0305E82C3301';

const ok = {
  program: 'LATAM',
  account_number: '123456',
  original_quantity: '10000',
  cost_per_mile: '0,0155',
  purchase_date: '2026-03-01',
  expiry_date: '2027-03-01',
};

function fieldsOf(input: unknown, s = schema): Record<string, string> {
  const result = s.safeParse(input);
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.')] ??= issue.message;
  return fields;
}

describe('lotInputSchema', () => {
  it('normalises what the form sends', () => {
    expect(
      schema.parse({
        ...ok,
        program: 'SMILES',
        account_number: ' 123 ',
        account_id: '',
        supplier: '  ',
        notes: ' Compra via PIX ',
      }),
    ).toEqual({
      program: 'SMILES',
      account_id: null,
      account_number: '123',
      original_quantity: 10_000,
      cost_per_mile: '0.0155',
      purchase_date: '2026-03-01',
      expiry_date: '2027-03-01',
      supplier: null,
      supplier_id: null,
      notes: 'Compra via PIX',
    });
  });

  it('takes an existing account instead of a number', () => {
    const parsed = schema.parse({ ...ok, account_number: '', account_id: UUID });
    expect(parsed.account_id).toBe(UUID.toLowerCase());
    expect(parsed.account_number).toBeNull();
    expect(schema.parse({ ...ok, account_number: null, account_id: UUID }).account_number).toBeNull();
  });

  it.each<[unknown, number]>([
    ['10000', 10_000],
    [' 10000 ', 10_000],
    ['0010', 10],
    [1, 1],
    [250_000, 250_000],
    ['1000000000', 1_000_000_000],
  ])('accepts quantity %j → %s', (original_quantity, expected) => {
    expect(schema.parse({ ...ok, original_quantity }).original_quantity).toBe(expected);
  });

  it.each<[unknown, string]>([
    ['0,0155', '0.0155'],
    ['0.0155', '0.0155'],
    [0.0155, '0.0155'],
    ['0,01550', '0.0155'],
    [' 0,02 ', '0.0200'],
    [',5', '0.5000'],
    ['1', '1.0000'],
    ['00,25', '0.2500'],
    ['0,0001', '0.0001'],
    [0.0001, '0.0001'],
    ['1000', '1000.0000'],
    [1000, '1000.0000'],
  ])('accepts cost per mile %j → %s', (cost_per_mile, expected) => {
    expect(schema.parse({ ...ok, cost_per_mile }).cost_per_mile).toBe(expected);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    // the issue's bad inputs
    ['zero quantity', { original_quantity: '0' }, 'original_quantity', 'Quantidade deve ser maior que 0'],
    ['zero quantity (number)', { original_quantity: 0 }, 'original_quantity', 'Quantidade deve ser maior que 0'],
    ['negative quantity', { original_quantity: '-5' }, 'original_quantity', 'Quantidade deve ser maior que 0'],
    ['negative quantity (number)', { original_quantity: -5 }, 'original_quantity', 'Quantidade deve ser maior que 0'],
    ['cost below 0.0001', { cost_per_mile: '0,00009' }, 'cost_per_mile', 'Custo por milha deve ser maior que 0'],
    ['cost below 0.0001 (number)', { cost_per_mile: 0.00009 }, 'cost_per_mile', 'Custo por milha deve ser maior que 0'],
    ['zero cost', { cost_per_mile: '0' }, 'cost_per_mile', 'Custo por milha deve ser maior que 0'],
    ['zero cost with places', { cost_per_mile: '0,0000' }, 'cost_per_mile', 'Custo por milha deve ser maior que 0'],
    ['negative cost', { cost_per_mile: '-0,01' }, 'cost_per_mile', 'Custo por milha deve ser maior que 0'],
    ['"1,2,3" as a cost', { cost_per_mile: '1,2,3' }, 'cost_per_mile', 'Custo por milha inválido'],
    [
      'purchase date in the future',
      { purchase_date: '2026-03-16' },
      'purchase_date',
      'Data de compra não pode estar no futuro',
    ],
    [
      'expiry in the past',
      { expiry_date: '2026-03-14' },
      'expiry_date',
      'Data de vencimento não pode estar no passado',
    ],
    ['unknown program', { program: 'GOL' }, 'program', 'Programa inválido'],
    // the rest
    ['program in lower case', { program: 'latam' }, 'program', 'Programa inválido'],
    ['no program', { program: undefined }, 'program', 'Programa inválido'],
    [
      'quantity with a thousands dot',
      { original_quantity: '1.000' },
      'original_quantity',
      'Quantidade deve conter apenas números',
    ],
    [
      'quantity with a letter',
      { original_quantity: '10a' },
      'original_quantity',
      'Quantidade deve conter apenas números',
    ],
    [
      'quantity in exponent form',
      { original_quantity: '1e3' },
      'original_quantity',
      'Quantidade deve conter apenas números',
    ],
    [
      'quantity with spaces inside',
      { original_quantity: '10 000' },
      'original_quantity',
      'Quantidade deve conter apenas números',
    ],
    ['fractional quantity', { original_quantity: 1.5 }, 'original_quantity', 'Quantidade deve conter apenas números'],
    ['NaN quantity', { original_quantity: Number.NaN }, 'original_quantity', 'Quantidade deve conter apenas números'],
    ['empty quantity', { original_quantity: '' }, 'original_quantity', 'Quantidade é obrigatória'],
    ['no quantity', { original_quantity: undefined }, 'original_quantity', 'Quantidade é obrigatória'],
    [
      'quantity above the cap',
      { original_quantity: '1000000001' },
      'original_quantity',
      'Quantidade deve ser no máximo 1.000.000.000',
    ],
    [
      'huge quantity',
      { original_quantity: '99999999999999999999999' },
      'original_quantity',
      'Quantidade deve ser no máximo 1.000.000.000',
    ],
    ['cost with five places', { cost_per_mile: '0,01555' }, 'cost_per_mile', 'Use no máximo 4 casas decimais'],
    ['cost with five places (number)', { cost_per_mile: 0.01555 }, 'cost_per_mile', 'Use no máximo 4 casas decimais'],
    ['cost with thousands and decimals', { cost_per_mile: '1.234,56' }, 'cost_per_mile', 'Custo por milha inválido'],
    ['cost in words', { cost_per_mile: 'abc' }, 'cost_per_mile', 'Custo por milha inválido'],
    ['cost as a lone comma', { cost_per_mile: ',' }, 'cost_per_mile', 'Custo por milha inválido'],
    ['cost with R$', { cost_per_mile: 'R$ 0,02' }, 'cost_per_mile', 'Custo por milha inválido'],
    ['infinite cost', { cost_per_mile: Number.POSITIVE_INFINITY }, 'cost_per_mile', 'Custo por milha inválido'],
    [
      'cost above the cap',
      { cost_per_mile: '1000,0001' },
      'cost_per_mile',
      'Custo por milha deve ser no máximo R$ 1.000,00',
    ],
    [
      'cost far above the cap',
      { cost_per_mile: '123456789' },
      'cost_per_mile',
      'Custo por milha deve ser no máximo R$ 1.000,00',
    ],
    ['empty cost', { cost_per_mile: '' }, 'cost_per_mile', 'Custo por milha é obrigatório'],
    ['no cost', { cost_per_mile: undefined }, 'cost_per_mile', 'Custo por milha é obrigatório'],
    ['purchase before 1900', { purchase_date: '1899-12-31' }, 'purchase_date', 'Data de compra inválida'],
    ['impossible purchase date', { purchase_date: '2026-02-30' }, 'purchase_date', 'Data de compra inválida'],
    ['purchase date as dd/MM/yyyy', { purchase_date: '01/03/2026' }, 'purchase_date', 'Data de compra inválida'],
    ['empty purchase date', { purchase_date: '' }, 'purchase_date', 'Data de compra é obrigatória'],
    ['no purchase date', { purchase_date: undefined }, 'purchase_date', 'Data de compra é obrigatória'],
    ['impossible expiry', { expiry_date: '2027-02-29' }, 'expiry_date', 'Data de vencimento inválida'],
    ['expiry in words', { expiry_date: 'amanhã' }, 'expiry_date', 'Data de vencimento inválida'],
    ['neither account nor number', { account_number: '' }, 'account_number', 'Número da conta é obrigatório'],
    ['blank account number', { account_number: '   ' }, 'account_number', 'Número da conta é obrigatório'],
    [
      'both account and number',
      { account_id: UUID },
      'account_number',
      'Informe a conta cadastrada ou o número da conta, não ambos',
    ],
    ['account id not a uuid', { account_number: '', account_id: '42' }, 'account_id', 'Conta inválida'],
    [
      'account number too long',
      { account_number: '9'.repeat(61) },
      'account_number',
      'Número da conta deve ter no máximo 60 caracteres',
    ],
    ['supplier too long', { supplier: 'x'.repeat(201) }, 'supplier', 'Fornecedor deve ter no máximo 200 caracteres'],
    ['notes too long', { notes: 'x'.repeat(2001) }, 'notes', 'Observações devem ter no máximo 2000 caracteres'],
  ])('refuses %s', (_what, patch, field, message) => {
    const fields = fieldsOf({ ...ok, ...patch });
    expect(fields[field]).toBe(message);
  });

  it('gives one message per field', () => {
    const result = schema.safeParse({ ...ok, purchase_date: '' });
    expect(result.success || result.error.issues.filter((i) => i.path[0] === 'purchase_date')).toHaveLength(1);
  });

  it.each([
    ['today', { expiry_date: TODAY }],
    ['no expiry (null)', { expiry_date: null }],
    ['no expiry (empty)', { expiry_date: '' }],
    ['no expiry (absent)', { expiry_date: undefined }],
    ['purchase today', { purchase_date: TODAY }],
    ['purchase on 1900-01-01', { purchase_date: '1900-01-01' }],
  ])('accepts %s', (_what, patch) => {
    expect(fieldsOf({ ...ok, ...patch })).toEqual({});
  });

  it('reads no expiry as null', () => {
    expect(schema.parse({ ...ok, expiry_date: '' }).expiry_date).toBeNull();
    expect(schema.parse({ ...ok, expiry_date: undefined }).expiry_date).toBeNull();
  });

  it('refuses an expiry before the purchase', () => {
    // Only reachable with a purchase date in the future, since expiry ≥ today ≥ purchase otherwise.
    expect(fieldsOf({ ...ok, purchase_date: '2026-04-01', expiry_date: '2026-03-20' })).toEqual({
      purchase_date: 'Data de compra não pode estar no futuro',
      expiry_date: 'Vencimento deve ser posterior à compra',
    });
    expect(fieldsOf({ ...ok, purchase_date: '2026-03-10', expiry_date: '2026-03-01' }).expiry_date).toBe(
      'Data de vencimento não pode estar no passado',
    );
  });

  it('shows every field error at once, including the account rule', () => {
    expect(
      fieldsOf({
        program: 'GOL',
        original_quantity: '0',
        cost_per_mile: '1,2,3',
        purchase_date: '2030-01-01',
        expiry_date: '2020-01-01',
      }),
    ).toEqual({
      program: 'Programa inválido',
      account_number: 'Número da conta é obrigatório',
      original_quantity: 'Quantidade deve ser maior que 0',
      cost_per_mile: 'Custo por milha inválido',
      purchase_date: 'Data de compra não pode estar no futuro',
      expiry_date: 'Data de vencimento não pode estar no passado',
    });
  });

  it('refuses what is not an object', () => {
    expect(schema.safeParse(null).success).toBe(false);
    expect(schema.safeParse('lote').success).toBe(false);
  });

  it('reads today at parse time', () => {
    let today = '2026-03-15';
    const moving = makeLotInputSchema(() => today);
    expect(fieldsOf({ ...ok, purchase_date: '2026-03-16' }, moving).purchase_date).toBe(
      'Data de compra não pode estar no futuro',
    );
    today = '2026-03-16';
    expect(fieldsOf({ ...ok, purchase_date: '2026-03-16' }, moving)).toEqual({});
  });

  it('uses the real today by default', () => {
    expect(lotInputSchema.safeParse({ ...ok, purchase_date: todayIso(), expiry_date: todayIso() }).success).toBe(true);
  });
});

describe('lotFormDefaults (spec part 1 §5)', () => {
  it('LATAM, purchased today, expiring one year ahead', () => {
    expect(lotFormDefaults('2026-03-15')).toEqual({
      program: 'LATAM',
      account_id: null,
      account_number: '',
      original_quantity: '',
      cost_per_mile: '',
      purchase_date: '2026-03-15',
      expiry_date: '2027-03-15',
      supplier: '',
      notes: '',
    });
  });

  it('clamps 29 February to 28 February', () => {
    expect(lotFormDefaults('2028-02-29').expiry_date).toBe('2029-02-28');
  });

  it('leaves only what the user must type to fill', () => {
    expect(fieldsOf(lotFormDefaults(TODAY))).toEqual({
      account_number: 'Número da conta é obrigatório',
      original_quantity: 'Quantidade é obrigatória',
      cost_per_mile: 'Custo por milha é obrigatório',
    });
    expect(
      fieldsOf({ ...lotFormDefaults(TODAY), account_number: '1', original_quantity: '1', cost_per_mile: '0,02' }),
    ).toEqual({});
  });

  it('defaults to the real today', () => {
    expect(lotFormDefaults().purchase_date).toBe(todayIso());
  });
});

describe('lotListQuerySchema', () => {
  it('defaults: page 1, 20 per page, expiry ascending, no filters', () => {
    expect(lotListQuerySchema.parse({})).toEqual({ search: '', page: 1, limit: 20, sort: 'expiry_date', order: 'asc' });
  });

  it('reads query strings', () => {
    expect(
      lotListQuerySchema.parse({
        page: '3',
        limit: '100',
        search: ' pix ',
        program: 'SMILES',
        status: 'expired',
        sort: 'cost_per_mile',
        order: 'desc',
      }),
    ).toEqual({
      page: 3,
      limit: 100,
      search: 'pix',
      program: 'SMILES',
      status: 'expired',
      sort: 'cost_per_mile',
      order: 'desc',
    });
  });

  it('treats empty parameters as absent', () => {
    expect(lotListQuerySchema.parse({ page: '', limit: '', program: '', status: '', sort: '', order: '' })).toEqual({
      search: '',
      page: 1,
      limit: 20,
      sort: 'expiry_date',
      order: 'asc',
    });
  });

  it.each(['program', 'remaining_quantity', 'cost_per_mile', 'expiry_date', 'status'])('sorts by %s', (sort) => {
    expect(lotListQuerySchema.parse({ sort }).sort).toBe(sort);
  });

  it.each([
    [{ page: '0' }, 'page', 'Página inválida'],
    [{ page: '1.5' }, 'page', 'Página inválida'],
    [{ page: 'x' }, 'page', 'Página inválida'],
    [{ limit: '0' }, 'limit', 'Limite deve estar entre 1 e 100'],
    [{ limit: '101' }, 'limit', 'Limite deve estar entre 1 e 100'],
    [{ program: 'GOL' }, 'program', 'Programa inválido'],
    [{ status: 'deleted' }, 'status', 'Status inválido'],
    [{ sort: 'supplier' }, 'sort', 'Ordenação inválida'],
    [{ order: 'up' }, 'order', 'Ordem inválida'],
    [{ search: 'x'.repeat(201) }, 'search', 'Busca deve ter no máximo 200 caracteres'],
  ])('refuses %j', (query, field, message) => {
    const result = lotListQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('export takes the filters without paging', () => {
    expect(lotExportQuerySchema.parse({ program: 'AZUL', page: '2' })).toEqual({
      search: '',
      program: 'AZUL',
      sort: 'expiry_date',
      order: 'asc',
      formato: 'csv',
    });
  });
});

describe('bulkLotDeleteSchema', () => {
  const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

  it('deduplicates ids', () => {
    expect(bulkLotDeleteSchema.parse({ ids: [UUID, UUID.toLowerCase(), id(1)] })).toEqual({
      ids: [UUID.toLowerCase(), id(1)],
    });
  });

  it('takes up to 1000', () => {
    expect(bulkLotDeleteSchema.parse({ ids: Array.from({ length: 1000 }, (_, i) => id(i)) }).ids).toHaveLength(1000);
  });

  it.each([
    [{ ids: Array.from({ length: 1001 }, (_, i) => id(i)) }, 'Selecione no máximo 1000 lotes por vez.'],
    [{ ids: [] }, 'Selecione pelo menos um lote.'],
    [{}, 'Selecione pelo menos um lote.'],
    [{ ids: ['nope'] }, 'Identificador inválido'],
  ])('refuses %#', (input, message) => {
    expect(bulkLotDeleteSchema.safeParse(input).error?.issues[0]?.message).toBe(message);
  });
});

describe('lot statuses (spec part 1 §3)', () => {
  it.each([
    ['available', 'Disponível', 'success'],
    ['reserved', 'Reservado', 'warning'],
    ['used', 'Usado', 'secondary'],
    ['expired', 'Expirado', 'destructive'],
    ['archived', 'archived', 'outline'],
  ])('%s → %s, %s badge', (status, label, variant) => {
    expect(lotStatusLabel(status)).toBe(label);
    expect(lotStatusBadgeVariant(status)).toBe(variant);
  });
});

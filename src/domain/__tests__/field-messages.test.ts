import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { accountListQuerySchema } from '../accounts/account.schema';
import { agencyInputSchema } from '../agency/agency.schema';
import { signInSchema, signUpSchema } from '../auth/auth.schema';
import { clientInputSchema, clientListQuerySchema, quickSearchQuerySchema } from '../clients/client.schema';
import { emissionCreateSchema, emissionListQuerySchema } from '../emissions/emission.schema';
import { lotExpiringQuerySchema, lotInputSchema, lotListQuerySchema } from '../lots/lot.schema';
import { findMalformedText, INVALID_CHARACTERS_MESSAGE, isWellFormedText } from '../text.schema';
import '../zod';

/** The first message per field path, as the API's `fields` reports them. */
function fieldsOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  return fields;
}

const NUL = 'Jo\u0000ão';
const LONE_HIGH = 'Jo\uD800ão';
const LONE_LOW = 'Jo\uDC00ão';

describe('well-formed text', () => {
  it.each([
    ['plain', 'João da Silva', true],
    ['an emoji (a surrogate pair)', 'Viagem ✈️ 😀', true],
    ['NUL', NUL, false],
    ['a lone high surrogate', LONE_HIGH, false],
    ['a lone low surrogate', LONE_LOW, false],
    ['a high surrogate at the end', 'abc\uD83D', false],
  ])('%s', (_label, value, ok) => {
    expect(isWellFormedText(value)).toBe(ok);
  });

  it('finds every malformed string by its path, however deep', () => {
    expect(findMalformedText({ a: 'ok', b: [NUL, 'ok', { c: LONE_LOW }] })).toEqual(['b.0', 'b.2.c']);
    let deep: unknown = NUL;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findMalformedText(deep)).toEqual([Array(100_000).fill('0').join('.')]);
  });

  it.each([NUL, LONE_HIGH, LONE_LOW])('is required of every text field of the forms (%j)', (bad) => {
    expect(
      fieldsOf(clientInputSchema, {
        name: bad,
        notes: bad,
        tags: [bad],
        loyalty_accounts: [{ program: 'LATAM', account_number: bad, nickname: bad }],
      }),
    ).toMatchObject({
      name: INVALID_CHARACTERS_MESSAGE,
      notes: INVALID_CHARACTERS_MESSAGE,
      'tags.0': INVALID_CHARACTERS_MESSAGE,
      'loyalty_accounts.0.account_number': INVALID_CHARACTERS_MESSAGE,
      'loyalty_accounts.0.nickname': INVALID_CHARACTERS_MESSAGE,
    });
    expect(fieldsOf(lotInputSchema, { account_number: bad, supplier: bad, notes: bad })).toMatchObject({
      account_number: INVALID_CHARACTERS_MESSAGE,
      supplier: INVALID_CHARACTERS_MESSAGE,
      notes: INVALID_CHARACTERS_MESSAGE,
    });
    expect(fieldsOf(emissionCreateSchema, { passengers: [{ name: bad, cpf: '529.982.247-25' }] })).toMatchObject({
      'passengers.0.name': INVALID_CHARACTERS_MESSAGE,
    });
    expect(
      fieldsOf(agencyInputSchema, { legal_name: bad, address: bad, main_activity_code: bad, registration_status: bad }),
    ).toMatchObject({
      legal_name: INVALID_CHARACTERS_MESSAGE,
      address: INVALID_CHARACTERS_MESSAGE,
      main_activity_code: INVALID_CHARACTERS_MESSAGE,
      registration_status: INVALID_CHARACTERS_MESSAGE,
    });
    expect(fieldsOf(signInSchema, { identifier: bad, password: bad })).toEqual({
      identifier: INVALID_CHARACTERS_MESSAGE,
      password: INVALID_CHARACTERS_MESSAGE,
    });
  });

  it.each([
    ['clients', clientListQuerySchema, 'search'],
    ['quick search', quickSearchQuerySchema, 'q'],
    ['lots', lotListQuerySchema, 'search'],
    ['emissions', emissionListQuerySchema, 'search'],
    ['accounts', accountListQuerySchema, 'search'],
  ] as const)('is required of the %s search', (_label, schema, key) => {
    for (const bad of [NUL, LONE_HIGH])
      expect(fieldsOf(schema, { [key]: bad })).toEqual({ [key]: INVALID_CHARACTERS_MESSAGE });
  });
});

describe('messages true to the fault', () => {
  it('says a value is too long, not that it is missing', () => {
    const long = 'x'.repeat(201);
    expect(fieldsOf(agencyInputSchema, { legal_name: long, trade_name: long }).legal_name).toBe(
      'Razão social deve ter no máximo 200 caracteres',
    );
    expect(fieldsOf(agencyInputSchema, { legal_name: long, trade_name: long }).trade_name).toBe(
      'Nome fantasia deve ter no máximo 200 caracteres',
    );
    const signUp = fieldsOf(signUpSchema, { agency: { legal_name: long, trade_name: 'Ok Ltda', cnpj: '' }, user: {} });
    expect(signUp['agency.legal_name']).toBe('Razão social deve ter no máximo 200 caracteres');
    expect(fieldsOf(agencyInputSchema, { registration_status: 'x'.repeat(41) }).registration_status).toBe(
      'Situação cadastral deve ter no máximo 40 caracteres',
    );
    expect(fieldsOf(signInSchema, { identifier: long, password: 'x' }).identifier).toBe(
      'E-mail ou telefone deve ter no máximo 200 caracteres',
    );
  });

  it('says an e-mail is too long rather than "Invalid input"', () => {
    const email = `${'a'.repeat(250)}@exemplo.com.br`;
    expect(fieldsOf(clientInputSchema, { name: 'Ana', email }).email).toBe('Email deve ter no máximo 200 caracteres');
    expect(fieldsOf(agencyInputSchema, { email }).email).toBe('Email deve ter no máximo 200 caracteres');
    expect(fieldsOf(signUpSchema, { agency: {}, user: { email } })['user.email']).toBe(
      'Email deve ter no máximo 200 caracteres',
    );
    expect(fieldsOf(clientInputSchema, { name: 'Ana', email: 'não é email' }).email).toBe('Email inválido');
    expect(clientInputSchema.parse({ name: 'Ana', email: ' Ana@Exemplo.com ' }).email).toBe('ana@exemplo.com');
    expect(clientInputSchema.parse({ name: 'Ana', email: '' }).email).toBeNull();
  });

  it('tells a wrong type from a missing value', () => {
    expect(fieldsOf(agencyInputSchema, {}).legal_name).toBe('Razão social é obrigatória');
    expect(fieldsOf(agencyInputSchema, { legal_name: 42 }).legal_name).toBe('Razão social inválida');
    expect(fieldsOf(clientInputSchema, { name: ['Ana'] }).name).toBe('Nome inválido');
    expect(fieldsOf(emissionCreateSchema, { route: 42 }).route).toBe(
      'Rota inválida: use códigos de aeroporto separados por hífen, ex.: NAT-GRU',
    );
    expect(fieldsOf(emissionCreateSchema, {}).route).toBe('Rota obrigatória');
  });

  it('answers in Portuguese where a schema names no message (the zod locale is the fallback)', () => {
    const english = /\b(Invalid|expected|received|Required|must|Expected|string|number)\b/;
    const schema = z.object({
      a: z.string().max(3),
      b: z.number(),
      c: z.array(z.string()).min(1),
      d: z.enum(['x', 'y']),
      e: z.email(),
    });
    const messages = Object.values(fieldsOf(schema, { a: 'abcd', b: 'x', c: [], d: 'z', e: 'y' }));
    expect(messages).toHaveLength(5);
    for (const m of messages) expect(m).not.toMatch(english);
    expect(fieldsOf(schema, [])._).toBe('Valor inválido: informe um objeto');
    expect(fieldsOf(schema, { a: 'abcd' }).a).toBe('Deve ter no máximo 3 caracteres');
  });
});

describe('phone and documents are refused, never erased', () => {
  it.each(['not a phone', 'abc', '---', '84 9999x-8888'])('phone %j', (phone) => {
    expect(fieldsOf(clientInputSchema, { name: 'Ana', phone }).phone).toBe('Telefone inválido');
  });

  it('still takes a masked phone and empties a blank one', () => {
    expect(clientInputSchema.parse({ name: 'Ana', phone: '(84) 99999-8888' }).phone).toBe('84999998888');
    expect(clientInputSchema.parse({ name: 'Ana', phone: '   ' }).phone).toBeNull();
    expect(clientInputSchema.parse({ name: 'Ana', phone: null }).phone).toBeNull();
  });

  it.each(['not a cpf', 'abc', '529.982.247-2x'])('CPF %j', (document) => {
    expect(fieldsOf(clientInputSchema, { name: 'Ana', document }).document).toBe('CPF inválido');
    expect(fieldsOf(emissionCreateSchema, { passengers: [{ name: 'Ana', cpf: document }] })['passengers.0.cpf']).toBe(
      'CPF inválido',
    );
  });

  it('CNPJ with letters is invalid, not "must have 14 digits"', () => {
    expect(fieldsOf(agencyInputSchema, { cnpj: 'abc' }).cnpj).toBe('CNPJ inválido');
    expect(fieldsOf(agencyInputSchema, { cnpj: '11.222.333/0001' }).cnpj).toBe('CNPJ deve ter 14 dígitos');
    expect(agencyInputSchema.shape.cnpj.parse('11.222.333/0001-81')).toBe('11222333000181');
  });
});

describe('integers in query strings', () => {
  it.each(['0x2', '1e1', ' 2', '2 ', '2.0', '+2', '-1', '0', '0b10', 'Infinity', '１'])(
    'page %j is refused',
    (page) => {
      expect(fieldsOf(clientListQuerySchema, { page }).page).toBe('Página inválida');
      expect(fieldsOf(lotListQuerySchema, { page }).page).toBe('Página inválida');
      expect(fieldsOf(emissionListQuerySchema, { page }).page).toBe('Página inválida');
    },
  );

  it('reads plain digits, and absent or empty as the default', () => {
    expect(clientListQuerySchema.parse({ page: '2', limit: '50' })).toMatchObject({ page: 2, limit: 50 });
    expect(clientListQuerySchema.parse({ page: '', limit: '' })).toMatchObject({ page: 1, limit: 20 });
    expect(clientListQuerySchema.parse({})).toMatchObject({ page: 1, limit: 20 });
    expect(lotExpiringQuerySchema.parse({ days: '0' })).toEqual({ days: 0 });
    expect(lotExpiringQuerySchema.parse({})).toEqual({ days: undefined });
    expect(fieldsOf(lotExpiringQuerySchema, { days: '1e2' }).days).toMatch(/^Dias deve ser/);
    expect(fieldsOf(accountListQuerySchema, { limit: '0x10' }).limit).toBe('Limite deve estar entre 1 e 1000');
  });
});

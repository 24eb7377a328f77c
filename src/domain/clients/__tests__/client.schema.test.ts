import { describe, expect, it } from 'vitest';
import { addDaysIso, todayIso } from '../../format';
import { bulkDeleteSchema, clientInputSchema, clientListQuerySchema, topClientsQuerySchema } from '../client.schema';

const ok = { name: 'Maria José' };

function fieldsOf(input: unknown): Record<string, string> {
  const result = clientInputSchema.safeParse(input);
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.')] ??= issue.message;
  return fields;
}

describe('clientInputSchema', () => {
  it('normalises what the form sends', () => {
    const parsed = clientInputSchema.parse({
      name: '  Maria José  ',
      email: ' Maria@Exemplo.COM ',
      phone: '(84) 3222-1111',
      document: '529.982.247-25',
      birth_date: '1990-05-01',
      notes: '  ',
      tags: ['vip', ' vip ', 'corporativo'],
      loyalty_accounts: [{ program: 'LATAM', account_number: ' 123 ', nickname: '' }],
    });
    expect(parsed).toEqual({
      name: 'Maria José',
      email: 'maria@exemplo.com',
      phone: '8432221111',
      document: '52998224725',
      birth_date: '1990-05-01',
      status: 'active',
      notes: null,
      tags: ['vip', 'corporativo'],
      loyalty_accounts: [{ program: 'LATAM', account_number: '123', nickname: null }],
    });
  });

  it('turns empty optional values into null and defaults the rest', () => {
    expect(
      clientInputSchema.parse({
        ...ok,
        email: '',
        phone: '',
        document: '',
        birth_date: '',
        notes: null,
        tags: null,
        loyalty_accounts: null,
      }),
    ).toEqual({
      name: 'Maria José',
      email: null,
      phone: null,
      document: null,
      birth_date: null,
      status: 'active',
      notes: null,
      tags: [],
      loyalty_accounts: [],
    });
  });

  it.each([
    ['52998224725', '52998224725'],
    ['529.982.247-25', '52998224725'],
    ['11.222.333/0001-81', '11222333000181'],
  ])('accepts document %s → %s', (document, expected) => {
    expect(clientInputSchema.parse({ ...ok, document }).document).toBe(expected);
  });

  it.each([
    [{ name: 'A' }, 'name', 'Nome deve ter pelo menos 2 caracteres'],
    [{ name: ' A ' }, 'name', 'Nome deve ter pelo menos 2 caracteres'],
    [{ name: 'x'.repeat(201) }, 'name', 'Nome deve ter no máximo 200 caracteres'],
    [{ name: 42 }, 'name', 'Nome inválido'],
    [{ email: 'maria@' }, 'email', 'Email inválido'],
    [{ email: 'maria @x.com' }, 'email', 'Email inválido'],
    [{ phone: '123' }, 'phone', 'Telefone inválido'],
    [{ document: '529.982.247-26' }, 'document', 'CPF inválido'],
    [{ document: '000.000.000-00' }, 'document', 'CPF inválido'],
    [{ document: '123' }, 'document', 'CPF inválido'],
    [{ document: '11.222.333/0001-80' }, 'document', 'CNPJ inválido'],
    [{ birth_date: addDaysIso(todayIso(), 1) }, 'birth_date', 'Data de nascimento inválida'],
    [{ birth_date: '1899-12-31' }, 'birth_date', 'Data de nascimento inválida'],
    [{ birth_date: '2023-02-29' }, 'birth_date', 'Data de nascimento inválida'],
    [{ birth_date: '01/05/1990' }, 'birth_date', 'Data de nascimento inválida'],
    [{ status: 'deleted' }, 'status', 'Status inválido'],
    [{ notes: 'x'.repeat(2001) }, 'notes', 'Observações devem ter no máximo 2000 caracteres'],
    [{ tags: ['x'.repeat(41)] }, 'tags.0', 'Etiqueta deve ter no máximo 40 caracteres'],
    [
      { loyalty_accounts: [{ program: 'LATAM', account_number: '' }] },
      'loyalty_accounts.0.account_number',
      'Número da conta é obrigatório',
    ],
    [
      { loyalty_accounts: [{ program: 'GOL', account_number: '1' }] },
      'loyalty_accounts.0.program',
      'Programa inválido',
    ],
    [
      {
        loyalty_accounts: [
          { program: 'AZUL', account_number: '1' },
          { program: 'TAP', account_number: '2' },
          { program: 'AZUL', account_number: '3' },
        ],
      },
      'loyalty_accounts.2.program',
      'Programa já adicionado',
    ],
    [
      { loyalty_accounts: [{ id: 'abc', program: 'AZUL', account_number: '1' }] },
      'loyalty_accounts.0.id',
      'Conta inválida',
    ],
  ])('%o → %s: %s', (patch, field, message) => {
    expect(fieldsOf({ ...ok, ...patch })[field]).toBe(message);
  });

  it('accepts today and 1900-01-01 as birth dates', () => {
    expect(clientInputSchema.parse({ ...ok, birth_date: todayIso() }).birth_date).toBe(todayIso());
    expect(clientInputSchema.parse({ ...ok, birth_date: '1900-01-01' }).birth_date).toBe('1900-01-01');
  });
});

describe('clientListQuerySchema', () => {
  it('defaults to page 1 of 20 by name ascending', () => {
    expect(clientListQuerySchema.parse({})).toEqual({ search: '', sort: 'name', order: 'asc', page: 1, limit: 20 });
    expect(clientListQuerySchema.parse({ status: '', sort: '', order: '', page: '', limit: '' })).toMatchObject({
      page: 1,
      limit: 20,
      sort: 'name',
    });
  });

  it('reads strings from the query', () => {
    expect(
      clientListQuerySchema.parse({
        page: '3',
        limit: '100',
        sort: 'total_spent',
        order: 'desc',
        status: 'blocked',
        search: ' José ',
      }),
    ).toEqual({
      page: 3,
      limit: 100,
      sort: 'total_spent',
      order: 'desc',
      status: 'blocked',
      search: 'José',
    });
  });

  it.each([
    { page: '0' },
    { page: '-2' },
    { page: '1.5' },
    { page: 'x' },
    { limit: '0' },
    { limit: '101' },
    { sort: 'email' },
    { order: 'up' },
    { status: 'x' },
  ])('refuses %o', (query) => expect(clientListQuerySchema.safeParse(query).success).toBe(false));

  it('top clients: default 10, at most 50', () => {
    expect(topClientsQuerySchema.parse({}).limit).toBe(10);
    expect(topClientsQuerySchema.safeParse({ limit: '51' }).success).toBe(false);
  });
});

describe('bulkDeleteSchema', () => {
  const uuid = () => crypto.randomUUID();
  it('takes 1 to 1000 UUIDs, without repeats', () => {
    const id = uuid();
    expect(bulkDeleteSchema.parse({ ids: [id, id.toUpperCase()] }).ids).toEqual([id]);
    expect(bulkDeleteSchema.parse({ ids: Array.from({ length: 1000 }, uuid) }).ids).toHaveLength(1000);
  });
  it.each([
    [{ ids: Array.from({ length: 1001 }, uuid) }, 'ids', 'Selecione no máximo 1000 clientes por vez.'],
    [{ ids: [] }, 'ids', 'Selecione pelo menos um cliente.'],
    [{}, 'ids', 'Selecione pelo menos um cliente.'],
    [{ ids: ['1'] }, 'ids.0', 'Identificador inválido'],
  ])('%#: refuses with %s: %s', (input, field, message) => {
    const result = bulkDeleteSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error!.issues.find((i) => i.path.join('.') === field)?.message).toBe(message);
  });
});

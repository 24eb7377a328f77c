import { describe, expect, it } from 'vitest';
import { ACCOUNTS_LIMIT_DEFAULT, accountListQuerySchema } from '../account.schema';

describe('accountListQuerySchema', () => {
  it('defaults and normalises', () => {
    expect(accountListQuerySchema.parse({})).toEqual({
      program: undefined,
      client_id: undefined,
      search: '',
      limit: ACCOUNTS_LIMIT_DEFAULT,
    });
    expect(
      accountListQuerySchema.parse({
        program: 'LATAM',
        client_id: '3F2504E0-4F89-41D3-9A0C-0305E82C3301',
        search: '  ana ',
        limit: '10',
      }),
    ).toEqual({ program: 'LATAM', client_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', search: 'ana', limit: 10 });
    expect(accountListQuerySchema.parse({ program: '', client_id: '', limit: '' })).toMatchObject({
      program: undefined,
      client_id: undefined,
    });
  });

  it.each([
    [{ program: 'MILHAS' }, 'program', 'Programa inválido'],
    [{ client_id: 'x' }, 'client_id', 'Cliente inválido'],
    [{ limit: '0' }, 'limit', 'Limite deve estar entre 1 e 1000'],
    [{ limit: '1001' }, 'limit', 'Limite deve estar entre 1 e 1000'],
  ])('refuses %o', (input, field, message) => {
    const result = accountListQuerySchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error!.issues.find((i) => i.path[0] === field)?.message).toBe(message);
  });
});

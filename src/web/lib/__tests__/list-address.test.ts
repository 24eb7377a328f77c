import { describe, expect, it } from 'vitest';
import { CLIENT_SORTS, CLIENT_STATUSES, clientListQuerySchema } from '@domain/clients/client.schema';
import { EMISSION_STATUSES, emissionListQuerySchema } from '@domain/emissions/emission.schema';
import { LOT_SORTS, LOT_STATUSES, lotListQuerySchema } from '@domain/lots/lot.schema';
import { PROGRAM_KEYS } from '@domain/programs';
import { SEARCH_MAX_LENGTH } from '@domain/text.schema';
import { readClientListParams } from '@/features/clients/list-params';
import { readEmissionListParams } from '@/features/emissions/list-params';
import { readLotListParams } from '@/features/lots/list-params';
import { parseSearchParams } from '../search-params';

/*
 * The list pages read their address without zod (lib/list-address.ts). What they read must be what
 * the API's query schema reads from the same parameter (parsed field by field, refused → default):
 * each reader is held to its schema over the values people, old links and probes send.
 */

const long = (n: number) => 'a'.repeat(n);

/** Values for any parameter: each list's own values, their near misses, and the usual probes. */
const COMMON: (string | null)[] = [
  null,
  '',
  ' ',
  '1',
  '2',
  '01',
  '0',
  '-1',
  '1.5',
  '1e1',
  '0x2',
  ' 2',
  '2 ',
  '+3',
  '١٢',
  '1000000',
  '1000001',
  '999999999999999',
  '9999999999999999',
  'abc',
  'asc',
  'desc',
  'ASC',
  ' desc',
  'José da Silva',
  '  silva  ',
  long(SEARCH_MAX_LENGTH),
  ` ${long(SEARCH_MAX_LENGTH)} `,
  long(SEARCH_MAX_LENGTH + 1),
  'a\u0000b',
  '\uD800',
  '\uD83D\uDE00',
  '\t\n',
  '2025-02-28',
  '2024-02-29',
  '2025-02-29',
  '2025-02-31',
  ' 2025-01-01 ',
  '2025-1-1',
  '31/01/2025',
  '2025-13-01',
  '0000-01-01',
];

const variants = (choices: readonly string[]) => choices.flatMap((c) => [c, c.toUpperCase(), ` ${c}`, `${c} `]);

/** Every value of `values` in `param`, the other parameters absent. */
function* single(param: string, values: readonly (string | null)[]) {
  for (const value of values) {
    const params = new URLSearchParams();
    if (value !== null) params.set(param, value);
    yield params;
  }
}

describe('the clients list read from its address (readClientListParams)', () => {
  const names = { page: 'page', sort: 'sort', order: 'order', status: 'status', search: 'q' } as const;
  const values = [...COMMON, ...variants(CLIENT_SORTS), ...variants(CLIENT_STATUSES)];

  it.each(Object.entries(names))('reads %s as clientListQuerySchema does', (_field, param) => {
    for (const params of single(param, values)) {
      const { status, ...schema } = parseSearchParams(clientListQuerySchema.shape, params, names);
      expect(readClientListParams(params), params.toString()).toEqual({ ...schema, status: status ?? null });
    }
  });
});

describe('the lots list read from its address (readLotListParams)', () => {
  const names = {
    page: 'page',
    sort: 'sort',
    order: 'order',
    program: 'program',
    status: 'status',
    search: 'q',
  } as const;
  const values = [...COMMON, ...variants(LOT_SORTS), ...variants(LOT_STATUSES), ...variants(PROGRAM_KEYS)];

  it.each(Object.entries(names))('reads %s as lotListQuerySchema does', (_field, param) => {
    for (const params of single(param, values)) {
      const { program, status, ...schema } = parseSearchParams(lotListQuerySchema.shape, params, names);
      expect(readLotListParams(params), params.toString()).toEqual({
        ...schema,
        program: program ?? null,
        status: status ?? null,
      });
    }
  });
});

describe('the emissions list read from its address (readEmissionListParams)', () => {
  const names = {
    page: 'page',
    status: 'status',
    program: 'program',
    date_from: 'de',
    date_to: 'ate',
    search: 'q',
  } as const;
  const values = [...COMMON, ...variants(EMISSION_STATUSES), ...variants(PROGRAM_KEYS)];

  it.each(Object.entries(names))('reads %s as emissionListQuerySchema does', (_field, param) => {
    for (const params of single(param, values)) {
      const schema = parseSearchParams(emissionListQuerySchema.shape, params, names);
      expect(readEmissionListParams(params), params.toString()).toEqual({
        page: schema.page,
        status: schema.status ?? null,
        program: schema.program ?? null,
        date_from: schema.date_from ?? null,
        date_to: schema.date_to ?? null,
        search: schema.search,
      });
    }
  });

  it('keeps an inverted period for the page to point out, as the field-by-field read did', () => {
    const params = new URLSearchParams('de=2025-03-01&ate=2025-02-01');
    expect(readEmissionListParams(params)).toMatchObject({ date_from: '2025-03-01', date_to: '2025-02-01' });
  });
});

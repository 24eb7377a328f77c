import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '../../domain/random';
import { call, createTestContext, type TestContext } from '../testing/test-app';
import { createAgencyWithUser, TEST_PASSWORD } from '../testing/factories/agency.factory';

// Hostile input on every operation of the served OpenAPI document that takes a body or a query
// string (#11 items 5 and 6): malformed JSON, wrong types, huge strings, NUL, lone surrogates,
// SQL injection, prototype keys, invalid UUIDs and dates. No answer may be a 500, and every error
// message (error.message and each error.fields value) must be Portuguese. The operations are read
// from /api/openapi.json, so a new route is fuzzed without touching this file. Deterministic: the
// values are fixed lists and the few choices come from a seeded generator.
// Runs on PGlite by default and on PostgreSQL with TEST_DATABASE_URL.

const SEED = 0x5eed_f022;

/** English words a Portuguese message never contains; zod's English defaults all carry one. */
const ENGLISH =
  /\b(Invalid|invalid|Expected|expected|received|Required|required|must|should|string|number|input|Too|too|big|small|Unrecognized|undefined|characters)\b/;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: Json[];
  const?: Json;
  default?: Json;
  format?: string;
  minLength?: number;
  minimum?: number;
  minItems?: number;
  nullable?: boolean;
};
type Parameter = { $ref?: string; name: string; in: 'query' | 'path' | 'header' | 'cookie'; schema?: Schema };
interface Operation {
  method: string;
  /** OpenAPI template, e.g. /api/v1/clients/{id}. */
  path: string;
  public: boolean;
  query: Parameter[];
  pathParams: Parameter[];
  body?: Schema;
}

let ctx: TestContext;
let cookie: string;
let doc: { paths: Record<string, Record<string, any>>; security?: unknown[] };
const seeded: Record<string, string> = {};
const random = mulberry32(SEED);
let requestCount = 0;

const uuid = () => {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
};

// ---------------------------------------------------------------------------------------------
// Reading the document

function resolve<T extends { $ref?: string }>(node: T | undefined): T | undefined {
  let n = node;
  for (let hops = 0; n?.$ref && hops < 20; hops++) {
    if (!n.$ref.startsWith('#/')) throw new Error(`external $ref not supported: ${n.$ref}`);
    n = n.$ref
      .slice(2)
      .split('/')
      .reduce<any>((acc, key) => acc?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc) as T;
  }
  return n;
}

function readOperations(): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const op = item[method];
      if (!op) continue;
      const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p: Parameter) => resolve(p)!);
      const requestBody = resolve(op.requestBody);
      const body = resolve(requestBody?.content?.['application/json']?.schema as Schema | undefined);
      const security = op.security ?? doc.security ?? [];
      ops.push({
        method: method.toUpperCase(),
        path,
        public: Array.isArray(security) && security.length === 0,
        query: params.filter((p) => p.in === 'query'),
        pathParams: params.filter((p) => p.in === 'path'),
        body,
      });
    }
  }
  return ops;
}

// ---------------------------------------------------------------------------------------------
// A plausible body from a schema, so that a mutated field is judged with the others valid and
// mutations reach the services and the database, not only the first validation error.

/** Values a Brazilian back office accepts for a field of this name (the schema alone cannot say). */
function hint(name: string): Json | undefined {
  const hints: Record<string, Json> = {
    cnpj: '11.222.333/0001-81',
    cpf: '529.982.247-25',
    document: '529.982.247-25',
    phone: '(84) 99999-8888',
    email: 'fuzz@exemplo.com.br',
    identifier: seeded.decoyEmail ?? 'ninguem@exemplo.com.br',
    password: TEST_PASSWORD,
    name: 'Fuzz da Silva',
    legal_name: 'Fuzz Viagens Ltda',
    trade_name: 'Fuzz Milhas',
    registration_status: 'Ativa',
    opened_on: '2010-05-04',
    address: 'Rua das Flores, 100, Natal/RN',
    main_activity_code: '7911-2/00',
    share_capital_cents: 1_000_000,
    birth_date: '1990-01-01',
    purchase_date: '2025-01-02',
    expiry_date: '2030-01-01',
    departure_date: '2030-01-01',
    date_from: '2025-01-01',
    date_to: '2025-12-31',
    route: 'GRU-LIS',
    pnr: 'FZ1234',
    account_number: 'FUZZ-1',
    original_quantity: '100000',
    cost_per_mile: '0,02',
    miles_used: '1000',
    revenue_cents: 150_000,
    client_id: seeded.clientId ?? null,
    account_id: seeded.accountId ?? null,
    lot_ids: seeded.lotId ? [seeded.lotId] : [],
  };
  return hints[name];
}

function types(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  if (schema.items) return ['array'];
  return [];
}

function sample(raw: Schema | undefined, name = ''): Json | undefined {
  const schema = resolve(raw);
  if (!schema) return 'Fuzz';
  const hinted = hint(name);
  if (hinted !== undefined) return hinted;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0]!;
  if (schema.default !== undefined) return schema.default;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const usable = branches.map((b) => resolve(b)!).filter((b) => !types(b).every((t) => t === 'null'));
    return usable.length ? sample(usable[0], name) : null;
  }
  if (schema.allOf?.length) return sample(schema.allOf[0], name);
  const type = types(schema).find((t) => t !== 'null') ?? 'string';
  switch (type) {
    case 'object': {
      const out: Record<string, Json> = {};
      const required = new Set(schema.required ?? []);
      for (const [key, prop] of Object.entries(schema.properties ?? {})) {
        // Optional fields only where a valid value is known; their mutations add them anyway.
        if (!required.has(key) && hint(key) === undefined) continue;
        const v = sample(prop, key);
        if (v !== undefined) out[key] = v;
      }
      return out;
    }
    case 'array':
      return (schema.minItems ?? 0) > 0 ? [sample(schema.items, name) ?? 'Fuzz'] : [];
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    default:
      if (schema.format === 'uuid') return uuid();
      if (schema.format === 'email') return 'fuzz@exemplo.com.br';
      if (schema.format === 'date') return '2025-01-02';
      return 'Fuzz teste'.padEnd(schema.minLength ?? 0, 'x');
  }
}

/** Every field path of a body schema: properties, and into the first element of arrays. */
function fieldPaths(raw: Schema | undefined, prefix: (string | number)[] = [], depth = 0): (string | number)[][] {
  const schema = resolve(raw);
  if (!schema || depth > 4) return [];
  const branches = (schema.anyOf ?? schema.oneOf ?? schema.allOf ?? []).map((b) => resolve(b)!);
  const object = [schema, ...branches].find((s) => s.properties);
  const array = [schema, ...branches].find((s) => s.items);
  const out: (string | number)[][] = [];
  if (object) {
    for (const [key, prop] of Object.entries(object.properties!)) {
      out.push([...prefix, key], ...fieldPaths(prop, [...prefix, key], depth + 1));
    }
  } else if (array && prefix.length > 0) {
    out.push(...fieldPaths(array.items, [...prefix, 0], depth + 1).filter((p) => p.length > prefix.length + 1));
    out.push([...prefix, 0]);
  }
  return out;
}

function schemaAt(raw: Schema | undefined, path: (string | number)[]): Schema | undefined {
  let schema = resolve(raw);
  for (const key of path) {
    if (!schema) return undefined;
    const candidates = [schema, ...(schema.anyOf ?? schema.oneOf ?? schema.allOf ?? []).map((b) => resolve(b)!)];
    schema = resolve(
      typeof key === 'number'
        ? candidates.find((s) => s.items)?.items
        : candidates.find((s) => s.properties)?.properties?.[key],
    );
  }
  return schema;
}

/** A copy of `base` with `value` at `path` (undefined removes it), building missing parents from the schema. */
function withValue(
  base: Json | undefined,
  path: (string | number)[],
  value: Json | undefined,
  schema: Schema | undefined,
): Json {
  const root = structuredClone(base ?? {}) as any;
  let node = root;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i]!;
    const next = path[i + 1]!;
    if (node[key] === null || typeof node[key] !== 'object') {
      const built = sample(schemaAt(schema, path.slice(0, i + 1)), String(key));
      node[key] =
        typeof next === 'number'
          ? Array.isArray(built) && built.length
            ? built
            : [sample(schemaAt(schema, path.slice(0, i + 2)), String(key)) ?? {}]
          : built && typeof built === 'object'
            ? built
            : {};
    }
    node = node[key];
  }
  const last = path[path.length - 1]!;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return root;
}

// ---------------------------------------------------------------------------------------------
// Hostile values

const HUGE = 'x'.repeat(100_000);
const SQL = [
  "' OR '1'='1",
  "'; DROP TABLE clients; --",
  'Robert"); DROP TABLE users;--',
  '1; SELECT pg_sleep(5)--',
  '%_\\',
  '$1::text',
  "E'\\x00'",
];
const BAD_UUIDS = [
  'not-a-uuid',
  '00000000-0000-0000-0000-00000000000g',
  '123e4567e89b12d3a456426614174000',
  'a'.repeat(36),
];
const BAD_DATES = [
  '2025-02-30',
  '2025-13-01',
  '0000-00-00',
  '1899-12-31',
  '9999-99-99',
  '+275760-09-13',
  '31/12/2025',
  '2025-1-1',
  'ontem',
];
const BAD_NUMBERS = ['0x2', '1e1', '-1', ' 2', '2.0', '99999999999999999999', 'NaN', 'Infinity', '-0', '１２'];
const BAD_TEXT = ['a\u0000b', '\u0000', 'a\uD800b', '\uDC00', 'fim\uD83D', `${'x'.repeat(5000)}\u0000`];

/** What every body field gets, besides its removal. */
const FIELD_VALUES: Json[] = [
  null,
  true,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 2,
  '',
  '   ',
  [],
  {},
  [[]],
  { nested: { deeper: 'x' } },
  ['x'],
  HUGE,
  '9'.repeat(100_000),
  ...BAD_TEXT,
  ...SQL,
  ...BAD_UUIDS,
  ...BAD_DATES,
  ...BAD_NUMBERS,
  '😀'.repeat(300),
  '<script>alert(1)</script>',
  '__proto__',
];

/** What every query parameter gets, as the raw text after `name=` (already URL-encoded where needed). */
const QUERY_VALUES: string[] = [
  '',
  '%20',
  encodeURIComponent(HUGE),
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%FF',
  '%',
  '%E0%A4%A',
  ...SQL.map(encodeURIComponent),
  ...BAD_UUIDS.map(encodeURIComponent),
  ...BAD_DATES.map(encodeURIComponent),
  ...BAD_NUMBERS.map(encodeURIComponent),
  encodeURIComponent('😀'.repeat(50)),
  '__proto__',
  'constructor',
];

const BAD_PATH_IDS = [
  'not-a-uuid',
  '%00',
  '%ED%A0%80',
  '%FF',
  "1'%20OR%20'1'='1",
  '..%2F..%2Fetc%2Fpasswd',
  'x'.repeat(5000),
  '00000000-0000-0000-0000-000000000000',
];

// ---------------------------------------------------------------------------------------------
// Sending and judging

interface Finding {
  request: string;
  status: number;
  answer: string;
}
const findings: Finding[] = [];
const statuses = new Map<number, number>();
const perOperation: Record<string, number> = {};

const describeValue = (v: unknown) => {
  const s = v === undefined ? '(removed)' : (JSON.stringify(v) ?? typeof v);
  return s.length > 80 ? `${s.slice(0, 77)}…(${s.length})` : s;
};

async function send(
  method: string,
  url: string,
  op: Operation,
  body: { json?: Json; raw?: string } | undefined,
  label: string,
) {
  requestCount++;
  const headers: Record<string, string> = {
    // A new address each time, so the sign-in limits per address do not hide the deeper paths.
    'x-forwarded-for': `10.${(requestCount >> 16) & 255}.${(requestCount >> 8) & 255}.${requestCount & 255}`,
  };
  if (body) headers['content-type'] = 'application/json';
  const res = await call(ctx.app, method, url, {
    cookie: op.public ? undefined : cookie,
    headers,
    ...(body?.raw !== undefined ? { rawBody: body.raw } : body ? { rawBody: JSON.stringify(body.json) } : {}),
  });
  statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  const opKey = `${method} ${op.path} ${res.status}`;
  perOperation[opKey] = (perOperation[opKey] ?? 0) + 1;
  const request = `${method} ${url.length > 120 ? `${url.slice(0, 117)}…` : url} ${label}`;
  if (res.status >= 500) {
    findings.push({ request, status: res.status, answer: JSON.stringify(res.body).slice(0, 200) });
    return res;
  }
  if (res.status >= 400) {
    const error = (
      res.body as { error?: { code?: unknown; message?: unknown; fields?: Record<string, unknown> } } | null
    )?.error;
    if (typeof error?.code !== 'string' || typeof error.message !== 'string') {
      findings.push({
        request,
        status: res.status,
        answer: `not an error body: ${String(JSON.stringify(res.body)).slice(0, 200)}`,
      });
      return res;
    }
    const messages = [error.message, ...Object.values(error.fields ?? {})];
    const english = messages.filter((m) => typeof m !== 'string' || ENGLISH.test(m));
    if (english.length)
      findings.push({ request, status: res.status, answer: `English or not text: ${JSON.stringify(english)}` });
  }
  return res;
}

const urlOf = (op: Operation, ids: Record<string, string> = {}) =>
  op.path.replace(/\{(\w+)\}/g, (_m, name: string) => ids[name] ?? seededId(op.path, name));

/** A real id for a path parameter where the test made one (so a body reaches its service), else a fresh UUID. */
function seededId(path: string, name: string): string {
  const resource = path
    .split('/')
    .slice(-3)
    .find((s) => !s.startsWith('{') && s !== 'v1' && s !== 'api');
  const byResource: Record<string, string | undefined> = {
    clients: seeded.pathClientId,
    lots: seeded.pathLotId,
    emissions: seeded.emissionId,
    accounts: seeded.accountId,
  };
  return (name === 'id' && resource ? byResource[resource] : undefined) ?? uuid();
}

/**
 * A base body that passes validation where the generator can find one: send the sample and drop
 * the optional fields the answer names, a few rounds. Whatever remains is the base either way.
 */
async function baseBody(op: Operation): Promise<Json> {
  let base = (sample(op.body) ?? {}) as Json;
  const required = new Set(resolve(op.body)?.required ?? []);
  for (let round = 0; round < 3; round++) {
    const res = await send(op.method, urlOf(op), op, { json: base }, 'base');
    const fields = Object.keys(res.body?.error?.fields ?? {}).map((k) => k.split('.')[0]!);
    const droppable = fields.filter(
      (k) => !required.has(k) && base && typeof base === 'object' && k in (base as object),
    );
    if (res.status < 400 || droppable.length === 0) break;
    base = Object.fromEntries(Object.entries(base as object).filter(([k]) => !droppable.includes(k))) as Json;
  }
  return base;
}

function rawWithPrototypeKeys(base: Json): string {
  const inner = JSON.stringify(base ?? {}).slice(1, -1);
  const evil =
    '"__proto__":{"polluted":true,"isAdmin":true},"constructor":{"prototype":{"polluted":true}},"prototype":{"polluted":true}';
  return `{${evil}${inner ? `,${inner}` : ''}}`;
}

async function fuzzBody(op: Operation) {
  const base = await baseBody(op);
  const raws = [
    '',
    '{',
    '{"a":',
    '{"a":1,}',
    "{'a':1}",
    '[',
    'null',
    'true',
    '42',
    '"texto"',
    '[]',
    `[${JSON.stringify(base)}]`,
    '\uFEFF{}',
    '{"a":"\\ud800"}',
    '{"a":"\\u0000"}',
    `${'['.repeat(5000)}${']'.repeat(5000)}`,
    `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
    rawWithPrototypeKeys(base),
    JSON.stringify(base).replace(/^\{/, '{"__proto__":null,'),
  ];
  for (const raw of raws) await send(op.method, urlOf(op), op, { raw }, `raw ${describeValue(raw)}`);
  // The same body twice in one object: the last key wins in JSON.parse; it must still be judged.
  await send(
    op.method,
    urlOf(op),
    op,
    { raw: JSON.stringify(base).replace(/\}$/, `${JSON.stringify(base) === '{}' ? '' : ','}"__proto__":"x"}`) },
    'raw duplicate',
  );

  for (const path of fieldPaths(op.body)) {
    const label = path.join('.');
    const values: (Json | undefined)[] = [undefined, ...FIELD_VALUES];
    for (const value of values) {
      await send(
        op.method,
        urlOf(op),
        op,
        { json: withValue(base, path, value, op.body) },
        `${label}=${describeValue(value)}`,
      );
    }
  }
}

async function fuzzQuery(op: Operation) {
  const url = urlOf(op);
  const valid = (p: Parameter) => {
    const v = sample(p.schema, p.name);
    return typeof v === 'string' || typeof v === 'number' ? encodeURIComponent(String(v)) : '';
  };
  for (const param of op.query) {
    const others = op.query.filter((p) => p !== param).map((p) => `${p.name}=${valid(p)}`);
    for (const value of [...QUERY_VALUES, `${valid(param)}&${param.name}=${valid(param)}`]) {
      await send(op.method, `${url}?${[...others, `${param.name}=${value}`].join('&')}`, op, undefined, '');
    }
    await send(op.method, `${url}?${param.name}[]=1&${param.name}[a]=2`, op, undefined, '');
  }
  await send(
    op.method,
    `${url}?__proto__[polluted]=1&constructor[prototype][polluted]=1&__proto__=1`,
    op,
    undefined,
    '',
  );
}

async function fuzzPathParams(op: Operation) {
  const base = op.body ? ((sample(op.body) ?? {}) as Json) : undefined;
  for (const param of op.pathParams) {
    for (const bad of BAD_PATH_IDS) {
      await send(
        op.method,
        urlOf(op, { [param.name]: bad }),
        op,
        base === undefined ? undefined : { json: base },
        `${param.name}=${bad.slice(0, 40)}`,
      );
    }
  }
}

// ---------------------------------------------------------------------------------------------

beforeAll(async () => {
  ctx = await createTestContext();
  const { user } = await createAgencyWithUser(ctx.handle.db);
  const decoy = await createAgencyWithUser(ctx.handle.db);
  seeded.decoyEmail = decoy.user.email!;
  const signIn = await call(ctx.app, 'POST', '/api/v1/auth/sign-in', {
    body: { identifier: user.email, password: TEST_PASSWORD },
  });
  expect(signIn.status).toBe(200);
  cookie = signIn.cookie!;

  // Real records, so ids in bodies and paths reach the services and the database.
  const client = await call(ctx.app, 'POST', '/api/v1/clients', {
    cookie,
    body: {
      name: 'Cliente Semente',
      document: '529.982.247-25',
      loyalty_accounts: [{ program: 'LATAM', account_number: 'SEED-1' }],
    },
  });
  expect(client.status).toBe(201);
  seeded.clientId = client.body.id;
  const accounts = await call(ctx.app, 'GET', `/api/v1/accounts?client_id=${client.body.id}`, { cookie });
  seeded.accountId = accounts.body.data[0].id;
  const lot = await call(ctx.app, 'POST', '/api/v1/lots', {
    cookie,
    body: {
      program: 'LATAM',
      account_id: seeded.accountId,
      original_quantity: '10000000',
      cost_per_mile: '0,02',
      purchase_date: '2025-01-02',
      expiry_date: '2099-01-01',
    },
  });
  expect(lot.status).toBe(201);
  seeded.lotId = lot.body.id;
  // Separate records for the PUTs on /clients/{id} and /lots/{id}, so their fuzzing leaves the
  // account and the miles the emission bodies draw on alone.
  const pathClient = await call(ctx.app, 'POST', '/api/v1/clients', { cookie, body: { name: 'Cliente Alvo' } });
  seeded.pathClientId = pathClient.body.id;
  const pathLot = await call(ctx.app, 'POST', '/api/v1/lots', {
    cookie,
    body: {
      program: 'LATAM',
      account_id: seeded.accountId,
      original_quantity: '50000',
      cost_per_mile: '0,03',
      purchase_date: '2025-01-02',
    },
  });
  expect(pathLot.status).toBe(201);
  seeded.pathLotId = pathLot.body.id;
  const emission = await call(ctx.app, 'POST', '/api/v1/emissions', {
    cookie,
    body: {
      client_id: seeded.clientId,
      account_id: seeded.accountId,
      route: 'NAT-GRU',
      miles_used: '1000',
      revenue_cents: 100_000,
      passengers: [{ name: 'Cliente Semente', cpf: '529.982.247-25' }],
    },
  });
  expect(emission.status).toBe(201);
  seeded.emissionId = emission.body.id;

  const res = await ctx.app.request('http://localhost/api/openapi.json');
  expect(res.status).toBe(200);
  doc = (await res.json()) as typeof doc;
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('fuzzing every operation with a body, a query string or a path id', () => {
  it('answers no 500 and only Portuguese messages', async () => {
    const ops = readOperations().filter((op) => op.body || op.query.length > 0 || op.pathParams.length > 0);
    // The document lists the API: if it stopped describing bodies and queries, this test would pass vacuously.
    expect(ops.filter((op) => op.body).length).toBeGreaterThanOrEqual(10);
    expect(ops.filter((op) => op.query.length).length).toBeGreaterThanOrEqual(8);

    // Writes last among equals, and sign-out or session endings never: they would end this test's session.
    for (const op of ops) {
      if (op.body) await fuzzBody(op);
      if (op.query.length) await fuzzQuery(op);
      if (op.pathParams.length) await fuzzPathParams(op);
    }

    // The session survived (the fuzz was not reduced to 401s part-way).
    expect((await call(ctx.app, 'GET', '/api/v1/auth/me', { cookie })).status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();

    if (process.env.FUZZ_VERBOSE)
      console.log(
        `fuzz: ${requestCount} requests, statuses ${JSON.stringify(Object.fromEntries(statuses))}, per operation ${JSON.stringify(perOperation)}`,
      );
    const report = findings.map((f) => `${f.status} ${f.request} → ${f.answer}`);
    expect(
      report,
      `${findings.length} bad answers of ${requestCount} requests (statuses ${JSON.stringify(Object.fromEntries(statuses))})`,
    ).toEqual([]);
    expect(requestCount).toBeGreaterThan(2000);
  }, 600_000);
});

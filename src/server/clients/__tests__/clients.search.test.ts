import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientStatus } from '../../../domain/clients/client.schema';
import { mulberry32 } from '../../../domain/random';
import { clients, emissions } from '../../db/schema';
import { withTenant } from '../../db/tenant';
import { createAgencyWithUser } from '../../testing/factories/agency.factory';
import { createLoyaltyAccountRow } from '../../testing/factories/account.factory';
import { createClientRow, validCpf } from '../../testing/factories/client.factory';
import { createEmissionRow } from '../../testing/factories/emission.factory';
import { call, createTestContext, signedInAgency, type TestContext } from '../../testing/test-app';
import { referenceClientsPage } from '../../testing/client-search-reference';
import {
  SEARCH_COUNT_CAP,
  searchClientsPage,
  searchWords,
  typedSearchWords,
  type SearchPageParams,
} from '../clients.queries';

/**
 * Searches answered through the client_search view (trigram index, a count capped at
 * SEARCH_COUNT_CAP) must give exactly what a plain LIKE over clients gives: the same page of the
 * same order, and the same total up to the cap ("more than the cap" beyond), for every kind of
 * word (one to three characters, e-mail domains, an "@" inside, accents, documents), every sort,
 * with and without a status, on the first, a middle, the last page and beyond — and keep giving
 * it as clients are written, soft-deleted and restored.
 */
let ctx: TestContext;
let agencyId: string;
let neighbourId: string;
let cookie: string;

const NAMES = [
  'Maria',
  'Mariana',
  'Marcos',
  'José',
  'João',
  'Ana',
  'Ícaro',
  'Zé',
  'Conceição',
  'Simone',
  'Márcio',
  'Lúcia',
];
const SURNAMES = ['Silva', 'Silveira', 'Simões', 'Amaral', 'Gomes', 'Mailer', 'Comerlato', 'Sá', 'Gmael', 'Gmailson'];
// Nine domains hold "mail" (more than the six read along their own index); one is typed in capitals.
const DOMAINS = [
  ['gmail.com', 30],
  ['hotmail.com', 12],
  ['email.com', 4],
  ['mail.com.br', 3],
  ['gmail.com.br', 3],
  ['ymail.com', 2],
  ['bolmail.com', 2],
  ['mailbox.org', 2],
  ['Correio.MAIL.com.BR', 2],
  ['outlook.com', 8],
  ['empresa.com.br', 6],
] as const;

type ClientWithFigures = typeof clients.$inferInsert & { emissions_count: number; total_spent_cents: number };

function makeClient(r: () => number, i: number, agency: string): ClientWithFigures {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const weighted = () => {
    let x = r() * DOMAINS.reduce((s, [, w]) => s + w, 0);
    for (const [d, w] of DOMAINS) if ((x -= w) < 0) return d;
    return DOMAINS[0][0];
  };
  let name = `${pick(NAMES)} ${r() < 0.3 ? `${pick(NAMES)} ` : ''}${pick(SURNAMES)}`;
  if (i % 37 === 0) name = `${name} @Casa`;
  if (i % 41 === 0) name = `J. ${name}`;
  const local = `${name.split(' ')[0]!.toLowerCase()}${r() < 0.5 ? '.' : ''}${r() < 0.6 ? Math.floor(r() * 99) : ''}`;
  const roll = r();
  const email =
    roll < 0.12
      ? null
      : i % 53 === 0
        ? `"${local}@casa"@${weighted()}` // two "@": the domain is what follows the last one
        : i % 59 === 0
          ? `${local}.gmail.com` // no "@" at all
          : i % 61 === 0
            ? `${local}@` // nothing after the "@"
            : `${local}@${weighted()}`;
  const spent = [0, 0, 10_000, 25_000, 25_000, 99_999][Math.floor(r() * 6)]!;
  return {
    agency_id: agency,
    name,
    email,
    document: r() < 0.8 ? validCpf(1000 + i * 7919) : null,
    status: (['active', 'active', 'active', 'inactive', 'blocked'] as const)[Math.floor(r() * 5)],
    emissions_count: spent === 0 ? 0 : 1 + Math.floor(r() * 3),
    total_spent_cents: spent,
    deleted_at: i % 23 === 0 ? '2026-01-01T00:00:00Z' : null,
  };
}

/** The search as the app runs it and as the reference works it out, for this test's agency. */
type Query = Omit<SearchPageParams, 'agencyId'>;
const reference = (query: Query) => referenceClientsPage(ctx.handle.db, { agencyId, ...query });

async function answer(query: Query, cap?: number) {
  const page = await withTenant(ctx.handle.db, agencyId, (tx) => searchClientsPage(tx, { agencyId, ...query }, cap));
  return { total: page.total, capped: page.capped, ids: page.rows.map((r) => r.id) };
}

/** What the answer must be: the reference page, its total exact up to the cap and "more than the cap" beyond. */
const expected = (truth: { total: number; ids: string[] }, cap = SEARCH_COUNT_CAP) => ({
  total: Math.min(truth.total, cap),
  capped: truth.total > cap,
  ids: truth.ids,
});

const SORTS = (['name', 'status', 'emissions', 'total_spent'] as const).flatMap((sort) =>
  (['asc', 'desc'] as const).map((order) => [sort, order] as const),
);

/** More rows than any search of this file finds: the reference's whole list. */
const EVERY_ROW = 10_000;

/** Every sort, first, middle and last page and one beyond, as the reference answers. */
async function expectExact(search: string, status?: ClientStatus, cap?: number) {
  const limit = 7;
  for (const [sort, order] of SORTS) {
    // The reference's order ends on the id, a total order: each page is a slice of its whole list,
    // read once per sort rather than once per page.
    const whole = await reference({ search, status, sort, order, offset: 0, limit: EVERY_ROW });
    expect(whole.ids).toHaveLength(whole.total);
    const last = Math.max(0, Math.ceil(whole.total / limit) - 1);
    for (const page of new Set([0, Math.floor(last / 2), last, last + 1])) {
      const query = { search, status, sort, order, offset: page * limit, limit };
      const want = expected({ total: whole.total, ids: whole.ids.slice(query.offset, query.offset + limit) }, cap);
      const got = await answer(query, cap);
      expect(
        got,
        `${JSON.stringify(search)} status=${status ?? '-'} ${sort} ${order} page ${page + 1} cap=${cap ?? SEARCH_COUNT_CAP}`,
      ).toEqual(want);
    }
  }
}

const WORDS = [
  // one, two and three characters: below three no trigram (strpos), at three a single one
  'a',
  'x',
  '@',
  '.',
  '%',
  '_',
  'si',
  'ma',
  '@g',
  's@',
  'om',
  'mar',
  'com',
  'gma',
  '@gm',
  'l.c',
  'a@c',
  // e-mail domains, words found in several domains (more than six), in domains and names both
  'gmail',
  'hotmail.com',
  '@gmail.com',
  'gmail.com.br',
  'mail',
  'MAIL.com',
  'correio',
  'mailer',
  'gmael',
  // outside any domain, an "@" inside, accents, a document
  'maria',
  'silva',
  'conceição',
  'ícaro',
  'ana@',
  'o@gmail',
  'casa"@',
  validCpf(1000 + 5 * 7919).slice(2, 9),
  'nadaassim',
  // several words; all of one or two characters (counted along an index); one holding another, repeated
  'maria gmail',
  'a e',
  'silva 1',
  'mail com',
  'ma si',
  'si a @',
  'om .',
  'mar maria',
  'maria mar silva',
  'si si',
  'gmail mail ma',
  // several words, some counted: expected beyond the gather cap, within it, or none at all
  'mar a',
  'mar sil',
  'mar zq',
  'maria zq',
];

beforeAll(async () => {
  ctx = await createTestContext();
  ({ agencyId, cookie } = await signedInAgency(ctx));
  neighbourId = (await createAgencyWithUser(ctx.handle.db)).agency.id;
  const r = mulberry32(42);
  // A batch (one statement, as an import writes), then single rows, in both agencies. Each
  // client's figures come from real emissions, written in one statement per batch: the first
  // issued with what the client spent, then one cancelled (neither counted nor spent: issue #14,
  // migration 0022), then failed ones (counted, not spent). The kept
  // client_figures rows the app sorts by are the triggers' work; the reference recounts them.
  const accounts = new Map<string, string>();
  const withFigures = async (
    made: ClientWithFigures[],
    insert: (rows: (typeof clients.$inferInsert)[]) => Promise<{ id: string }[]>,
  ) => {
    const rows = await insert(made.map(({ emissions_count: _n, total_spent_cents: _s, ...c }) => c));
    const written: (typeof emissions.$inferInsert)[] = [];
    for (const [i, row] of rows.entries()) {
      const { agency_id, emissions_count, total_spent_cents } = made[i]!;
      if (!accounts.has(agency_id)) {
        const account = await createLoyaltyAccountRow(ctx.handle.db, agency_id, {
          client_id: null,
          account_number: 'BUSCA-1',
        });
        accounts.set(agency_id, account.id);
      }
      for (let k = 0; k < emissions_count; k++) {
        written.push({
          agency_id,
          client_id: row.id,
          account_id: accounts.get(agency_id)!,
          route: 'NAT-GRU',
          miles_used: 10_000,
          revenue_cents: k === 0 ? total_spent_cents : 5_000,
          margin_cents: 0,
          status: k === 0 ? 'issued' : k === 1 ? 'cancelled' : 'failed',
        });
      }
    }
    if (written.length) await ctx.handle.db.insert(emissions).values(written);
  };
  await withFigures(
    Array.from({ length: 260 }, (_, i) => makeClient(r, i, agencyId)),
    (rows) => ctx.handle.db.insert(clients).values(rows).returning({ id: clients.id }),
  );
  await withFigures(
    Array.from({ length: 40 }, (_, i) => makeClient(r, 260 + i, agencyId)),
    async (rows) => {
      const made = [];
      for (const row of rows) made.push(await createClientRow(ctx.handle.db, agencyId, row));
      return made;
    },
  );
  await withFigures(
    Array.from({ length: 80 }, (_, i) => makeClient(r, i, neighbourId)),
    (rows) => ctx.handle.db.insert(clients).values(rows).returning({ id: clients.id }),
  );
});
afterAll(() => ctx.close());

describe('a searched list equals a plain LIKE over clients', () => {
  it('answers by the words that matter: a word another holds, or a repeated one, is dropped', () => {
    expect(searchWords('Mar MARIA mar')).toEqual(['maria']);
    expect(searchWords('si silva ma maria')).toEqual(['silva', 'maria']);
    expect(searchWords('ana 529.982.247-25 529')).toEqual(['ana', '52998224725']);
    expect(typedSearchWords('Mar MARIA mar')).toEqual(['mar', 'maria', 'mar']);
  });

  it.each(WORDS)('%j: total and every page, every sort', async (word) => {
    await expectExact(word);
  });

  it.each(['a', 'si', 'mar', 'gmail', 'mail', 'maria', 'ana@', 'ma si', 'mar maria'])(
    '%j with a status filter',
    async (word) => {
      await expectExact(word, 'active');
      await expectExact(word, 'blocked');
    },
  );

  it.each([
    'a',
    'mar',
    'gmail',
    'mail',
    'maria',
    'silva',
    'maria gmail',
    'ma si',
    'mar maria',
    'mar sil',
    'mar com',
    'silva com',
  ])("%j past the count cap (the page read along the order's index, the total a floor)", async (word) => {
    await expectExact(word, undefined, 3);
  });

  it('answers the same through the API, with total_pages', async () => {
    for (const word of ['gmail', 'a', 'mar']) {
      const res = await call(
        ctx.app,
        'GET',
        `/api/v1/clients?search=${encodeURIComponent(word)}&sort=total_spent&order=desc&page=2`,
        { cookie },
      );
      const want = await reference({ search: word, sort: 'total_spent', order: 'desc', offset: 20, limit: 20 });
      expect(res.body.total).toBe(want.total);
      expect(res.body.total_capped).toBeUndefined();
      expect(res.body.total_pages).toBe(Math.ceil(want.total / 20));
      expect(res.body.data.map((c: { id: string }) => c.id)).toEqual(want.ids);
    }
  });
});

describe('searches follow every write', () => {
  it('through renames, e-mail and status changes, soft deletes, restores, deletes and emissions', async () => {
    const api = (method: string, path: string, body?: unknown) => call(ctx.app, method, path, { cookie, body });
    const created = await api('POST', '/api/v1/clients', {
      name: 'Zuleide Gmaílson',
      email: 'zu@Gmail.com',
      document: validCpf(777),
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await answer({ search: 'zuleide', sort: 'name', order: 'asc', offset: 0, limit: 20 })).ids).toEqual([id]);
    await api('PUT', `/api/v1/clients/${id}`, {
      name: 'Zuleide Souza',
      email: 'zu@novodominio.com.br',
      status: 'blocked',
    });
    await ctx.handle.db.update(clients).set({ deleted_at: new Date().toISOString() }).where(eq(clients.id, id));
    await ctx.handle.db.update(clients).set({ deleted_at: null, name: 'Zuleide de Novo' }).where(eq(clients.id, id));
    // Emissions move a client's figures (and its place in two orders), not its search.
    const account = await createLoyaltyAccountRow(ctx.handle.db, agencyId, { client_id: null, account_number: 'AG-1' });
    await createEmissionRow(ctx.handle.db, agencyId, id, { account_id: account.id, revenue_cents: 123_456 });
    await ctx.handle.db.update(emissions).set({ status: 'cancelled' }).where(eq(emissions.client_id, id));
    // A statement that changes many rows, one that changes none of the searched columns, and deletes.
    await ctx.handle.db
      .update(clients)
      .set({ status: 'inactive' })
      .where(sql`${clients.agency_id} = ${agencyId} AND ${clients.name} LIKE 'Ana%'`);
    await ctx.handle.db.update(clients).set({ notes: 'lida' }).where(eq(clients.agency_id, agencyId));
    const doomed = await ctx.handle.db
      .select({ id: clients.id })
      .from(clients)
      .where(sql`${clients.agency_id} = ${agencyId} AND ${clients.name} LIKE 'Zé%'`);
    expect(doomed.length).toBeGreaterThan(0);
    // Deleted for good: their emissions first (the emissions' foreign key), which moves their figures.
    await ctx.handle.db.delete(emissions).where(
      inArray(
        emissions.client_id,
        doomed.map((d) => d.id),
      ),
    );
    await ctx.handle.db.delete(clients).where(
      inArray(
        clients.id,
        doomed.map((d) => d.id),
      ),
    );
    for (const word of ['zuleide', 'gmail', 'novodominio', 'a', 'an', 'ana', 'mail']) await expectExact(word);
  });

  it('another agency never shows up, and its counts are its own', async () => {
    const other = await withTenant(ctx.handle.db, neighbourId, (tx) =>
      searchClientsPage(tx, { agencyId: neighbourId, search: 'a', sort: 'name', order: 'asc', offset: 0, limit: 100 }),
    );
    expect(other.rows.every((r) => r.agency_id === neighbourId)).toBe(true);
    const [n] = (
      (await ctx.handle.db.execute(
        sql`SELECT count(*)::int AS n FROM clients WHERE agency_id = ${neighbourId} AND deleted_at IS NULL AND search_text LIKE '%a%'`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(other.total).toBe(n!.n);
  });
});

import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpfAt, createRng, generateAgencyData } from '../generate';
import { clientInputSchema } from '../../../domain/clients/client.schema';
import { isValidCnpj, isValidCpf } from '../../../domain/documents';
import { addMonthsIso, todayIso } from '../../../domain/format';
import { client_figures, clients, emissions } from '../../db/schema';
import { DEMO_CREDENTIALS, DEMO_RULES, seedDemo } from '../demo-seed';
import { createAgencyWithUser } from '../../testing/factories/agency.factory';
import { call, createTestContext, type TestContext } from '../../testing/test-app';
import { brokenLots } from '../../testing/invariants';

let ctx: TestContext;
/** The one emission a test writes by hand, without lots or passengers, that the others leave out. */
const HAND_MADE = randomUUID();
let agencyId: string;

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

beforeAll(async () => {
  ctx = await createTestContext({ demo: { ...DEMO_CREDENTIALS } });
  const { agency } = await seedDemo(ctx.handle.db, { clients: 150, seed: 99 });
  agencyId = agency.id;
});
afterAll(() => ctx.close());

describe('demo mode', () => {
  it('shows the demo credentials, which sign in to the generated agency', async () => {
    const setup = await call(ctx.app, 'GET', '/api/v1/auth/setup');
    expect(setup.body).toEqual({ needs_setup: false, demo: DEMO_CREDENTIALS });
    const signIn = await call(ctx.app, 'POST', '/api/v1/auth/sign-in', { body: DEMO_CREDENTIALS });
    expect(signIn.status).toBe(200);
    const list = await call(ctx.app, 'GET', '/api/v1/clients', { cookie: signIn.cookie });
    // The 150 generated, and the 60 its clients' spreadsheet brought (the importer's demo).
    expect(list.body.total).toBe(210);
    expect(list.body.summary.total_emissions).toBeGreaterThan(0);
  });

  it('arrived through the importer: its clients’ spreadsheet, the supplier’s lots, a file undone', async () => {
    const signIn = await call(ctx.app, 'POST', '/api/v1/auth/sign-in', { body: DEMO_CREDENTIALS });
    const history = await call(ctx.app, 'GET', '/api/v1/imports', { cookie: signIn.cookie });
    expect(
      history.body.data.map(
        (j: { kind: string; file_name: string; status: string; ok_rows: number; error_rows: number }) => [
          j.kind,
          j.file_name,
          j.status,
          j.ok_rows,
          j.error_rows,
        ],
      ),
    ).toEqual([
      ['clients', 'clientes_teste.csv', 'undone', 8, 0],
      ['lots', 'lotes_fornecedor.csv', 'completed', 12, 0],
      ['clients', 'clientes_planilha_antiga.csv', 'completed', 60, 3],
    ]);
  });

  it('keeps quotes of the last weeks in every state, one converted into an emission', async () => {
    const signIn = await call(ctx.app, 'POST', '/api/v1/auth/sign-in', { body: DEMO_CREDENTIALS });
    const list = await call(ctx.app, 'GET', '/api/v1/quotes?limit=100', { cookie: signIn.cookie });
    const quotes = list.body.data as { status: string; emission_id: string | null; price_cents: number }[];
    expect(quotes.length).toBeGreaterThanOrEqual(8);
    expect(new Set(quotes.map((q) => q.status))).toEqual(new Set(['draft', 'sent', 'accepted', 'declined', 'expired']));
    const converted = quotes.filter((q) => q.emission_id !== null);
    expect(converted).toHaveLength(1);
    const emission = await call(ctx.app, 'GET', `/api/v1/emissions/${converted[0]!.emission_id}`, {
      cookie: signIn.cookie,
    });
    expect(emission.body.emission.revenue_cents).toBe(converted[0]!.price_cents);
  });
});

describe('demo activity', () => {
  it('dates the miles flows’ activity on the days they happened, not when the demo was generated', async () => {
    const rows = rowsOf<{ kind: string; day: string; expected: string | null }>(
      await ctx.handle.db.execute(sql`
        SELECT a.kind, (a.created_at AT TIME ZONE 'America/Sao_Paulo')::date::text AS day,
          CASE a.kind WHEN 'transfer_created' THEN (SELECT t.transfer_date::text FROM mile_transfers t WHERE t.id = a.ref_id)
            WHEN 'club_created' THEN (SELECT k.start_date::text FROM mile_clubs k WHERE k.id = a.ref_id)
            WHEN 'sale_created' THEN (SELECT s.sale_date::text FROM mile_sales s WHERE s.id = a.ref_id)
            WHEN 'sale_instalment_received' THEN (SELECT r.received_on::text FROM sale_receivables r
              WHERE r.sale_id = a.ref_id AND r.instalment = substring(a.description from 'parcela ([0-9]+)/')::int)
          END AS expected
        FROM activity a
        WHERE a.agency_id = ${agencyId}
          AND a.kind IN ('transfer_created', 'club_created', 'sale_created', 'sale_instalment_received')`),
    );
    expect(new Set(rows.map((r) => r.kind))).toEqual(
      new Set(['transfer_created', 'club_created', 'sale_created', 'sale_instalment_received']),
    );
    expect(rows.filter((r) => r.day !== r.expected)).toEqual([]);
    // A year of history: they do not all fall on the day the demo was generated.
    expect(new Set(rows.map((r) => r.day)).size).toBeGreaterThan(3);
  });

  it('names a club plan once ("Clube Smiles 10.000", not "Clube Clube Smiles 10.000")', async () => {
    const rows = rowsOf<{ description: string }>(
      await ctx.handle.db.execute(
        sql`SELECT description FROM activity WHERE agency_id = ${agencyId} AND kind = 'club_created' ORDER BY 1`,
      ),
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((r) => /clube clube/i.test(r.description))).toEqual([]);
  });
});

describe('data generator', () => {
  it('gives the demo agency rules for a few programmes, as the rules API lists them', async () => {
    const signIn = await call(ctx.app, 'POST', '/api/v1/auth/sign-in', { body: DEMO_CREDENTIALS });
    const rules = await call(ctx.app, 'GET', '/api/v1/rules', { cookie: signIn.cookie });
    expect(rules.status).toBe(200);
    expect(rules.body.data.map((r: { program: string }) => r.program)).toEqual(
      DEMO_RULES.map((r) => r.program).toSorted(),
    );
    expect(rules.body.data.find((r: { program: string }) => r.program === 'SMILES')).toMatchObject({
      min_margin_cents: 3000,
      cpm_cap: '20.0000',
      sla_target_hours: 12,
    });
  });

  it("posts the agency's money: every lot's purchase, most sales whole, and what /conciliador should find", async () => {
    const signIn = await call(ctx.app, 'POST', '/api/v1/auth/sign-in', { body: DEMO_CREDENTIALS });
    const [lots] = rowsOf<{ lots: number; purchases: number }>(
      await ctx.handle.db.execute(sql`
        -- A lot a transfer credited has no purchase of its own: its points' lot had it (decision 0029).
        -- A club's month has one: its price. A lot bought on a card has its instalments paid instead.
        SELECT (SELECT count(*)::int FROM mile_lots l WHERE agency_id = ${agencyId} AND total_cost_cents > 0
                  AND NOT EXISTS (SELECT 1 FROM mile_credits c WHERE c.agency_id = l.agency_id AND c.lot_id = l.id
                    AND c.kind <> 'club')
                  AND NOT EXISTS (SELECT 1 FROM card_payables p WHERE p.agency_id = l.agency_id AND p.lot_id = l.id)) AS lots,
               (SELECT count(*)::int FROM financial_entries e WHERE agency_id = ${agencyId} AND category = 'lot_purchase' AND ref_type = 'lot'
                  AND NOT EXISTS (SELECT 1 FROM card_payables p WHERE p.agency_id = e.agency_id AND p.lot_id = e.lot_id)) AS purchases`),
    );
    expect(lots!.purchases).toBe(lots!.lots);
    // Points bought on cards in instalments: each lot's paid instalments and those still owed add up to its cost.
    const cardLots = rowsOf<{ cost: string; paid: string; owed: string; overdue: number; instalments: number }>(
      await ctx.handle.db.execute(sql`SELECT l.total_cost_cents::text AS cost,
          (SELECT coalesce(-sum(e.amount_cents), 0) FROM financial_entries e WHERE e.agency_id = l.agency_id AND e.lot_id = l.id AND e.category = 'lot_purchase')::text AS paid,
          coalesce(sum(p.amount_cents) FILTER (WHERE p.paid_on IS NULL), 0)::text AS owed,
          count(*) FILTER (WHERE p.paid_on IS NULL AND p.due_date < (now() AT TIME ZONE 'America/Sao_Paulo')::date)::int AS overdue,
          count(*)::int AS instalments
        FROM mile_lots l JOIN card_payables p ON p.agency_id = l.agency_id AND p.lot_id = l.id
        WHERE l.agency_id = ${agencyId} GROUP BY l.agency_id, l.id`),
    );
    expect(cardLots.map((l) => l.instalments).sort((a, b) => a - b)).toEqual([3, 6, 10]);
    for (const l of cardLots) expect(Number(l.paid) + Number(l.owed)).toBe(Number(l.cost));
    expect(cardLots.reduce((n, l) => n + l.overdue, 0)).toBe(1);

    const alerts = new Set<string>();
    let page = 1;
    let counts: { total: number; discrepancies: number; compliance_rate: number } | undefined;
    for (;;) {
      const res = await call(ctx.app, 'GET', `/api/v1/reconciliation?only_discrepancies=true&limit=100&page=${page}`, {
        cookie: signIn.cookie,
      });
      expect(res.status).toBe(200);
      counts = res.body.counts;
      for (const row of res.body.data as { alerts: string[] }[]) for (const a of row.alerts) alerts.add(a);
      if (page >= res.body.total_pages) break;
      page += 1;
    }
    expect(counts!.discrepancies).toBeGreaterThan(0);
    // Mostly in order, not all: the page has something to show and something to do.
    expect(counts!.compliance_rate).toBeGreaterThan(60);
    expect(counts!.compliance_rate).toBeLessThan(100);
    for (const alert of ['missing_revenue', 'missing_fees', 'duplicate', 'posted_on_void'])
      expect(alerts).toContain(alert);

    const year = await call(
      ctx.app,
      'GET',
      `/api/v1/finance/summary?from=${addMonthsIso(todayIso(), -11)!.slice(0, 8)}01&to=${todayIso()}`,
      {
        cookie: signIn.cookie,
      },
    );
    expect(year.status, JSON.stringify(year.body)).toBe(200);
    expect(year.body.accrual.revenue_cents).toBeGreaterThan(0);
    expect(year.body.cash.in_cents).toBeGreaterThan(0);
    expect(year.body.cash.out_cents).toBeLessThan(0);
    expect(year.body.receivables_cents).toBeGreaterThan(0);
  });

  it('writes clients the client form would accept, with unique valid documents', async () => {
    // The generated 150, the 60 imported and the 8 of the undone import (soft-deleted).
    const rows = await ctx.handle.db.select().from(clients).where(eq(clients.agency_id, agencyId));
    expect(rows).toHaveLength(218);
    expect(rows.filter((r) => r.deleted_at !== null)).toHaveLength(8);
    const documents = rows.flatMap((r) => (r.document ? [r.document] : []));
    expect(new Set(documents).size).toBe(documents.length);
    for (const r of rows) {
      if (r.document)
        expect(r.document.length === 11 ? isValidCpf(r.document) : isValidCnpj(r.document), r.document).toBe(true);
      const parsed = clientInputSchema.safeParse({ ...r, loyalty_accounts: [] });
      expect(parsed.success, `${r.name}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
    expect(rows.some((r) => /[áâãéêíóôõúç]/i.test(r.name))).toBe(true);
  });

  it('keeps the clients figures equal to a recount of their emissions, and moves them with a later emission', async () => {
    const mismatches = rowsOf(
      await ctx.handle.db.execute(sql`
        SELECT c.client_id FROM client_figures c
        LEFT JOIN (
          SELECT client_id, count(*) FILTER (WHERE status <> 'cancelled') n,
            count(*) FILTER (WHERE status IN ('pending', 'processing', 'issued')) a,
            coalesce(sum(revenue_cents) FILTER (WHERE status IN ('pending', 'processing', 'issued')), 0) s,
            max(created_at) m
          FROM emissions WHERE deleted_at IS NULL GROUP BY client_id
        ) d ON d.client_id = c.client_id
        WHERE c.agency_id = ${agencyId}
          AND (c.emissions_count <> coalesce(d.n, 0) OR c.active_emissions_count <> coalesce(d.a, 0)
            OR c.total_spent_cents <> coalesce(d.s, 0) OR c.last_emission_at IS DISTINCT FROM d.m)`),
    );
    expect(mismatches).toEqual([]);
    // Each stripe of client_totals (client_totals_stripe of the client's id) holds exactly the
    // sums of its clients.
    const stripeMismatches = rowsOf<{ stripe: number }>(
      await ctx.handle.db.execute(sql`
        SELECT coalesce(t.stripe, c.stripe) AS stripe
        FROM (SELECT * FROM client_totals WHERE agency_id = ${agencyId}) t
        FULL JOIN (
          SELECT client_totals_stripe(c.id) stripe, count(*) n, count(*) FILTER (WHERE c.status = 'active') active,
            sum(f.emissions_count) emissions, sum(f.total_spent_cents) revenue
          FROM clients c JOIN client_figures f ON f.agency_id = c.agency_id AND f.client_id = c.id
          WHERE c.agency_id = ${agencyId} AND c.deleted_at IS NULL GROUP BY 1
        ) c ON c.stripe = t.stripe
        WHERE (t.total_clients, t.active_clients, t.total_emissions, t.total_revenue_cents)
          IS DISTINCT FROM (c.n::int, c.active::int, c.emissions::bigint, c.revenue::bigint)`),
    );
    expect(stripeMismatches).toEqual([]);
    const stripes = rowsOf<{ n: number }>(
      await ctx.handle.db.execute(sql`SELECT count(*)::int n FROM client_totals WHERE agency_id = ${agencyId}`),
    );
    expect(stripes[0]!.n).toBeGreaterThan(1);
    // A later emission of a client who has some, on that client's own account.
    const [anyEmission] = await ctx.handle.db
      .select()
      .from(emissions)
      .where(eq(emissions.agency_id, agencyId))
      .orderBy(asc(emissions.id))
      .limit(1);
    const [target] = await ctx.handle.db
      .select()
      .from(client_figures)
      .where(eq(client_figures.client_id, anyEmission!.client_id));
    await ctx.handle.db.insert(emissions).values({
      id: HAND_MADE,
      agency_id: agencyId,
      client_id: target!.client_id,
      account_id: anyEmission!.account_id,
      route: 'NAT-LIS',
      miles_used: 1000,
      revenue_cents: 100,
      status: 'issued',
    });
    const [after] = await ctx.handle.db
      .select()
      .from(client_figures)
      .where(eq(client_figures.client_id, target!.client_id));
    expect(after!.emissions_count).toBe(target!.emissions_count + 1);
    expect(after!.total_spent_cents).toBe(target!.total_spent_cents + 100);
  });

  it('keeps every lot whole: original = remaining + miles allocated to non-cancelled emissions + miles transferred', async () => {
    expect(await brokenLots(ctx.handle.db, agencyId)).toEqual([]);
    // The stock comes partly from transfers (issue #23): some credited, some still to come.
    const [credits] = rowsOf<{ credited: number; pending: number; withdrawn: number }>(
      await ctx.handle.db.execute(sql`SELECT count(*) FILTER (WHERE status = 'credited')::int AS credited,
          count(*) FILTER (WHERE status = 'pending')::int AS pending,
          (SELECT count(*)::int FROM lot_withdrawals WHERE agency_id = ${agencyId}) AS withdrawn
        FROM mile_credits WHERE agency_id = ${agencyId}`),
    );
    expect(credits!.credited).toBeGreaterThan(0);
    expect(credits!.pending).toBeGreaterThan(0);
    expect(credits!.withdrawn).toBeGreaterThan(0);
    // And from clubs: a year of Clube Smiles, one a month, each month once.
    const clubs = rowsOf<{ plan_name: string; months: number; distinct_months: number }>(
      await ctx.handle.db
        .execute(sql`SELECT k.plan_name, count(c.id)::int AS months, count(DISTINCT c.club_month)::int AS distinct_months
        FROM mile_clubs k JOIN mile_credits c ON c.agency_id = k.agency_id AND c.club_id = k.id AND c.status = 'credited'
        WHERE k.agency_id = ${agencyId} GROUP BY k.plan_name ORDER BY k.plan_name`),
    );
    expect(clubs.map((c) => c.plan_name)).toEqual([
      'Clube LATAM Pass 5.000',
      'Clube Livelo Clássico',
      'Clube Smiles 10.000',
    ]);
    expect(clubs.find((c) => c.plan_name === 'Clube Smiles 10.000')!.months).toBeGreaterThanOrEqual(12);
    expect(clubs.every((c) => c.months === c.distinct_months)).toBe(true);
    // Some of it was sold (issue #23): a broker paying in instalments, a late payer, a sale given up.
    const sales = rowsOf<{ buyer_name: string; status: string; profit: string; received: number; pending: number }>(
      await ctx.handle.db.execute(sql`SELECT s.buyer_name, s.status, (s.price_cents - s.cost_cents)::text AS profit,
          count(r.received_on)::int AS received, (count(r.id) - count(r.received_on))::int AS pending
        FROM mile_sales s LEFT JOIN sale_receivables r ON r.agency_id = s.agency_id AND r.sale_id = s.id
        WHERE s.agency_id = ${agencyId} GROUP BY s.agency_id, s.id ORDER BY s.sale_date`),
    );
    expect(sales.map((s) => [s.buyer_name, s.status])).toEqual([
      ['Viaje Mais Turismo Ltda', 'cancelled'],
      ['Milhas Já Intermediação Ltda', 'active'],
      ['Ricardo Almeida Nunes', 'active'],
    ]);
    expect(sales.filter((s) => s.status === 'active').every((s) => Number(s.profit) > 0)).toBe(true);
    expect(sales[1]).toMatchObject({ received: 2, pending: 1 });
    expect(sales[2]).toMatchObject({ received: 0, pending: 1 });
    // Its suppliers are in the registry, the brokers with their CNPJ; every lot bought from one points to it.
    const [suppliers] = rowsOf<{ registered: number; with_document: number; unlinked: number }>(
      await ctx.handle.db
        .execute(sql`SELECT (SELECT count(*)::int FROM suppliers WHERE agency_id = ${agencyId}) AS registered,
          (SELECT count(*)::int FROM suppliers WHERE agency_id = ${agencyId} AND document IS NOT NULL) AS with_document,
          (SELECT count(*)::int FROM mile_lots l WHERE l.agency_id = ${agencyId} AND trim(coalesce(l.supplier, '')) <> ''
             AND l.supplier_id IS NULL
             AND NOT EXISTS (SELECT 1 FROM mile_credits c WHERE c.agency_id = l.agency_id AND c.lot_id = l.id)) AS unlinked`),
    );
    expect(suppliers!.registered).toBeGreaterThanOrEqual(6);
    expect(suppliers!.with_document).toBeGreaterThanOrEqual(3);
    expect(suppliers!.unlinked).toBe(0);
    const mismatchedAccounts = rowsOf(
      await ctx.handle.db.execute(sql`
        SELECT a.id FROM emission_allocations a JOIN emissions e ON e.id = a.emission_id JOIN mile_lots l ON l.id = a.lot_id
        WHERE a.agency_id = ${agencyId} AND l.account_id <> e.account_id`),
    );
    expect(mismatchedAccounts).toEqual([]);
  });

  it("writes what the app itself would: emissions on their client's account, passengers within the limits, statuses by age, exact margins", async () => {
    const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await ctx.handle.db.execute(query));
    // The emission service refuses an account that is not the client's (accountNotOfClient).
    expect(
      await q(sql`SELECT e.id FROM emissions e JOIN loyalty_accounts a ON a.id = e.account_id
        WHERE e.agency_id = ${agencyId} AND a.client_id IS DISTINCT FROM e.client_id`),
    ).toEqual([]);
    // margin = revenue − (fees + miles cost + RAV); miles cost = Σ allocations.
    expect(
      await q(sql`SELECT e.id FROM emissions e
        LEFT JOIN (SELECT emission_id, sum(cost_cents) c FROM emission_allocations GROUP BY 1) x ON x.emission_id = e.id
        WHERE e.agency_id = ${agencyId} AND e.id <> ${HAND_MADE}
          AND (e.margin_cents <> e.revenue_cents - e.fees_cents - e.miles_cost_cents - e.rav_cents
            OR e.miles_cost_cents <> coalesce(x.c, 0))`),
    ).toEqual([]);
    // Every emission has passengers with valid CPFs; none has more than the PNR's 9.
    const pax = await q<{ emission_id: string; n: number }>(sql`
      SELECT e.id emission_id, count(p.id)::int n FROM emissions e LEFT JOIN emission_passengers p ON p.emission_id = e.id
      WHERE e.agency_id = ${agencyId} AND e.id <> ${HAND_MADE} GROUP BY e.id`);
    expect(pax.length).toBeGreaterThan(100);
    expect(pax.filter((p) => p.n < 1 || p.n > 9)).toEqual([]);
    const cpfs = await q<{ cpf: string }>(
      sql`SELECT DISTINCT cpf FROM emission_passengers WHERE agency_id = ${agencyId}`,
    );
    expect(cpfs.every((c) => isValidCpf(c.cpf))).toBe(true);
    // Distinct people per account, the holder excluded, stay within the smallest limit (Azul's 5).
    const circles = await q<{ n: number }>(sql`
      SELECT count(DISTINCT p.cpf)::int n FROM emission_passengers p JOIN emissions e ON e.id = p.emission_id
      JOIN clients c ON c.id = e.client_id
      WHERE e.agency_id = ${agencyId} AND p.cpf IS DISTINCT FROM c.document GROUP BY e.account_id`);
    expect(Math.max(...circles.map((c) => c.n))).toBeLessThanOrEqual(5);
    // Only the last days still wait: nothing older than 4 days is pending or processing.
    expect(
      await q(sql`SELECT id FROM emissions WHERE agency_id = ${agencyId} AND status IN ('pending', 'processing')
        AND created_at < now() - interval '4 days'`),
    ).toEqual([]);
    const statuses = await q<{ status: string }>(
      sql`SELECT DISTINCT status FROM emissions WHERE agency_id = ${agencyId} ORDER BY 1`,
    );
    expect(statuses.map((s) => s.status)).toEqual(expect.arrayContaining(['cancelled', 'failed', 'issued']));
  });

  it('is reproducible: the same seed gives the same people', async () => {
    const a = await createAgencyWithUser(ctx.handle.db);
    const b = await createAgencyWithUser(ctx.handle.db);
    await generateAgencyData(ctx.handle.db, {
      agencyId: a.agency.id,
      clients: 40,
      seed: 5,
      emissionShare: 0,
      now: new Date('2026-06-01T12:00:00Z'),
    });
    await generateAgencyData(ctx.handle.db, {
      agencyId: b.agency.id,
      clients: 40,
      seed: 5,
      emissionShare: 0,
      now: new Date('2026-06-01T12:00:00Z'),
    });
    const people = async (id: string) =>
      (
        await ctx.handle.db
          .select()
          .from(clients)
          .where(eq(clients.agency_id, id))
          .orderBy(asc(clients.document), asc(clients.name))
      ).map((c) => [c.name, c.email, c.document, c.birth_date, c.created_at]);
    expect(await people(a.agency.id)).toEqual(await people(b.agency.id));
  });

  it('has a seeded PRNG and distinct valid CPFs', () => {
    const r1 = createRng(42);
    const r2 = createRng(42);
    expect(Array.from({ length: 5 }, () => r1.next())).toEqual(Array.from({ length: 5 }, () => r2.next()));
    const cpfs = Array.from({ length: 5000 }, (_, i) => cpfAt(i));
    expect(new Set(cpfs).size).toBe(5000);
    expect(cpfs.every(isValidCpf)).toBe(true);
  });
});

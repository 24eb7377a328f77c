import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSchema } from '../../../domain/dashboard/dashboard.schema';
import { activity, alerts } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import { withTenant } from '../../db/tenant';
import { createLoyaltyAccountRow } from '../../testing/factories/account.factory';
import { createClientRow } from '../../testing/factories/client.factory';
import { createEmissionRow } from '../../testing/factories/emission.factory';
import { createLotRow } from '../../testing/factories/lot.factory';
import { call, createTestContext, signedInAgency, type TestContext } from '../../testing/test-app';
import type { Db } from '../../db/client';

/**
 * GET /api/v1/dashboard (issue #18) over crafted data on the test clock (15/03/2026): every KPI,
 * trend, ranking and series compared with a recount written here from the rows themselves (not
 * the kept figures the endpoint reads) — cancelled and failed emissions, expired, used and deleted
 * lots left out, month boundaries in America/Sao_Paulo; an empty agency; another agency's rows
 * out of reach; bad periods answered in Portuguese.
 */
let ctx: TestContext;
let cookie: string;
let agencyId: string;
let topClientId: string;

const TODAY = '2026-03-15';
const CLOCK = { 'x-test-today': TODAY };
const dashboard = (query = '', as = cookie) =>
  call(ctx.app, 'GET', `/api/v1/dashboard${query}`, { cookie: as, headers: CLOCK });

/** A moment in São Paulo (UTC−3) as an ISO timestamp. */
const sp = (local: string) => new Date(`${local}-03:00`).toISOString();

/** The recount: each figure from the base rows, as plain SQL would answer it. */
async function recount(db: Db, agency: string, p: { from: string; to: string; prevFrom: string; prevTo: string }) {
  const one = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(q))[0]!;
  const spDay = sql`(e.created_at AT TIME ZONE 'America/Sao_Paulo')::date`;
  const active = sql`e.status IN ('pending', 'processing', 'issued') AND e.deleted_at IS NULL`;
  const current = sql`${spDay} BETWEEN ${p.from}::date AND ${p.to}::date`;
  const before = sql`${spDay} BETWEEN ${p.prevFrom}::date AND ${p.prevTo}::date`;
  const flows = await one<Record<string, string>>(sql`
    SELECT
      coalesce(sum(e.margin_cents) FILTER (WHERE ${current}), 0)::text AS profit,
      coalesce(sum(e.margin_cents) FILTER (WHERE ${before}), 0)::text AS previous_profit,
      coalesce(sum(e.revenue_cents) FILTER (WHERE ${current}), 0)::text AS revenue,
      count(*) FILTER (WHERE ${current})::text AS created,
      count(*) FILTER (WHERE ${before})::text AS previous_created
    FROM emissions e
    WHERE e.agency_id = ${agency} AND ${active}`);
  const stock = await one<Record<string, string | null>>(sql`
    SELECT coalesce(sum(remaining_quantity), 0)::text AS balance,
      round(sum(remaining_quantity * cost_per_thousand) / nullif(sum(remaining_quantity), 0), 4)::text AS cpt,
      coalesce(sum(round(remaining_quantity * cost_per_thousand / 10)), 0)::text AS value
    FROM mile_lots WHERE agency_id = ${agency} AND status = 'available' AND deleted_at IS NULL`);
  const counts = await one<Record<string, string>>(sql`
    SELECT
      (SELECT count(*) FROM emissions e WHERE e.agency_id = ${agency} AND ${active})::text AS active_emissions,
      (SELECT count(*) FROM clients WHERE agency_id = ${agency} AND status = 'active' AND deleted_at IS NULL)::text AS active_clients,
      (SELECT count(*) FROM clients WHERE agency_id = ${agency} AND deleted_at IS NULL
         AND (created_at AT TIME ZONE 'America/Sao_Paulo')::date BETWEEN ${p.from}::date AND ${p.to}::date)::text AS new_clients,
      (SELECT count(*) FROM alerts WHERE agency_id = ${agency} AND resolved_at IS NULL AND NOT is_read)::text AS pending_alerts,
      (SELECT count(*) FROM mile_lots WHERE agency_id = ${agency} AND status = 'available' AND deleted_at IS NULL
         AND expiry_date BETWEEN ${TODAY}::date AND ${TODAY}::date + 30)::text AS expiring,
      (SELECT count(*) FROM mile_lots WHERE agency_id = ${agency} AND deleted_at IS NULL
         AND purchase_date BETWEEN ${p.from}::date AND ${p.to}::date)::text AS lots_bought`);
  const months = rowsOf<{ month: string; revenue: string; margin: string }>(
    await db.execute(sql`
      SELECT to_char(${spDay}, 'YYYY-MM') AS month, sum(e.revenue_cents)::text AS revenue, sum(e.margin_cents)::text AS margin
      FROM emissions e WHERE e.agency_id = ${agency} AND ${active} GROUP BY 1`),
  );
  const top = rowsOf<{ id: string; revenue: string }>(
    await db.execute(sql`
      SELECT e.client_id AS id, sum(e.revenue_cents)::text AS revenue FROM emissions e
      WHERE e.agency_id = ${agency} AND ${active} GROUP BY e.client_id ORDER BY 2 DESC LIMIT 5`),
  );
  return { flows, stock, counts, months, top };
}

beforeAll(async () => {
  ctx = await createTestContext({ testClock: true });
  ({ agencyId, cookie } = await signedInAgency(ctx));
  const db = ctx.handle.db;

  await withTenant(db, agencyId, async (tx) => {
    // Clients: February's last evening (still February in São Paulo), March's first minutes, today.
    const ana = await createClientRow(tx, agencyId, { name: 'Ana Beatriz', created_at: sp('2026-02-28T23:30:00') });
    const bruno = await createClientRow(tx, agencyId, { name: 'Bruno Castro', created_at: sp('2026-03-01T00:30:00') });
    await createClientRow(tx, agencyId, {
      name: 'Carla Dias',
      status: 'inactive',
      created_at: sp('2026-03-10T10:00:00'),
    });
    await createClientRow(tx, agencyId, { name: 'Davi Esteves', created_at: sp('2026-01-05T10:00:00') });
    topClientId = ana.id;

    // Lots: available ones (one expiring in 10 days, one in 45, one in 80, one next year), an
    // expired one and a used one (left out), a deleted one (left out). Bought in January and March.
    const latam = await createLoyaltyAccountRow(tx, agencyId, {
      client_id: ana.id,
      program: 'LATAM',
      account_number: 'L-1',
    });
    const smiles = await createLoyaltyAccountRow(tx, agencyId, {
      client_id: ana.id,
      program: 'SMILES',
      account_number: 'S-1',
    });
    const lot = (account: string, o: Record<string, unknown>) => createLotRow(tx, agencyId, account, o);
    await lot(latam.id, {
      original_quantity: 50_000,
      remaining_quantity: 40_000,
      cost_per_thousand: '25.5000',
      total_cost_cents: 127_500,
      purchase_date: '2026-03-02',
      expiry_date: '2026-03-25',
    });
    await lot(latam.id, {
      original_quantity: 20_000,
      remaining_quantity: 20_000,
      cost_per_thousand: '30.0000',
      total_cost_cents: 60_000,
      purchase_date: '2026-02-10',
      expiry_date: '2026-04-29',
    });
    await lot(smiles.id, {
      original_quantity: 30_000,
      remaining_quantity: 15_001,
      cost_per_thousand: '18.3333',
      total_cost_cents: 55_000,
      purchase_date: '2026-03-14',
      expiry_date: '2026-06-03',
    });
    await lot(smiles.id, {
      original_quantity: 10_000,
      remaining_quantity: 10_000,
      cost_per_thousand: '20.0000',
      total_cost_cents: 20_000,
      purchase_date: '2026-01-20',
      expiry_date: '2027-01-20',
    });
    await lot(smiles.id, {
      original_quantity: 8_000,
      remaining_quantity: 8_000,
      cost_per_thousand: '21.0000',
      total_cost_cents: 16_800,
      purchase_date: '2025-03-01',
      expiry_date: '2026-03-01',
      status: 'expired',
    });
    await lot(latam.id, {
      original_quantity: 5_000,
      remaining_quantity: 0,
      cost_per_thousand: '22.0000',
      total_cost_cents: 11_000,
      purchase_date: '2026-03-03',
      expiry_date: '2026-03-20',
      status: 'used',
    });
    await lot(latam.id, {
      original_quantity: 9_000,
      remaining_quantity: 9_000,
      cost_per_thousand: '99.0000',
      total_cost_cents: 89_100,
      purchase_date: '2026-03-05',
      expiry_date: '2026-03-18',
      deleted_at: sp('2026-03-06T10:00:00'),
    });

    // Emissions: March and February, active and not; one on February's last evening.
    const emit = (client: string, o: Record<string, unknown>) =>
      createEmissionRow(tx, agencyId, client, { account_id: latam.id, ...o });
    await emit(ana.id, {
      status: 'issued',
      revenue_cents: 300_000,
      margin_cents: 90_000,
      created_at: sp('2026-03-02T09:00:00'),
    });
    await emit(ana.id, {
      status: 'pending',
      revenue_cents: 120_000,
      margin_cents: 20_000,
      created_at: sp('2026-03-01T00:10:00'),
    });
    await emit(bruno.id, {
      status: 'processing',
      revenue_cents: 80_000,
      margin_cents: 12_345,
      created_at: sp('2026-03-14T18:00:00'),
    });
    await emit(bruno.id, {
      status: 'cancelled',
      revenue_cents: 999_000,
      margin_cents: 500_000,
      created_at: sp('2026-03-03T10:00:00'),
    });
    await emit(bruno.id, {
      status: 'failed',
      revenue_cents: 777_000,
      margin_cents: 400_000,
      created_at: sp('2026-03-04T10:00:00'),
    });
    const feb = await emit(ana.id, {
      status: 'issued',
      revenue_cents: 50_000,
      margin_cents: 7_000,
      created_at: sp('2026-02-28T23:30:00'),
    });
    const low = await emit(bruno.id, {
      status: 'issued',
      revenue_cents: 40_000,
      margin_cents: -2_000,
      created_at: sp('2026-02-15T12:00:00'),
    });
    await emit(bruno.id, {
      status: 'issued',
      revenue_cents: 10_000,
      margin_cents: 1_000,
      created_at: sp('2025-10-15T12:00:00'),
    });

    await tx.insert(alerts).values([
      {
        agency_id: agencyId,
        kind: 'margin_critical',
        emission_id: feb.id,
        message: 'Margem baixa',
        created_at: sp('2026-03-05T10:00:00'),
      },
      {
        agency_id: agencyId,
        kind: 'margin_critical',
        emission_id: low.id,
        message: 'x',
        is_read: true,
        created_at: sp('2026-02-05T10:00:00'),
      },
    ]);
    await tx.insert(activity).values(
      Array.from({ length: 12 }, (_, i) => ({
        agency_id: agencyId,
        kind: 'client_created',
        description: `Cliente ${i + 1} cadastrado`,
        ref_type: 'client',
        ref_id: ana.id,
        created_at: sp(`2026-03-${String(i + 1).padStart(2, '0')}T10:00:00`),
      })),
    );
  });
});

afterAll(() => ctx?.close());

describe('GET /api/v1/dashboard', () => {
  it('the current month: every figure is the recount of the rows', async () => {
    const res = await dashboard();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(dashboardSchema.safeParse(res.body).success).toBe(true);
    const d = dashboardSchema.parse(res.body);
    // The current month counts up to today, against as many days of February.
    expect(d.period).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(d.counted_through).toBe(TODAY);
    expect(d.previous_period).toEqual({ from: '2026-02-01', to: '2026-02-15' });

    const r = await withTenant(ctx.handle.db, agencyId, (tx) =>
      recount(tx, agencyId, { from: '2026-03-01', to: TODAY, prevFrom: '2026-02-01', prevTo: '2026-02-15' }),
    );
    expect(d.kpis.profit_cents).toEqual({ current: Number(r.flows.profit), previous: Number(r.flows.previous_profit) });
    // By hand: March 90,000 + 20,000 + 12,345 (cancelled and failed left out); 1–15 February −2,000
    // (the emission of 28/02 is after the 15th).
    expect(d.kpis.profit_cents).toEqual({ current: 122_345, previous: -2_000 });
    expect(d.kpis.revenue_cents.current).toBe(Number(r.flows.revenue));
    expect(d.kpis.emissions_created).toEqual({ current: 3, previous: 1 });
    expect(d.kpis.emissions_created.current).toBe(Number(r.flows.created));
    expect(d.kpis.active_emissions).toBe(Number(r.counts.active_emissions));
    expect(d.kpis.active_emissions).toBe(6);
    expect(d.kpis.miles_balance).toBe(Number(r.stock.balance));
    expect(d.kpis.miles_balance).toBe(40_000 + 20_000 + 15_001 + 10_000);
    expect(d.kpis.average_cost_per_thousand).toBe(r.stock.cpt);
    expect(d.summary.portfolio_value_cents).toBe(Number(r.stock.value));
    // Bruno (01/03 00:30 in São Paulo) and Carla are March's; Ana (28/02 23:30) after 1–15 February.
    expect(d.kpis.clients_created).toEqual({ current: 2, previous: 0 });
    expect(d.kpis.clients_created.current).toBe(Number(r.counts.new_clients));
    expect(d.kpis.active_clients).toBe(Number(r.counts.active_clients));
    expect(d.kpis.active_clients).toBe(3);
    expect(d.kpis.pending_alerts).toBe(Number(r.counts.pending_alerts));
    expect(d.kpis.pending_alerts).toBe(1);
    expect(d.kpis.alerts_opened).toEqual({ current: 1, previous: 1 });
    // Expiring within the agency's 30 days: the lot of 25/03 (the used, expired and deleted ones left out).
    expect(d.kpis.lots_expiring_days).toBe(30);
    expect(d.kpis.lots_expiring).toBe(Number(r.counts.expiring));
    expect(d.kpis.lots_expiring).toBe(1);
    expect(d.expiring).toEqual([
      { days: 30, lots: 1, miles: 40_000, value_cents: 102_000 },
      { days: 60, lots: 2, miles: 60_000, value_cents: 162_000 },
      { days: 90, lots: 3, miles: 75_001, value_cents: 189_502 },
    ]);
    // Bought in March: 50,000 at 25.5 and 30,000 at 18.3333 (the used lot of 5,000 at 22 too; the deleted left out).
    expect(d.kpis.miles_purchased).toEqual({ current: 85_000, previous: 20_000 });
    expect(d.kpis.purchase_cost_per_thousand).toEqual({ current: '22.7647', previous: '30.0000' });

    expect(d.monthly.map((m) => m.month)).toEqual(['2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03']);
    for (const m of d.monthly) {
      const row = r.months.find((x) => x.month === m.month);
      expect(m.revenue_cents, m.month).toBe(Number(row?.revenue ?? 0));
      expect(m.margin_cents, m.month).toBe(Number(row?.margin ?? 0));
    }
    expect(d.top_clients.map((c) => [c.id, c.revenue_cents])).toEqual(r.top.map((t) => [t.id, Number(t.revenue)]));
    expect(d.top_clients[0]).toMatchObject({
      id: topClientId,
      name: 'Ana Beatriz',
      emissions: 3,
      revenue_cents: 470_000,
    });
    expect(d.miles_by_program).toEqual([
      { program: 'LATAM', miles: 60_000, value_cents: 162_000 },
      { program: 'SMILES', miles: 25_001, value_cents: 47_502 },
    ]);
    expect(d.recent_activity).toHaveLength(10);
    expect(d.recent_activity[0]!.description).toBe('Cliente 12 cadastrado');
    expect(d.summary).toMatchObject({ clients: 4, lots: 6, emissions: 8 });
    // Nothing posted: every active emission owes its revenue; overdue, the ones created before 13/02.
    expect(d.receivables).toEqual({ total_cents: 600_000, overdue_cents: 10_000 });
    // 6 active emissions ÷ 3 active clients.
    expect(d.summary.utilisation_percent).toBe(200);
    expect(d.agency.cnpj).toMatch(/^\d{14}$/);
  });

  it('a quarter so far compares with as many days of the quarter before; a past month with the month before; a custom period with as many days before', async () => {
    const q = await dashboard('?from=2026-01-01&to=2026-03-31');
    expect(q.status).toBe(200);
    expect(q.body.counted_through).toBe(TODAY);
    expect(q.body.previous_period).toEqual({ from: '2025-10-01', to: '2025-12-13' });
    expect(q.body.kpis.emissions_created).toEqual({ current: 5, previous: 1 });
    const r = await withTenant(ctx.handle.db, agencyId, (tx) =>
      recount(tx, agencyId, { from: '2026-01-01', to: TODAY, prevFrom: '2025-10-01', prevTo: '2025-12-13' }),
    );
    expect(q.body.kpis.profit_cents.current).toBe(Number(r.flows.profit));
    expect(q.body.kpis.profit_cents.previous).toBe(Number(r.flows.previous_profit));

    const feb = await dashboard('?from=2026-02-01&to=2026-02-28');
    expect(feb.body.counted_through).toBe('2026-02-28');
    expect(feb.body.previous_period).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(feb.body.kpis.profit_cents).toEqual({ current: 5_000, previous: 0 });
    expect(feb.body.kpis.clients_created).toEqual({ current: 1, previous: 1 });

    const days = await dashboard('?from=2026-03-01&to=2026-03-10');
    expect(days.body.previous_period).toEqual({ from: '2026-02-19', to: '2026-02-28' });
    // 01/03 00:10 and 02/03 in; 14/03 out. Before: 28/02 23:30 (São Paulo) in, 15/02 out.
    expect(days.body.kpis.emissions_created).toEqual({ current: 2, previous: 1 });
  });

  it('an empty agency: zeros, nulls and empty lists', async () => {
    const other = await signedInAgency(ctx);
    const res = await dashboard('', other.cookie);
    expect(res.status).toBe(200);
    const d = dashboardSchema.parse(res.body);
    expect(d.summary).toEqual({ portfolio_value_cents: 0, utilisation_percent: 0, clients: 0, lots: 0, emissions: 0 });
    expect(d.kpis.average_cost_per_thousand).toBeNull();
    expect(d.kpis.purchase_cost_per_thousand).toEqual({ current: null, previous: null });
    expect(d.kpis.miles_balance).toBe(0);
    expect(d.top_clients).toEqual([]);
    expect(d.recent_activity).toEqual([]);
    expect(d.miles_by_program).toEqual([]);
    expect(d.monthly.every((m) => m.revenue_cents === 0 && m.margin_cents === 0)).toBe(true);
    expect(d.sla).toEqual({ count: 0, average_hours: null, p95_hours: null });
    expect(d.receivables).toEqual({ total_cents: 0, overdue_cents: 0 });
    // Nothing of the first agency shows.
    expect(JSON.stringify(d)).not.toContain('Ana Beatriz');
  });

  it('bad periods are refused in Portuguese and change nothing', async () => {
    for (const [query, field] of [
      ['?from=2026-02-30&to=2026-03-01', 'from'],
      ['?from=2026-03-10&to=2026-03-01', 'to'],
      ['?from=2024-01-01&to=2026-03-01', 'from'],
      ['?from=abc', 'from'],
    ] as const) {
      const res = await dashboard(query);
      expect(res.status, query).toBe(400);
      expect(res.body.error.fields?.[field], query).toMatch(/Data inválida|anterior|até/);
    }
  });

  it('asks for a session', async () => {
    const res = await call(ctx.app, 'GET', '/api/v1/dashboard', { headers: CLOCK });
    expect(res.status).toBe(401);
  });
});

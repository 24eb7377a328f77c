import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_SLA_TARGET_HOURS,
  EMISSION_ACTIONS,
  EMISSION_ACTION_DEFINITIONS,
  slaStats,
  transitionError,
  type EmissionAction,
} from '../../../domain/emissions/emission.rules';
import {
  emissionDetailSchema,
  emissionListSchema,
  EMISSION_MESSAGES,
  EMISSION_STATUSES,
  type EmissionStatus,
} from '../../../domain/emissions/emission.schema';
import { SHORTAGE_MESSAGE_PT } from '../../../domain/lots/allocation';
import {
  activity,
  client_figures,
  emission_allocations,
  emission_passengers,
  emissions,
  mile_lots,
  program_rules,
} from '../../db/schema';
import { createAgencyWithUser } from '../../testing/factories/agency.factory';
import { createLoyaltyAccountRow } from '../../testing/factories/account.factory';
import { createClientRow, validCpf } from '../../testing/factories/client.factory';
import { createEmissionRow } from '../../testing/factories/emission.factory';
import { createLotRow } from '../../testing/factories/lot.factory';
import { brokenLots, lotTotalsMismatches } from '../../testing/invariants';
import { activityRows } from '../../testing/activity';
import { call, createTestContext, signedInAgency, type TestContext } from '../../testing/test-app';

let ctx: TestContext;
let cookie: string;
let agencyId: string;
let otherCookie: string;
let otherAgencyId: string;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const TODAY = '2026-03-15';
const CLOCK = { 'x-test-today': TODAY };

const api = {
  list: (query = '', as = cookie) => call(ctx.app, 'GET', `/api/v1/emissions${query}`, { cookie: as, headers: CLOCK }),
  get: (id: string, as = cookie) => call(ctx.app, 'GET', `/api/v1/emissions/${id}`, { cookie: as, headers: CLOCK }),
  create: (payload: unknown, as = cookie) =>
    call(ctx.app, 'POST', '/api/v1/emissions', { cookie: as, body: payload, headers: CLOCK }),
  transition: (id: string, action: string, as = cookie) =>
    call(ctx.app, 'POST', `/api/v1/emissions/${id}/transitions`, { cookie: as, body: { action }, headers: CLOCK }),
  read: (path: string, as = cookie) => call(ctx.app, 'GET', `/api/v1${path}`, { cookie: as, headers: CLOCK }),
};

let seq = 0;
/** A client (with a CPF) and its account in `program`, with lots given as [cpm, miles]. */
async function clientWithLots(
  agency: string,
  lots: [string, number][],
  options: { program?: string; name?: string } = {},
) {
  const n = ++seq;
  const client = await createClientRow(ctx.handle.db, agency, {
    name: options.name ?? `Cliente ${n}`,
    document: validCpf(900_000 + n),
    email: `c${n}@ex.com`,
  });
  const account = await createLoyaltyAccountRow(ctx.handle.db, agency, {
    client_id: client.id,
    program: options.program ?? 'LATAM',
    account_number: `ACC-${n}`,
  });
  const lotIds: string[] = [];
  for (const [cpm, miles] of lots) {
    const made = await createLotRow(ctx.handle.db, agency, account.id, {
      original_quantity: miles,
      remaining_quantity: miles,
      cost_per_thousand: cpm,
      total_cost_cents: Math.round((miles * Number(cpm)) / 10),
      expiry_date: '2027-01-01',
      supplier: `Fornecedor ${cpm}`,
    });
    lotIds.push(made.id);
  }
  return { client, account, lotIds };
}

function body(clientId: string, accountId: string, overrides: Record<string, unknown> = {}) {
  return {
    client_id: clientId,
    account_id: accountId,
    route: 'nat gru',
    miles_used: '15000',
    fees_cents: 8_000,
    revenue_cents: 150_000,
    rav_cents: 5_000,
    pnr: 'abc123',
    departure_date: '2026-04-01',
    passengers: [{ name: 'Fulano de Tal', cpf: validCpf(12345) }],
    ...overrides,
  };
}

async function lot(id: string) {
  const [row] = await ctx.handle.db.select().from(mile_lots).where(eq(mile_lots.id, id));
  return { remaining: row!.remaining_quantity, status: row!.status };
}

async function counts(agency: string) {
  const n = async (
    table: typeof emissions | typeof emission_allocations | typeof emission_passengers | typeof activity,
  ) => (await ctx.handle.db.select({ id: table.id }).from(table).where(eq(table.agency_id, agency))).length;
  const [miles] = await ctx.handle.db
    .select({ remaining: sql<string>`coalesce(sum(${mile_lots.remaining_quantity}), 0)::text` })
    .from(mile_lots)
    .where(eq(mile_lots.agency_id, agency));
  return {
    emissions: await n(emissions),
    allocations: await n(emission_allocations),
    passengers: await n(emission_passengers),
    activity: await n(activity),
    remaining: Number(miles!.remaining),
  };
}

async function expectInvariant(agency = agencyId) {
  expect(await brokenLots(ctx.handle.db, agency)).toEqual([]);
  expect(await lotTotalsMismatches(ctx.handle.db, agency)).toEqual([]);
}

/** An emission created through the API, then moved to `status` through the API. */
async function emissionIn(status: EmissionStatus) {
  const { client, account } = await clientWithLots(agencyId, [['20.0000', 50_000]]);
  const res = await api.create(body(client.id, account.id, { miles_used: 1_000 }));
  expect(res.status).toBe(201);
  const id: string = res.body.emission.id;
  const path: Record<EmissionStatus, EmissionAction[]> = {
    processing: [],
    issued: ['issue'],
    failed: ['fail'],
    cancelled: ['cancel'],
    pending: [],
  };
  if (status === 'pending') {
    // No action leads back to pending; an imported or legacy emission may be there.
    await ctx.handle.db.update(emissions).set({ status: 'pending', submitted_at: null }).where(eq(emissions.id, id));
  }
  for (const action of path[status]) expect((await api.transition(id, action)).status).toBe(200);
  return { id, account, client };
}

beforeAll(async () => {
  ctx = await createTestContext({ testClock: true });
  ({ agencyId, cookie } = await signedInAgency(ctx));
  ({ agencyId: otherAgencyId, cookie: otherCookie } = await signedInAgency(ctx));
});
afterAll(() => ctx.close());

describe('POST /api/v1/emissions', () => {
  it('takes the miles from the cheapest lots of that account only, with exact financials', async () => {
    const { client, account, lotIds } = await clientWithLots(agencyId, [
      ['30.0000', 10_000],
      ['18.5000', 10_000],
      ['22.3333', 10_000],
    ]);
    // A cheaper lot of another account of the same agency must not be touched.
    const other = await clientWithLots(agencyId, [['1.0000', 100_000]]);
    const before = await counts(agencyId);

    const res = await api.create(body(client.id, account.id));
    expect(res.status).toBe(201);
    const { emission, allocations, passengers, timeline, sla } = res.body;
    // 10 000 × 18,50 + 5 000 × 22,3333 = 185,00 + 111,6665 → 111,67
    const milesCost = 18_500 + 11_167;
    expect(emission).toMatchObject({
      client_id: client.id,
      client_name: client.name,
      client_email: client.email,
      account_id: account.id,
      program: 'LATAM',
      account_number: account.account_number,
      route: 'NAT-GRU',
      pnr: 'ABC123',
      departure_date: '2026-04-01',
      miles_used: 15_000,
      fees_cents: 8_000,
      revenue_cents: 150_000,
      rav_cents: 5_000,
      miles_cost_cents: milesCost,
      margin_cents: 150_000 - 8_000 - 5_000 - milesCost,
      margin_percent: Math.round(((150_000 - 8_000 - 5_000 - milesCost) / 150_000) * 10_000) / 100,
      status: 'processing',
      issued_at: null,
      failed_at: null,
      cancelled_at: null,
    });
    expect(emission.submitted_at).toBe(emission.created_at);
    expect(allocations).toEqual([
      expect.objectContaining({
        lot_id: lotIds[1],
        miles: 10_000,
        cost_cents: 18_500,
        lot_supplier: 'Fornecedor 18.5000',
        lot_expiry_date: '2027-01-01',
      }),
      expect.objectContaining({ lot_id: lotIds[2], miles: 5_000, cost_cents: 11_167 }),
    ]);
    expect(Number(allocations[0].cost_per_thousand)).toBe(18.5);
    expect(passengers).toEqual([{ id: expect.any(String), name: 'Fulano de Tal', cpf: validCpf(12345) }]);
    expect(timeline.map((t: { kind: string }) => t.kind)).toEqual(['created', 'submitted']);
    expect(sla).toMatchObject({ target_hours: 24 });

    expect(await lot(lotIds[0]!)).toEqual({ remaining: 10_000, status: 'available' });
    expect(await lot(lotIds[1]!)).toEqual({ remaining: 0, status: 'used' });
    expect(await lot(lotIds[2]!)).toEqual({ remaining: 5_000, status: 'available' });
    expect(await lot(other.lotIds[0]!)).toEqual({ remaining: 100_000, status: 'available' });

    const after = await counts(agencyId);
    expect(after).toEqual({
      emissions: before.emissions + 1,
      allocations: before.allocations + 2,
      passengers: before.passengers + 1,
      activity: before.activity + 1,
      remaining: before.remaining - 15_000,
    });
    const [act] = await activityRows(ctx.handle.db, { ref_id: emission.id });
    expect(act).toMatchObject({
      kind: 'emission_created',
      description: `Emissão NAT-GRU criada para ${client.name}`,
      ref_type: 'emission',
    });

    // The detail reads the same.
    const detail = await api.get(emission.id);
    expect(detail.status).toBe(200);
    expect(detail.body).toEqual(res.body);
    await expectInvariant();
  });

  it('honours lot_ids: only the chosen lots, cheapest first', async () => {
    const { client, account, lotIds } = await clientWithLots(agencyId, [
      ['10.0000', 10_000],
      ['40.0000', 10_000],
      ['30.0000', 10_000],
    ]);
    const res = await api.create(body(client.id, account.id, { miles_used: 12_000, lot_ids: [lotIds[1], lotIds[2]] }));
    expect(res.status).toBe(201);
    expect(res.body.allocations.map((a: { lot_id: string; miles: number }) => [a.lot_id, a.miles])).toEqual([
      [lotIds[2], 10_000],
      [lotIds[1], 2_000],
    ]);
    expect(res.body.emission.miles_cost_cents).toBe(30_000 + 8_000);
    expect(await lot(lotIds[0]!)).toEqual({ remaining: 10_000, status: 'available' });
    await expectInvariant();
  });

  it('zero revenue: negative margin, margin_percent 0', async () => {
    const { client, account } = await clientWithLots(agencyId, [['20.0000', 10_000]]);
    const res = await api.create(
      body(client.id, account.id, { miles_used: 1_000, revenue_cents: 0, fees_cents: 100, rav_cents: 0 }),
    );
    expect(res.status).toBe(201);
    expect(res.body.emission).toMatchObject({
      revenue_cents: 0,
      miles_cost_cents: 2_000,
      margin_cents: -2_100,
      margin_percent: 0,
    });
  });

  it('client totals follow the emission (trigger), and leave it on cancellation', async () => {
    const { client, account } = await clientWithLots(agencyId, [['20.0000', 10_000]]);
    const res = await api.create(body(client.id, account.id, { miles_used: 1_000, revenue_cents: 77_700 }));
    expect(res.status).toBe(201);
    const totals = async () => {
      const [row] = await ctx.handle.db
        .select({
          n: client_figures.emissions_count,
          active: client_figures.active_emissions_count,
          spent: client_figures.total_spent_cents,
        })
        .from(client_figures)
        .where(eq(client_figures.client_id, client.id));
      return row;
    };
    expect(await totals()).toMatchObject({ n: 1, active: 1, spent: 77_700 });
    expect((await api.transition(res.body.emission.id, 'cancel')).status).toBe(200);
    // Cancelled: no longer one of the client's emissions (issue #14, migration 0022).
    expect(await totals()).toMatchObject({ n: 0, active: 0, spent: 0 });
  });

  it('shortage → 409 INSUFFICIENT_MILES with the Portuguese message, nothing written', async () => {
    const { client, account, lotIds } = await clientWithLots(agencyId, [['20.0000', 5_000]]);
    const before = await counts(agencyId);
    const res = await api.create(body(client.id, account.id, { miles_used: 7_500 }));
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'INSUFFICIENT_MILES', message: SHORTAGE_MESSAGE_PT(2_500) });
    expect(await counts(agencyId)).toEqual(before);
    expect(await lot(lotIds[0]!)).toEqual({ remaining: 5_000, status: 'available' });
  });

  it.each([
    ['client missing', { client_id: '' }, 'client_id', EMISSION_MESSAGES.clientRequired],
    ['account missing', { account_id: undefined }, 'account_id', EMISSION_MESSAGES.accountRequired],
    ['route missing', { route: '' }, 'route', EMISSION_MESSAGES.routeRequired],
    ['zero miles', { miles_used: 0 }, 'miles_used', EMISSION_MESSAGES.milesPositive],
    ['negative fees', { fees_cents: -1 }, 'fees_cents', EMISSION_MESSAGES.feesNegative],
    ['negative RAV', { rav_cents: '-5,00' }, 'rav_cents', EMISSION_MESSAGES.ravNegative],
    [
      'invalid passenger CPF',
      { passengers: [{ name: 'Fulano', cpf: '123.456.789-00' }] },
      'passengers.0.cpf',
      EMISSION_MESSAGES.passengerCpfInvalid,
    ],
  ])('validation: %s → 400 with the field message, nothing written', async (_label, overrides, field, message) => {
    const { client, account } = await clientWithLots(agencyId, [['20.0000', 10_000]]);
    const before = await counts(agencyId);
    const res = await api.create(body(client.id, account.id, overrides));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.fields[field]).toBe(message);
    expect(await counts(agencyId)).toEqual(before);
  });

  it('an account of another client, of another agency, or a lot of another account → 404, nothing written', async () => {
    const mine = await clientWithLots(agencyId, [['20.0000', 10_000]]);
    const sibling = await clientWithLots(agencyId, [['5.0000', 10_000]]);
    const foreign = await clientWithLots(otherAgencyId, [['5.0000', 10_000]]);
    const before = await counts(agencyId);
    const foreignBefore = await counts(otherAgencyId);

    const ofOtherClient = await api.create(body(mine.client.id, sibling.account.id));
    expect(ofOtherClient.status).toBe(404);
    expect(ofOtherClient.body.error.code).toBe('ACCOUNT_NOT_FOUND');
    expect(ofOtherClient.body.error.fields.account_id).toBeTruthy();

    const ofOtherAgency = await api.create(body(mine.client.id, foreign.account.id));
    expect(ofOtherAgency.status).toBe(404);
    expect(ofOtherAgency.body.error.code).toBe('ACCOUNT_NOT_FOUND');

    const foreignClient = await api.create(body(foreign.client.id, foreign.account.id));
    expect(foreignClient.status).toBe(404);
    expect(foreignClient.body.error.code).toBe('CLIENT_NOT_FOUND');

    const lotOfOtherAccount = await api.create(
      body(mine.client.id, mine.account.id, { miles_used: 1_000, lot_ids: [sibling.lotIds[0]] }),
    );
    expect(lotOfOtherAccount.status).toBe(404);
    expect(lotOfOtherAccount.body.error).toMatchObject({
      code: 'LOT_NOT_FOUND',
      fields: { lot_ids: expect.any(String) },
    });

    const lotOfOtherAgency = await api.create(
      body(mine.client.id, mine.account.id, { miles_used: 1_000, lot_ids: [foreign.lotIds[0]] }),
    );
    expect(lotOfOtherAgency.status).toBe(404);

    expect(await counts(agencyId)).toEqual(before);
    expect(await counts(otherAgencyId)).toEqual(foreignBefore);
    expect(await lot(sibling.lotIds[0]!)).toEqual({ remaining: 10_000, status: 'available' });
    expect(await lot(foreign.lotIds[0]!)).toEqual({ remaining: 10_000, status: 'available' });
    await expectInvariant();
  });
});

describe('POST /api/v1/emissions/:id/transitions', () => {
  const cases: [EmissionStatus, EmissionAction][] = [];
  for (const from of EMISSION_STATUSES) for (const action of EMISSION_ACTIONS) cases.push([from, action]);

  it.each(cases)('from %s, %s', async (from, action) => {
    const { id } = await emissionIn(from);
    const def = EMISSION_ACTION_DEFINITIONS[action];
    const before = await api.get(id);
    const res = await api.transition(id, action);
    if ((def.from as readonly string[]).includes(from)) {
      expect(res.status).toBe(200);
      expect(res.body.emission.status).toBe(def.to);
      expect(res.body.emission[def.timestamp_field]).not.toBeNull();
      if (before.body.emission[def.timestamp_field] !== null) {
        expect(res.body.emission[def.timestamp_field] >= before.body.emission[def.timestamp_field]).toBe(true);
      }
      const kind = def.timestamp_field.replace('_at', '');
      expect(res.body.timeline.map((t: { kind: string }) => t.kind)).toContain(kind);
    } else {
      expect(res.status).toBe(409);
      expect(res.body.error).toEqual({ code: 'INVALID_TRANSITION', message: transitionError(from, def.to) });
      expect((await api.get(id)).body).toEqual(before.body);
    }
    await expectInvariant();
  });

  it('cancel gives the miles back: lot remaining restored and available again', async () => {
    const { client, account, lotIds } = await clientWithLots(agencyId, [
      ['10.0000', 4_000],
      ['20.0000', 10_000],
    ]);
    const res = await api.create(body(client.id, account.id, { miles_used: 6_000 }));
    expect(res.status).toBe(201);
    expect(await lot(lotIds[0]!)).toEqual({ remaining: 0, status: 'used' });
    expect(await lot(lotIds[1]!)).toEqual({ remaining: 8_000, status: 'available' });
    const issued = await api.transition(res.body.emission.id, 'issue');
    expect(issued.status).toBe(200);
    expect(issued.body.emission.issued_at).not.toBeNull();

    const cancelled = await api.transition(res.body.emission.id, 'cancel');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.emission).toMatchObject({ status: 'cancelled' });
    expect(cancelled.body.emission.cancelled_at).not.toBeNull();
    expect(cancelled.body.timeline.map((t: { kind: string }) => t.kind)).toEqual([
      'created',
      'submitted',
      'issued',
      'cancelled',
    ]);
    expect(await lot(lotIds[0]!)).toEqual({ remaining: 4_000, status: 'available' });
    expect(await lot(lotIds[1]!)).toEqual({ remaining: 10_000, status: 'available' });
    const released = await ctx.handle.db
      .select({ released_at: emission_allocations.released_at })
      .from(emission_allocations)
      .where(eq(emission_allocations.emission_id, res.body.emission.id));
    expect(released.every((r) => r.released_at !== null)).toBe(true);
    // Cancelling again is refused and returns nothing twice.
    const again = await api.transition(res.body.emission.id, 'cancel');
    expect(again.status).toBe(409);
    expect(await lot(lotIds[1]!)).toEqual({ remaining: 10_000, status: 'available' });
    await expectInvariant();
  });

  it('unknown action → 400; unknown or foreign emission → 404 EMISSION_NOT_FOUND', async () => {
    const { id } = await emissionIn('processing');
    expect((await api.transition(id, 'explode')).status).toBe(400);
    const foreign = await api.transition(id, 'cancel', otherCookie);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toEqual({ code: 'EMISSION_NOT_FOUND', message: 'Emissão não encontrada.' });
    expect((await api.get(id)).body.emission.status).toBe('processing');
  });
});

describe('GET /api/v1/emissions/:id', () => {
  it('404 for unknown, malformed and foreign ids', async () => {
    const { id } = await emissionIn('processing');
    for (const res of [
      await api.get('00000000-0000-4000-8000-000000000000'),
      await api.get('nope'),
      await api.get(id, otherCookie),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual({ code: 'EMISSION_NOT_FOUND', message: 'Emissão não encontrada.' });
    }
  });

  it('sla: over the agency issued emissions, target from the program rule', async () => {
    const { id } = await emissionIn('processing');
    await ctx.handle.db.insert(program_rules).values({ agency_id: agencyId, program: 'LATAM', sla_target_hours: 6 });
    const c = await createClientRow(ctx.handle.db, agencyId, { name: 'SLA' });
    await createEmissionRow(ctx.handle.db, agencyId, c.id, {
      submitted_at: '2026-03-01T10:00:00Z',
      issued_at: '2026-03-01T12:00:00Z',
    });
    const res = await api.get(id);
    expect(res.status).toBe(200);
    expect(res.body.sla.target_hours).toBe(6);
    expect(res.body.sla.count).toBeGreaterThanOrEqual(1);
    expect(res.body.sla.average_hours).not.toBeNull();
    await ctx.handle.db
      .delete(program_rules)
      .where(and(eq(program_rules.agency_id, agencyId), eq(program_rules.program, 'LATAM')));
  });
});

describe('the SLA statistic and the creation answer', () => {
  it('the SQL statistic equals the domain one (slaStats) over the same timestamps, microseconds and non-positive ones included', async () => {
    const { agencyId: agency, cookie: as } = await signedInAgency(ctx);
    const c = await createClientRow(ctx.handle.db, agency, { name: 'SLA exato' });
    const pairs: { submitted_at: string; issued_at: string }[] = [];
    // Durations from -1 h to ~40 h with odd microseconds; a zero, equal-after-truncation and negative ones are left out by both.
    const offsets = [0, 1, 0.0004, -3_600_000, 7_200_000.25, 999.999, 3_600_000, 86_400_000 + 0.5, 144_000_123.456];
    for (let i = 0; i < 37; i++) offsets.push(((i * 7_919_113) % 140_000_000) + (i % 5) * 0.001);
    for (const [i, ms] of offsets.entries()) {
      const submitted = `2026-03-${String(1 + (i % 20)).padStart(2, '0')} 08:15:${String(i % 60).padStart(2, '0')}.${String((i * 123_457) % 1_000_000).padStart(6, '0')}+00`;
      const [row] = rowsOf<{ submitted_at: string; issued_at: string }>(
        await ctx.handle.db.execute(
          sql`SELECT ${submitted}::timestamptz::text AS submitted_at, (${submitted}::timestamptz + ${`${ms} milliseconds`}::interval)::text AS issued_at`,
        ),
      );
      pairs.push(row!);
      await createEmissionRow(ctx.handle.db, agency, c.id, {
        submitted_at: row!.submitted_at,
        issued_at: row!.issued_at,
      });
    }
    // Not counted: deleted, or never issued.
    await createEmissionRow(ctx.handle.db, agency, c.id, {
      submitted_at: '2026-03-01T10:00:00Z',
      issued_at: '2026-03-09T10:00:00Z',
      deleted_at: '2026-03-10T00:00:00Z',
    });
    await createEmissionRow(ctx.handle.db, agency, c.id, {
      status: 'processing',
      submitted_at: '2026-03-01T10:00:00Z',
    });
    const [any] = await ctx.handle.db
      .select({ id: emissions.id })
      .from(emissions)
      .where(and(eq(emissions.agency_id, agency), isNull(emissions.deleted_at)))
      .limit(1);

    const res = await api.get(any!.id, as);
    expect(res.status).toBe(200);
    const expected = slaStats(pairs);
    expect(expected.count).toBeGreaterThan(30);
    expect(res.body.sla).toEqual({ ...expected, target_hours: DEFAULT_SLA_TARGET_HOURS });
  });

  it('the kept statistic follows every change: creation, issue through the API, edits, soft and hard deletes, a batch', async () => {
    const { agencyId: agency, cookie: as } = await signedInAgency(ctx);
    const { client, account } = await clientWithLots(agency, [['20.0000', 100_000]]);
    // What the statistic must be: the domain's, over the timestamps as they are now.
    const recomputed = async () => {
      const pairs = rowsOf<{ submitted_at: string; issued_at: string }>(
        await ctx.handle.db
          .execute(sql`SELECT submitted_at::text AS submitted_at, issued_at::text AS issued_at FROM emissions
          WHERE agency_id = ${agency} AND deleted_at IS NULL AND submitted_at IS NOT NULL AND issued_at IS NOT NULL`),
      );
      return { ...slaStats(pairs), target_hours: DEFAULT_SLA_TARGET_HOURS };
    };
    const created = await api.create(body(client.id, account.id, { pnr: 'SLA001' }), as);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.emission.id as string;
    const shown = async () => (await api.get(id, as)).body.sla;
    expect(await shown()).toEqual(await recomputed());
    expect((await shown()).count).toBe(0);

    expect((await api.transition(id, 'issue', as)).status).toBe(200);
    expect(await shown()).toEqual(await recomputed());
    expect((await shown()).count).toBe(1);

    const older = [];
    for (const hours of [2, 5, 9, 30]) {
      older.push(
        await createEmissionRow(ctx.handle.db, agency, client.id, {
          account_id: account.id,
          submitted_at: '2026-03-01T08:00:00Z',
          issued_at: new Date(Date.parse('2026-03-01T08:00:00Z') + hours * 3_600_000).toISOString(),
        }),
      );
    }
    expect(await shown()).toEqual(await recomputed());
    await ctx.handle.db
      .update(emissions)
      .set({ issued_at: '2026-03-03T08:00:00Z' })
      .where(eq(emissions.id, older[0]!.id));
    expect(await shown()).toEqual(await recomputed());
    await ctx.handle.db
      .update(emissions)
      .set({ deleted_at: '2026-03-04T00:00:00Z' })
      .where(eq(emissions.id, older[1]!.id));
    expect(await shown()).toEqual(await recomputed());
    await ctx.handle.db.delete(emissions).where(eq(emissions.id, older[2]!.id));
    expect(await shown()).toEqual(await recomputed());
    // One statement over many rows: every one of them counted once.
    await ctx.handle.db
      .update(emissions)
      .set({ submitted_at: sql`${emissions.submitted_at} - interval '1 hour'` })
      .where(eq(emissions.agency_id, agency));
    expect(await shown()).toEqual(await recomputed());
    expect((await shown()).count).toBe(3);
  });

  it("the list's cards and counts, kept per agency, follow creations, transitions, edits, deletes and batches", async () => {
    const { agencyId: agency, cookie: as } = await signedInAgency(ctx);
    const { client, account } = await clientWithLots(agency, [['20.0000', 100_000]]);
    // What the list must show: a recount of the live emissions.
    const expectKeptEqualsRecount = async () => {
      const [row] = rowsOf<{ total: number; issued: number; pending: number; revenue: string }>(
        await ctx.handle.db
          .execute(sql`SELECT count(*)::int AS total, (count(*) FILTER (WHERE status = 'issued'))::int AS issued,
          (count(*) FILTER (WHERE status IN ('pending', 'processing')))::int AS pending,
          coalesce(sum(revenue_cents) FILTER (WHERE status = 'issued'), 0)::text AS revenue
          FROM emissions WHERE agency_id = ${agency} AND deleted_at IS NULL`),
      );
      const list = await api.list('', as);
      expect(list.body.summary).toEqual({
        total: row!.total,
        issued: row!.issued,
        pending: row!.pending,
        revenue_issued_cents: Number(row!.revenue),
      });
      expect(list.body.total).toBe(row!.total);
      for (const status of EMISSION_STATUSES) {
        const [n] = rowsOf<{ n: number }>(
          await ctx.handle.db.execute(
            sql`SELECT count(*)::int AS n FROM emissions WHERE agency_id = ${agency} AND deleted_at IS NULL AND status = ${status}`,
          ),
        );
        const byStatus = await api.list(`?status=${status}`, as);
        expect(byStatus.body.total, status).toBe(n!.n);
        // The kept totals answer the cards of one status too: that status' emissions only.
        expect(byStatus.body.summary, status).toEqual({
          total: n!.n,
          issued: status === 'issued' ? n!.n : 0,
          pending: status === 'pending' || status === 'processing' ? n!.n : 0,
          revenue_issued_cents: status === 'issued' ? Number(row!.revenue) : 0,
        });
      }
    };
    const ids: string[] = [];
    for (const [i, revenue] of [12_345, 67_890, 10_000].entries()) {
      const res = await api.create(body(client.id, account.id, { pnr: `TOT00${i}`, revenue_cents: revenue }), as);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids.push(res.body.emission.id);
    }
    await expectKeptEqualsRecount();
    expect((await api.transition(ids[0]!, 'issue', as)).status).toBe(200);
    expect((await api.transition(ids[1]!, 'issue', as)).status).toBe(200);
    expect((await api.transition(ids[2]!, 'cancel', as)).status).toBe(200);
    await expectKeptEqualsRecount();
    // Edits in place, a soft delete and its undoing, a hard delete, one statement over many rows.
    await ctx.handle.db.update(emissions).set({ revenue_cents: 99_999 }).where(eq(emissions.id, ids[0]!));
    await ctx.handle.db.update(emissions).set({ route: 'NAT-REC' }).where(eq(emissions.id, ids[1]!));
    await expectKeptEqualsRecount();
    await ctx.handle.db.update(emissions).set({ deleted_at: '2026-03-04T00:00:00Z' }).where(eq(emissions.id, ids[1]!));
    await expectKeptEqualsRecount();
    await ctx.handle.db.update(emissions).set({ deleted_at: null }).where(eq(emissions.id, ids[1]!));
    for (let i = 0; i < 4; i++)
      await createEmissionRow(ctx.handle.db, agency, client.id, { account_id: account.id, status: 'failed' });
    await expectKeptEqualsRecount();
    await ctx.handle.db
      .update(emissions)
      .set({ status: 'cancelled' })
      .where(and(eq(emissions.agency_id, agency), eq(emissions.status, 'failed')));
    await ctx.handle.db.delete(emission_allocations).where(eq(emission_allocations.emission_id, ids[2]!));
    await ctx.handle.db.delete(emissions).where(eq(emissions.id, ids[2]!));
    await expectKeptEqualsRecount();
  });

  it('answers the creation exactly as GET /emissions/:id then shows it (several passengers, lots of equal cost, SLA present)', async () => {
    const { client, account } = await clientWithLots(agencyId, []);
    const lotIds: string[] = [];
    for (const [cpm, expiry, supplier] of [
      ['20.0000', null, 'Sem validade'],
      ['20.0000', '2026-12-01', 'Validade próxima'],
      ['20.0000', '2027-06-01', null],
      ['15.5000', '2028-01-01', 'Mais barato'],
    ] as const) {
      const made = await createLotRow(ctx.handle.db, agencyId, account.id, {
        original_quantity: 3_000,
        remaining_quantity: 3_000,
        cost_per_thousand: cpm,
        total_cost_cents: Math.round((3_000 * Number(cpm)) / 10),
        expiry_date: expiry,
        supplier,
      });
      lotIds.push(made.id);
    }
    const passengers = ['Ana Lúcia', 'Bruno Souza', 'Célia Dias', 'Davi Lima'].map((name, i) => ({
      name,
      cpf: validCpf(55_000 + i),
    }));
    const res = await api.create(
      body(client.id, account.id, { miles_used: 11_500, passengers, pnr: null, departure_date: null }),
    );
    expect(res.status).toBe(201);
    expect(res.body.allocations).toHaveLength(4);
    expect(res.body.passengers).toHaveLength(4);
    expect(res.body.sla.count).toBeGreaterThanOrEqual(0);
    const detail = await api.get(res.body.emission.id);
    expect(detail.status).toBe(200);
    expect(res.body).toEqual(detail.body);
    await expectInvariant();
  });
});

describe('GET /api/v1/emissions', () => {
  it('a search equals a plain LIKE over the emissions joined to their clients, its cards a recount of the same rows', async () => {
    const agency = await createAgencyWithUser(ctx.handle.db);
    const aId = agency.agency.id;
    const people = ['Natália Nunes', 'Renato Natal', 'Ana Souza', 'Caio Lima'];
    const statuses = ['pending', 'processing', 'issued', 'failed', 'cancelled', 'issued'] as const;
    for (const [i, name] of people.entries()) {
      const who = await clientWithLots(aId, [['20.0000', 1_000_000]], { name });
      for (let k = 0; k < 6; k++) {
        await createEmissionRow(ctx.handle.db, aId, who.client.id, {
          account_id: who.account.id,
          route: ['NAT-GRU', 'GRU-LIS', 'REC-NAT', 'POA-CWB'][(i + k) % 4],
          pnr: `P${i}${k}NAT`.slice(0, 6),
          status: statuses[(i + k) % statuses.length],
          revenue_cents: 10_000 * (i + 1) + k,
          created_at: new Date(Date.UTC(2026, 0, 1 + i * 6 + k)).toISOString(),
        });
      }
    }
    const reference = async (term: string) =>
      rowsOf<{ id: string; status: string; revenue_cents: number }>(
        await ctx.handle.db
          .execute(sql`SELECT e.id, e.status, e.revenue_cents FROM emissions e JOIN clients c ON c.id = e.client_id
          WHERE e.agency_id = ${aId} AND e.deleted_at IS NULL
            AND (lower(coalesce(e.pnr, '')) LIKE ${`%${term}%`} OR lower(e.route) LIKE ${`%${term}%`} OR c.search_text LIKE ${`%${term}%`})
          ORDER BY e.created_at DESC, e.id DESC`),
      );
    const { getEmissionsPage } = await import('../emissions.queries');
    const { withTenant } = await import('../../db/tenant');
    for (const term of ['nat', 'natal', 'lis', 'souza', 'p1', 'zz', 'na']) {
      const want = await reference(term);
      const issued = want.filter((r) => r.status === 'issued');
      for (const page of [1, 2, 3, 7]) {
        const got = await withTenant(ctx.handle.db, aId, (tx) =>
          getEmissionsPage(tx, { agencyId: aId, query: { page, limit: 4, search: term } }),
        );
        expect(
          got.rows.map((r) => r.id),
          `${term} page ${page}`,
        ).toEqual(want.slice((page - 1) * 4, page * 4).map((r) => r.id));
        expect(got.summary, `${term} page ${page}`).toEqual({
          total: want.length,
          issued: issued.length,
          pending: want.filter((r) => r.status === 'pending' || r.status === 'processing').length,
          revenue_issued_cents: issued.reduce((sum, r) => sum + Number(r.revenue_cents), 0),
        });
      }
    }
  });

  it('filters, search and pagination; the cards cover the same filter as the list', async () => {
    const { agencyId: aId, cookie: as } = await signedInAgency(ctx);
    const a = await clientWithLots(aId, [['20.0000', 100_000]], { name: 'Ângela Souza' });
    const b = await clientWithLots(aId, [['20.0000', 100_000]], { program: 'SMILES', name: 'Bruno Lima' });
    const mk = async (who: typeof a, overrides: Record<string, unknown>) => {
      const res = await api.create(body(who.client.id, who.account.id, { miles_used: 1_000, ...overrides }), as);
      expect(res.status).toBe(201);
      return res.body.emission as { id: string; revenue_cents: number };
    };
    const e1 = await mk(a, { route: 'NAT-GRU', pnr: 'AAAAA1', revenue_cents: 100_000 });
    const e2 = await mk(a, { route: 'GRU-LIS', pnr: 'BBBBB2', revenue_cents: 200_000 });
    const e3 = await mk(b, { route: 'REC-SDU', pnr: 'CCCCC3', revenue_cents: 300_000 });
    const e4 = await mk(b, { route: 'POA-CWB', pnr: 'DDDDD4', revenue_cents: 400_000 });
    expect((await api.transition(e2.id, 'issue', as)).status).toBe(200);
    expect((await api.transition(e3.id, 'issue', as)).status).toBe(200);
    expect((await api.transition(e4.id, 'cancel', as)).status).toBe(200);
    // Distinct creation times, in order.
    const times = ['2026-03-01T12:00:00Z', '2026-03-05T12:00:00Z', '2026-03-10T12:00:00Z', '2026-03-12T02:00:00Z'];
    for (const [i, e] of [e1, e2, e3, e4].entries())
      await ctx.handle.db.update(emissions).set({ created_at: times[i] }).where(eq(emissions.id, e.id));

    const all = await api.list('', as);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 4, page: 1, limit: 20, total_pages: 1 });
    expect(all.body.data.map((e: { id: string }) => e.id)).toEqual([e4.id, e3.id, e2.id, e1.id]);
    expect(all.body.summary).toEqual({ total: 4, issued: 2, pending: 1, revenue_issued_cents: 500_000 });
    expect(Object.keys(all.body.data[0]).sort()).toEqual(
      [
        'id',
        'pnr',
        'route',
        'departure_date',
        'client_id',
        'client_name',
        'account_id',
        'program',
        'account_number',
        'miles_used',
        'fees_cents',
        'revenue_cents',
        'rav_cents',
        'miles_cost_cents',
        'margin_cents',
        'margin_percent',
        'status',
        'created_at',
        'submitted_at',
        'issued_at',
        'failed_at',
        'cancelled_at',
      ].sort(),
    );

    // Each card against the rows the list shows under the same filter (issue #14 "Truthful figures").
    const ids = async (q: string) => {
      const res = await api.list(q, as);
      expect(res.status).toBe(200);
      const rows = res.body.data as { id: string; status: string; revenue_cents: number }[];
      const issued = rows.filter((e) => e.status === 'issued');
      expect(res.body.summary, q).toEqual({
        total: res.body.total,
        issued: issued.length,
        pending: rows.filter((e) => e.status === 'pending' || e.status === 'processing').length,
        revenue_issued_cents: issued.reduce((sum, e) => sum + e.revenue_cents, 0),
      });
      expect(res.body.total, q).toBe(rows.length);
      return rows.map((e) => e.id);
    };
    expect(await ids('')).toEqual([e4.id, e3.id, e2.id, e1.id]);
    expect(await ids('?status=issued')).toEqual([e3.id, e2.id]);
    expect(await ids(`?client_id=${a.client.id}`)).toEqual([e2.id, e1.id]);
    expect(await ids('?program=SMILES')).toEqual([e4.id, e3.id]);
    expect(await ids('?date_from=2026-03-05&date_to=2026-03-10')).toEqual([e3.id, e2.id]);
    // 2026-03-12T02:00Z is 11/03 23:00 in São Paulo.
    expect(await ids('?date_from=2026-03-11&date_to=2026-03-11')).toEqual([e4.id]);
    expect(await ids('?search=lis')).toEqual([e2.id]);
    expect(await ids('?search=ccccc')).toEqual([e3.id]);
    expect(await ids('?search=angela')).toEqual([e2.id, e1.id]);
    expect(await ids('?search=%25')).toEqual([]);
    expect(await ids('?status=processing')).toEqual([e1.id]);
    expect(await ids('?status=cancelled')).toEqual([e4.id]);
    expect(await ids('?status=failed')).toEqual([]);
    expect(await ids(`?status=issued&client_id=${a.client.id}`)).toEqual([e2.id]);
    expect(await ids('?search=angela&date_from=2026-03-02')).toEqual([e2.id]);
    expect(await ids('?program=SMILES&status=issued')).toEqual([e3.id]);

    const page2 = await api.list('?limit=3&page=2', as);
    expect(page2.body).toMatchObject({ total: 4, page: 2, limit: 3, total_pages: 2 });
    expect(page2.body.data.map((e: { id: string }) => e.id)).toEqual([e1.id]);

    const bad = await api.list('?status=nope&date_from=2026-03-10&date_to=2026-03-01', as);
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({ status: EMISSION_MESSAGES.statusInvalid });

    // Another agency sees none of them.
    const foreign = await api.list('', otherCookie);
    expect(foreign.body.data.map((e: { id: string }) => e.id)).not.toContain(e1.id);
  });
});

describe('GET /api/v1/accounts/:id/lots and /beneficiaries', () => {
  it('lists the available lots with miles left, with the CPM cap', async () => {
    const { account, lotIds } = await clientWithLots(agencyId, [
      ['25.0000', 10_000],
      ['15.0000', 10_000],
    ]);
    await createLotRow(ctx.handle.db, agencyId, account.id, {
      original_quantity: 10,
      remaining_quantity: 10,
      total_cost_cents: 1,
      status: 'expired',
      expiry_date: '2026-02-01',
      cost_per_thousand: '1.0000',
    });
    await ctx.handle.db
      .insert(program_rules)
      .values({ agency_id: agencyId, program: 'SMILES', cpm_cap: '20.0000' })
      .onConflictDoNothing();
    const res = await api.read(`/accounts/${account.id}/lots`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ cpm_cap: null, today: TODAY });
    expect(res.body.data.map((l: { id: string }) => l.id)).toEqual([lotIds[1], lotIds[0]]);
    expect(res.body.data[0]).toEqual({
      id: lotIds[1],
      remaining_quantity: 10_000,
      cost_per_thousand: expect.any(String),
      expiry_date: '2027-01-01',
      purchase_date: '2026-01-10',
      supplier: 'Fornecedor 15.0000',
      status: 'available',
    });
    const smiles = await clientWithLots(agencyId, [['25.0000', 1_000]], { program: 'SMILES' });
    const capped = await api.read(`/accounts/${smiles.account.id}/lots`);
    expect(Number(capped.body.cpm_cap)).toBe(20);
  });

  it('beneficiaries: holder CPF and the passengers of non-cancelled emissions', async () => {
    const { client, account } = await clientWithLots(agencyId, [['20.0000', 50_000]]);
    const p1 = validCpf(111);
    const p2 = validCpf(222);
    const kept = await api.create(
      body(client.id, account.id, { miles_used: 1_000, passengers: [{ name: 'Pessoa Um', cpf: p1 }] }),
    );
    const dropped = await api.create(
      body(client.id, account.id, { miles_used: 1_000, passengers: [{ name: 'Pessoa Dois', cpf: p2 }] }),
    );
    expect((await api.transition(dropped.body.emission.id, 'cancel')).status).toBe(200);
    const res = await api.read(`/accounts/${account.id}/beneficiaries`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ program: 'LATAM', holder_cpf: client.document, today: TODAY });
    expect(res.body.past_passengers).toEqual([{ cpf: p1, date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) }]);
    expect(kept.status).toBe(201);
  });

  it('foreign, unknown or malformed account → 404; the accounts list still answers', async () => {
    const foreign = await clientWithLots(otherAgencyId, [['20.0000', 1_000]]);
    for (const path of [
      `/accounts/${foreign.account.id}/lots`,
      `/accounts/${foreign.account.id}/beneficiaries`,
      '/accounts/x/lots',
    ]) {
      const res = await api.read(path);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('ACCOUNT_NOT_FOUND');
    }
    expect((await api.read('/accounts')).status).toBe(200);
  });
});

describe("answers match the domain's response schemas", () => {
  /** Parsing keeps the answer as it is: no field missing, of another type, or not in the schema. */
  const holds = (schema: { parse(v: unknown): unknown }, answer: unknown) =>
    expect(schema.parse(answer)).toEqual(answer);

  it('create, detail, transitions and the list', async () => {
    const { client, account } = await clientWithLots(agencyId, [
      ['15.0000', 20_000],
      ['16.5000', 20_000],
    ]);
    const created = await api.create(
      body(client.id, account.id, { miles_used: '25000', departure_date: null, pnr: null }),
    );
    expect(created.status).toBe(201);
    holds(emissionDetailSchema, created.body);
    const id = created.body.emission.id;
    holds(emissionDetailSchema, (await api.get(id)).body);
    holds(emissionDetailSchema, (await api.transition(id, 'issue')).body);
    holds(emissionDetailSchema, (await api.transition(id, 'cancel')).body);
    holds(emissionListSchema, (await api.list()).body);
    holds(emissionListSchema, (await api.list(`?search=nat&program=LATAM&client_id=${client.id}`)).body);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('concurrency (PostgreSQL)', () => {
  it('30 creations racing for the same lots never over-allocate; each loser gets INSUFFICIENT_MILES', async () => {
    const { client, account, lotIds } = await clientWithLots(agencyId, [
      ['10.0000', 10_000],
      ['12.0000', 10_000],
      ['15.0000', 5_000],
    ]);
    // 25 000 miles, 30 × 1 500: 16 can win (24 000), 14 must lose.
    const results = await Promise.all(
      Array.from({ length: 30 }, () => api.create(body(client.id, account.id, { miles_used: 1_500 }))),
    );
    const won = results.filter((r) => r.status === 201);
    const lost = results.filter((r) => r.status !== 201);
    expect(won).toHaveLength(16);
    for (const r of lost) {
      expect(r.status).toBe(409);
      expect(r.body.error.code).toBe('INSUFFICIENT_MILES');
    }
    const remaining = (await Promise.all(lotIds.map((id) => lot(id)))).reduce((s, l) => s + l.remaining, 0);
    expect(remaining).toBe(1_000);
    const [n] = await ctx.handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(emissions)
      .where(eq(emissions.account_id, account.id));
    expect(Number(n!.n)).toBe(16);
    await expectInvariant();

    // Racing transitions: one cancel wins, the others are refused, the miles come back once.
    const id = won[0]!.body.emission.id as string;
    const cancels = await Promise.all(Array.from({ length: 5 }, () => api.transition(id, 'cancel')));
    expect(cancels.filter((r) => r.status === 200)).toHaveLength(1);
    expect(cancels.filter((r) => r.status === 409)).toHaveLength(4);
    await expectInvariant();
  });
});

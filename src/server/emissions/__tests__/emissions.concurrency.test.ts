// Creations, cancellations and lot edits racing on one PostgreSQL server, through the real app:
// every write path takes its locks in one order (docs/decisions/0011-lock-order-and-retries.md),
// so none deadlocks, and none answers 5xx. PGlite has one connection: nothing races there.

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../domain/random';
import { pgError } from '../../db/errors';
import { createAgencyWithUser } from '../../testing/factories/agency.factory';
import { createLoyaltyAccountRow } from '../../testing/factories/account.factory';
import { createClientRow, validCpf } from '../../testing/factories/client.factory';
import { createLotRow } from '../../testing/factories/lot.factory';
import { brokenLots, lotSearchEntryMismatches, lotTotalsMismatches } from '../../testing/invariants';
import { call, createTestContext, type CallResult, type TestContext } from '../../testing/test-app';

const TODAY = '2026-03-15';
const CLOCK = { 'x-test-today': TODAY };

describe.skipIf(!process.env.TEST_DATABASE_URL)('emissions and lots under concurrency (PostgreSQL)', () => {
  let ctx: TestContext;
  let cookie: string;
  let agencyId: string;

  const api = {
    create: (clientId: string, accountId: string, miles: number) =>
      call(ctx.app, 'POST', '/api/v1/emissions', {
        cookie,
        headers: CLOCK,
        body: {
          client_id: clientId,
          account_id: accountId,
          route: 'GRU-LIS',
          miles_used: miles,
          fees_cents: 8_000,
          revenue_cents: 150_000,
          rav_cents: 5_000,
          passengers: [{ name: 'Passageira Teste', cpf: validCpf(4242) }],
        },
      }),
    cancel: (id: string) =>
      call(ctx.app, 'POST', `/api/v1/emissions/${id}/transitions`, {
        cookie,
        headers: CLOCK,
        body: { action: 'cancel' },
      }),
    editLot: (id: string, accountId: string, originalQuantity: number, notes: string) =>
      call(ctx.app, 'PUT', `/api/v1/lots/${id}`, {
        cookie,
        headers: CLOCK,
        body: {
          program: 'LATAM',
          account_id: accountId,
          original_quantity: originalQuantity,
          cost_per_mile: '0,0200',
          purchase_date: '2026-01-10',
          expiry_date: '2027-01-01',
          supplier: 'Fornecedor',
          notes,
        },
      }),
    deleteLot: (id: string) => call(ctx.app, 'DELETE', `/api/v1/lots/${id}`, { cookie, headers: CLOCK }),
    renumber: (clientId: string, accountId: string, accountNumber: string) =>
      call(ctx.app, 'PUT', `/api/v1/clients/${clientId}`, {
        cookie,
        headers: CLOCK,
        body: {
          name: 'Cliente Renumerado',
          loyalty_accounts: [{ id: accountId, program: 'LATAM', account_number: accountNumber }],
        },
      }),
  };

  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

  /**
   * Runs `request` while another transaction holds `row` locked FOR UPDATE; once the request waits
   * for it, says whether the account's lots were already locked (a NOWAIT lock of them fails).
   */
  async function lotsLockedWhileWaitingFor(
    row: { table: 'clients' | 'emissions'; id: string },
    accountId: string,
    request: () => Promise<CallResult>,
  ) {
    let held!: () => void;
    let release!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const blocker = ctx.handle.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1 FROM ${sql.identifier(row.table)} WHERE id = ${row.id} FOR UPDATE`);
      held();
      await released;
    });
    await holding;
    const answer = request();
    const waiting = async () =>
      rowsOf<{ n: number }>(
        await ctx.handle.db.execute(
          sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        ),
      )[0]!.n;
    for (let i = 0; i < 200 && (await waiting()) === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    let lotsLocked = false;
    try {
      await ctx.handle.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT id FROM mile_lots WHERE account_id = ${accountId} FOR NO KEY UPDATE NOWAIT`);
      });
    } catch (err) {
      if (pgError(err)?.code !== '55P03') throw err;
      lotsLocked = true;
    }
    release();
    await blocker;
    return { lotsLocked, res: await answer };
  }

  let seq = 0;
  /** A client with one LATAM account holding `lots` lots of `miles` miles each. */
  async function clientWithLots(lots: number, miles: number) {
    const n = ++seq;
    const client = await createClientRow(ctx.handle.db, agencyId, {
      name: `Cliente Concorrente ${n}`,
      document: validCpf(810_000 + n),
    });
    const account = await createLoyaltyAccountRow(ctx.handle.db, agencyId, {
      client_id: client.id,
      program: 'LATAM',
      account_number: `CONC-${n}`,
    });
    const lotIds: string[] = [];
    for (let i = 0; i < lots; i++) {
      const lot = await createLotRow(ctx.handle.db, agencyId, account.id, {
        original_quantity: miles,
        remaining_quantity: miles,
        cost_per_thousand: '20.0000',
        total_cost_cents: miles * 2,
        expiry_date: '2027-01-01',
      });
      lotIds.push(lot.id);
    }
    return { clientId: client.id, accountId: account.id, lotIds };
  }

  async function expectInvariants() {
    expect(await brokenLots(ctx.handle.db, agencyId)).toEqual([]);
    expect(await lotTotalsMismatches(ctx.handle.db, agencyId)).toEqual([]);
    expect(await lotSearchEntryMismatches(ctx.handle.db, agencyId)).toEqual([]);
  }

  const describeFailure = (what: string, r: CallResult) =>
    `${what} → ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`;

  beforeAll(async () => {
    ctx = await createTestContext({ testClock: true });
    const mine = await createAgencyWithUser(ctx.handle.db);
    agencyId = mine.agency.id;
    const res = await call(ctx.app, 'POST', '/api/v1/auth/sign-in', {
      body: { identifier: mine.user.email, password: mine.password },
    });
    expect(res.status).toBe(200);
    cookie = res.cookie!;
  });
  afterAll(() => ctx?.close());

  it('takes the lots first: before the client when creating or renumbering, before the emission when cancelling', async () => {
    const { clientId, accountId } = await clientWithLots(3, 50_000);
    const created = await lotsLockedWhileWaitingFor({ table: 'clients', id: clientId }, accountId, () =>
      api.create(clientId, accountId, 1_000),
    );
    expect(created).toMatchObject({ lotsLocked: true, res: { status: 201 } });
    const emissionId: string = created.res.body.emission.id;
    const cancelled = await lotsLockedWhileWaitingFor({ table: 'emissions', id: emissionId }, accountId, () =>
      api.cancel(emissionId),
    );
    expect(cancelled).toMatchObject({ lotsLocked: true, res: { status: 200 } });
    const renumbered = await lotsLockedWhileWaitingFor({ table: 'clients', id: clientId }, accountId, () =>
      api.renumber(clientId, accountId, 'NOVO-1'),
    );
    expect(renumbered).toMatchObject({ lotsLocked: true, res: { status: 200 } });
    await expectInvariants();
  });

  it('one caller creating while another cancels, same client, 100 requests each: every one answered', async () => {
    const { clientId, accountId } = await clientWithLots(5, 200_000);
    const toCancel: string[] = [];
    for (let i = 0; i < 100; i++) {
      const res = await api.create(clientId, accountId, 1_000);
      expect(res.status).toBe(201);
      toCancel.push(res.body.emission.id);
    }

    const failures: string[] = [];
    await Promise.all([
      (async () => {
        for (let i = 0; i < 100; i++) {
          const res = await api.create(clientId, accountId, 1_000);
          if (res.status !== 201) failures.push(describeFailure('create', res));
        }
      })(),
      (async () => {
        for (const id of toCancel) {
          const res = await api.cancel(id);
          if (res.status !== 200) failures.push(describeFailure('cancel', res));
        }
      })(),
    ]);

    expect(failures).toEqual([]);
    await expectInvariants();
  }, 120_000);

  it('renumbering an account while its lots feed creations and cancellations: every request answered', async () => {
    const { clientId, accountId } = await clientWithLots(4, 50_000);
    const toCancel: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await api.create(clientId, accountId, 1_000);
      expect(res.status).toBe(201);
      toCancel.push(res.body.emission.id);
    }
    const failures: string[] = [];
    const expectStatus = (what: string, status: number) => (res: CallResult) => {
      if (res.status !== status) failures.push(describeFailure(what, res));
    };
    await Promise.all([
      (async () => {
        for (let i = 0; i < 20; i++)
          await api.renumber(clientId, accountId, `RENUM-${i}`).then(expectStatus('renumber', 200));
      })(),
      (async () => {
        for (let i = 0; i < 40; i++) await api.create(clientId, accountId, 1_000).then(expectStatus('create', 201));
      })(),
      (async () => {
        for (const id of toCancel) await api.cancel(id).then(expectStatus('cancel', 200));
      })(),
    ]);
    expect(failures).toEqual([]);
    await expectInvariants();
  }, 120_000);

  it('48 callers mixing creations, cancellations, lot edits and lot deletes: no 5xx, the lot invariant holds', async () => {
    const accounts = await Promise.all(Array.from({ length: 6 }, () => clientWithLots(6, 40_000)));
    const emissionPool: string[] = [];
    for (const a of accounts) {
      for (let i = 0; i < 6; i++) {
        const res = await api.create(a.clientId, a.accountId, 2_000);
        expect(res.status).toBe(201);
        emissionPool.push(res.body.emission.id);
      }
    }
    const originals = new Map<string, number>(accounts.flatMap((a) => a.lotIds.map((id) => [id, 40_000] as const)));
    const lots = accounts.flatMap((a) => a.lotIds.map((id) => ({ id, accountId: a.accountId })));

    // What each kind of request may answer when it loses a race fairly.
    const allowed: Record<string, number[]> = {
      create: [201, 409],
      cancel: [200, 409],
      // 400: an edit below the miles a racing creation has just used.
      edit: [200, 400, 404],
      delete: [204, 404, 409],
    };
    const answers: { kind: string; status: number; text: string }[] = [];
    const random = mulberry32(11);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    // The plan is drawn before anything runs, so each run replays the same mix.
    const plans = Array.from({ length: 48 }, () =>
      Array.from({ length: 6 }, () => {
        const r = random();
        if (r < 0.35) return { kind: 'create', account: pick(accounts), miles: 1_000 * (1 + Math.floor(random() * 5)) };
        if (r < 0.6) return { kind: 'cancel', index: Math.floor(random() * 1_000) };
        if (r < 0.85) return { kind: 'edit', lot: pick(lots) };
        return { kind: 'delete', lot: pick(lots) };
      }),
    );

    await Promise.all(
      plans.map(async (plan) => {
        for (const step of plan) {
          let res: CallResult;
          if (step.kind === 'create') {
            res = await api.create(step.account!.clientId, step.account!.accountId, step.miles!);
            if (res.status === 201) emissionPool.push(res.body.emission.id);
          } else if (step.kind === 'cancel') {
            res = await api.cancel(emissionPool[step.index! % emissionPool.length]!);
          } else if (step.kind === 'edit') {
            const original = originals.get(step.lot!.id)! + 1_000;
            res = await api.editLot(step.lot!.id, step.lot!.accountId, original, `Edição ${original}`);
            if (res.status === 200) originals.set(step.lot!.id, Math.max(originals.get(step.lot!.id)!, original));
          } else {
            res = await api.deleteLot(step.lot!.id);
          }
          answers.push({ kind: step.kind, status: res.status, text: JSON.stringify(res.body).slice(0, 200) });
        }
      }),
    );

    const serverErrors = answers.filter((a) => a.status >= 500);
    expect(serverErrors.map((a) => `${a.kind} → ${a.status} ${a.text}`)).toEqual([]);
    const unexpected = answers.filter((a) => !allowed[a.kind]!.includes(a.status));
    expect(unexpected.map((a) => `${a.kind} → ${a.status} ${a.text}`)).toEqual([]);
    expect(answers).toHaveLength(48 * 6);
    await expectInvariants();
  }, 120_000);
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../tenant';
import { AGENCY_TABLES, agencies, client_figures, clients, loyalty_accounts, mile_lots, users } from '../schema';
import { createAgencyWithUser } from '../../testing/factories/agency.factory';
import { createTestDb } from '../../testing/test-db';
import type { DbHandle } from '../client';

let handle: DbHandle;
let a: string;
let b: string;

beforeAll(async () => {
  handle = await createTestDb();
  a = (await createAgencyWithUser(handle.db)).agency.id;
  b = (await createAgencyWithUser(handle.db)).agency.id;
  await handle.db.insert(clients).values([
    { agency_id: a, name: 'Cliente de A1' },
    { agency_id: a, name: 'Cliente de A2' },
    { agency_id: b, name: 'Cliente de B' },
  ]);
});
afterAll(() => handle.close());

describe('row-level security', () => {
  it('a query with no agency filter sees only its own agency', async () => {
    const seenByA = await withTenant(handle.db, a, (tx) =>
      tx.select({ name: clients.name }).from(clients).orderBy(clients.name),
    );
    expect(seenByA.map((r) => r.name)).toEqual(['Cliente de A1', 'Cliente de A2']);
    const seenByB = await withTenant(handle.db, b, (tx) => tx.select().from(clients));
    expect(seenByB.map((r) => r.name)).toEqual(['Cliente de B']);
    const agenciesSeen = await withTenant(handle.db, a, (tx) => tx.select({ id: agencies.id }).from(agencies));
    expect(agenciesSeen).toEqual([{ id: a }]);
    const usersSeen = await withTenant(handle.db, a, (tx) => tx.select({ agency: users.agency_id }).from(users));
    expect(usersSeen.every((u) => u.agency === a)).toBe(true);
  });

  it('runs as a role that is not superuser and cannot bypass RLS', async () => {
    const [role] = await withTenant(handle.db, a, async (tx) => {
      const res = await tx.execute(
        sql`SELECT current_user AS name, r.rolsuper, r.rolbypassrls FROM pg_roles r WHERE r.rolname = current_user`,
      );
      return (res as { rows: { name: string; rolsuper: boolean; rolbypassrls: boolean }[] }).rows;
    });
    expect(role).toEqual({ name: 'milheiro_app', rolsuper: false, rolbypassrls: false });
  });

  it("cannot update, delete or insert another agency's rows", async () => {
    await withTenant(handle.db, a, async (tx) => {
      const updated = await tx.update(clients).set({ name: 'Invadido' }).returning();
      expect(updated.every((r) => r.agency_id === a)).toBe(true);
      const deleted = await tx
        .delete(clients)
        .where(sql`${clients.name} = 'Cliente de B'`)
        .returning();
      expect(deleted).toHaveLength(0);
    });
    await expect(
      withTenant(handle.db, a, (tx) => tx.insert(clients).values({ agency_id: b, name: 'Plantado em B' })),
    ).rejects.toThrow();
    const bRows = await handle.db
      .select()
      .from(clients)
      .where(sql`${clients.agency_id} = ${b}`);
    expect(bRows.map((r) => r.name)).toEqual(['Cliente de B']);
  });

  it('covers every agency table: row-level security on, the agency_isolation policy, granted to the tenant role', async () => {
    const res = await handle.db.execute(sql`
      SELECT c.relname AS table, c.relrowsecurity AS rls,
        EXISTS (SELECT 1 FROM pg_policies p WHERE p.tablename = c.relname AND p.policyname = 'agency_isolation') AS policy,
        has_table_privilege('milheiro_app', c.oid, 'SELECT') AS granted
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname = ANY(${sql.raw(`ARRAY[${AGENCY_TABLES.map((t) => `'${t}'`).join(', ')}]`)})
      ORDER BY 1`);
    const rows = (res as { rows: { table: string; rls: boolean; policy: boolean; granted: boolean }[] }).rows;
    expect(rows.map((r) => r.table)).toEqual([...AGENCY_TABLES].sort());
    expect(rows.filter((r) => !r.rls || !r.policy || !r.granted)).toEqual([]);
  });

  it('without an agency set, nothing is visible', async () => {
    const rows = await handle.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL ROLE milheiro_app`);
      return tx.select().from(clients);
    });
    expect(rows).toHaveLength(0);
  });
});

describe('constraints', () => {
  it('holds remaining_quantity between 0 and original_quantity, and statuses within their sets', async () => {
    const [account] = await handle.db
      .insert(loyalty_accounts)
      .values({ agency_id: a, program: 'LATAM', account_number: '123' })
      .returning();
    const lot = {
      agency_id: a,
      account_id: account!.id,
      program: 'LATAM',
      account_number: '123',
      original_quantity: 1000,
      total_cost_cents: 1500,
      cost_per_thousand: '15.0000',
      purchase_date: '2026-01-01',
    };
    await expect(handle.db.insert(mile_lots).values({ ...lot, remaining_quantity: 1001 })).rejects.toThrow();
    await expect(handle.db.insert(mile_lots).values({ ...lot, remaining_quantity: -1 })).rejects.toThrow();
    await expect(
      handle.db.insert(mile_lots).values({ ...lot, remaining_quantity: 10, status: 'sumido' }),
    ).rejects.toThrow();
    await expect(
      handle.db.insert(loyalty_accounts).values({ agency_id: a, program: 'NOPE', account_number: '1' }),
    ).rejects.toThrow();
    await expect(handle.db.insert(clients).values({ agency_id: a, name: 'X', status: 'active' })).rejects.toThrow();
    await handle.db.insert(mile_lots).values({ ...lot, remaining_quantity: 1000 });
  });

  it("cannot point a lot at another agency's loyalty account", async () => {
    const [accountOfB] = await handle.db
      .insert(loyalty_accounts)
      .values({ agency_id: b, program: 'SMILES', account_number: '999' })
      .returning();
    await expect(
      handle.db.insert(mile_lots).values({
        agency_id: a,
        account_id: accountOfB!.id,
        program: 'SMILES',
        account_number: '999',
        original_quantity: 10,
        remaining_quantity: 10,
        total_cost_cents: 1,
        cost_per_thousand: '1',
        purchase_date: '2026-01-01',
      }),
    ).rejects.toThrow();
  });
});

describe("clients' emission totals follow their emissions", () => {
  it('counts, sums active revenue and moves with status changes and deletes', async () => {
    const { emissions } = await import('../schema');
    const { eq } = await import('drizzle-orm');
    const [client] = await handle.db
      .insert(clients)
      .values({ agency_id: a, name: 'José da Silva', email: 'JOSE@Exemplo.com', document: '52998224725' })
      .returning();
    const [account] = await handle.db
      .insert(loyalty_accounts)
      .values({ agency_id: a, client_id: client!.id, program: 'SMILES', account_number: 'S1' })
      .returning();
    const base = { agency_id: a, client_id: client!.id, account_id: account!.id, route: 'NAT-GRU', miles_used: 10000 };
    const [e1] = await handle.db
      .insert(emissions)
      .values({ ...base, revenue_cents: 100_00 })
      .returning();
    const [e2] = await handle.db
      .insert(emissions)
      .values({ ...base, revenue_cents: 250_50, status: 'issued' })
      .returning();
    const read = async () =>
      (await handle.db.select().from(client_figures).where(eq(client_figures.client_id, client!.id)))[0]!;
    expect(client!.search_text).toBe('jose da silva jose@exemplo.com 52998224725');
    expect(await read()).toMatchObject({ emissions_count: 2, active_emissions_count: 2, total_spent_cents: 350_50 });
    await handle.db.update(emissions).set({ status: 'cancelled' }).where(eq(emissions.id, e1!.id));
    // A cancelled emission is no longer counted (migration 0022).
    expect(await read()).toMatchObject({ emissions_count: 1, active_emissions_count: 1, total_spent_cents: 250_50 });
    await handle.db.update(emissions).set({ revenue_cents: 300_00 }).where(eq(emissions.id, e2!.id));
    expect((await read()).total_spent_cents).toBe(300_00);
    await handle.db.delete(emissions).where(eq(emissions.id, e2!.id));
    expect(await read()).toMatchObject({ emissions_count: 0, active_emissions_count: 0, total_spent_cents: 0 });
    await handle.db.update(emissions).set({ deleted_at: new Date().toISOString() }).where(eq(emissions.id, e1!.id));
    expect(await read()).toMatchObject({
      emissions_count: 0,
      active_emissions_count: 0,
      total_spent_cents: 0,
      last_emission_at: null,
    });
  });
});

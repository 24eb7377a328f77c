/**
 * The database's moving parts (#12: "the count of triggers and functions went down", writes kept
 * linear): the triggers, functions and indexes of schema public, read from the catalog of a freshly
 * migrated database. Every trigger works per statement over its transition tables, but the SLA
 * statistic's deferred one (one row per agency and transaction); the list below is what migration
 * 0021 left, so that adding a trigger or a function is a decision a review sees.
 *
 *   MOVING_PARTS=1 npx vitest run src/server/db/__tests__/moving-parts.test.ts   # prints the table
 *
 * (docs/performance.md, "Writes", shows it.)
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../testing/test-db';
import type { Db, DbHandle } from '../client';
import { rowsOf } from '../rows';

interface TableParts {
  table: string;
  triggers: number;
  trigger_functions: number;
  indexes: number;
}

/** Per table of schema public: its triggers (not those of foreign keys), the functions they run, its indexes. */
async function partsPerTable(db: Db): Promise<TableParts[]> {
  return rowsOf<TableParts>(
    await db.execute(sql`
      SELECT c.relname AS table,
        (SELECT count(*) FROM pg_trigger t WHERE t.tgrelid = c.oid AND NOT t.tgisinternal)::int AS triggers,
        (SELECT count(DISTINCT t.tgfoid) FROM pg_trigger t WHERE t.tgrelid = c.oid AND NOT t.tgisinternal)::int AS trigger_functions,
        (SELECT count(*) FROM pg_index i WHERE i.indrelid = c.oid)::int AS indexes
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
      ORDER BY c.relname`),
  );
}

/** The triggers of schema public: table, name, the function it runs, and whether it fires per row. */
async function triggers(db: Db): Promise<{ table: string; trigger: string; fn: string; per_row: boolean }[]> {
  return rowsOf(
    await db.execute(sql`
      SELECT c.relname AS table, t.tgname AS trigger, p.proname AS fn, (t.tgtype & 1) = 1 AS per_row
      FROM pg_trigger t
      JOIN pg_class c ON c.oid = t.tgrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_proc p ON p.oid = t.tgfoid
      WHERE n.nspname = 'public' AND NOT t.tgisinternal
      ORDER BY c.relname, t.tgname`),
  );
}

/** The functions of schema public, those of extensions (pg_trgm) left out. */
async function functions(db: Db): Promise<string[]> {
  const rows = rowsOf<{ fn: string }>(
    await db.execute(sql`
      SELECT p.proname AS fn
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public'
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
      ORDER BY 1`),
  );
  return rows.map((r) => r.fn);
}

describe('moving parts', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('one trigger per table and event for each kept structure, each per statement', async () => {
    const all = await triggers(handle.db);
    expect(all.filter((t) => t.per_row).map((t) => t.trigger)).toEqual(['emission_sla_stats_settle']);
    expect(all.map((t) => `${t.table}.${t.trigger} → ${t.fn}`)).toEqual([
      'clients.clients_kept_delete → clients_kept_follow',
      'clients.clients_kept_insert → clients_kept_follow',
      'clients.clients_kept_update → clients_kept_follow',
      'emission_sla_stats.emission_sla_stats_settle → emission_sla_settle',
      'emissions.emissions_kept_delete → emissions_kept_follow',
      'emissions.emissions_kept_insert → emissions_kept_follow',
      'emissions.emissions_kept_update → emissions_kept_follow',
      'financial_entries.financial_entries_kept_delete → financial_entries_kept_follow',
      'financial_entries.financial_entries_kept_insert → financial_entries_kept_follow',
      'financial_entries.financial_entries_kept_update → financial_entries_kept_follow',
      'mile_lots.mile_lots_kept_delete → mile_lots_kept_follow',
      'mile_lots.mile_lots_kept_insert → mile_lots_kept_follow',
      'mile_lots.mile_lots_kept_update → mile_lots_kept_follow',
    ]);
  });

  it('the functions: sessions and sign-in, the triggers and what they call, the SLA statistic', async () => {
    expect(await functions(handle.db)).toEqual([
      // Sessions and sign-in (migration 0015), run as their owner; invitations (0032), the second
      // factor and password recovery (0033), an anonymised client's audit lines (0034).
      'app_accept_invitation',
      'app_attempt_open',
      'app_current_agency',
      'app_email_registered',
      'app_enter_session',
      'app_invitation_preview',
      'app_mfa_begin',
      'app_mfa_finish',
      'app_needs_setup',
      'app_open_session',
      'app_password_forgot',
      'app_password_reset',
      'app_password_reset_state',
      'app_prune_auth',
      'app_redact_client_activity',
      'app_sign_in_begin',
      'app_sign_in_finish',
      'app_sign_out',
      'app_sign_up',
      // A client's figures row follows it and its emissions; client_totals follows both.
      'client_figures_sync',
      'client_totals_apply_deltas',
      'client_totals_stripe',
      'clients_apply_figures',
      'clients_kept_follow',
      // The finance figures per day (migration 0024): a posted emission's sums and share, their applier.
      'emission_days_add',
      'emission_posted',
      'emission_postings_sync',
      // The SLA statistic, recomputed once per transaction (migration 0017).
      'emission_sla_current',
      'emission_sla_mark',
      'emission_sla_refresh',
      'emission_sla_settle',
      // Emissions' and lots' one trigger function each (migration 0021), and their appliers.
      'emission_totals_apply_deltas',
      'emissions_kept_follow',
      // The postings' one trigger function (migration 0024).
      'financial_entries_kept_follow',
      // Writes the static <table>_apply_deltas appliers (migration 0017); run by migrations only.
      'kept_counters_define',
      'lot_search_text_of',
      'lot_totals_apply_deltas',
      'mile_lots_kept_follow',
      // The reconciliation's verdict on an emission and what its client owes (migration 0024).
      'reconciliation_discrepant',
      'reconciliation_outstanding',
    ]);
  });

  it('no trigger on client_figures: its two writers move client_totals themselves', async () => {
    const parts = await partsPerTable(handle.db);
    expect(parts.find((p) => p.table === 'client_figures')).toMatchObject({ triggers: 0, indexes: 3 });
    if (process.env.MOVING_PARTS) {
      const sum = (key: 'triggers' | 'indexes') => parts.reduce((s, p) => s + p[key], 0);
      const triggerFunctions = new Set((await triggers(handle.db)).map((t) => t.fn)).size;
      const lines = [
        '| table | triggers | trigger functions | indexes |',
        '|---|---|---|---|',
        ...parts.map((p) => `| ${p.table} | ${p.triggers} | ${p.trigger_functions} | ${p.indexes} |`),
        `| **all ${parts.length} tables** | **${sum('triggers')}** | **${triggerFunctions}** | **${sum('indexes')}** |`,
        `functions in schema public (pg_trgm's left out): ${(await functions(handle.db)).length}`,
      ];
      console.log(lines.join('\n'));
    }
  });
});

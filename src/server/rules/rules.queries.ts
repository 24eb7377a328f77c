import { and, asc, eq, sql } from 'drizzle-orm';
import type { Rule } from '../../domain/rules/rule.schema';
import type { Db } from '../db/client';
import { program_rules } from '../db/schema';

const columns = {
  id: program_rules.id,
  program: program_rules.program,
  min_margin_cents: program_rules.min_margin_cents,
  min_margin_percent: program_rules.min_margin_percent,
  default_rav_cents: program_rules.default_rav_cents,
  cpm_cap: program_rules.cpm_cap,
  sla_target_hours: program_rules.sla_target_hours,
  created_at: program_rules.created_at,
  updated_at: program_rules.updated_at,
};

/** What a write stores: every value of the rule but its program, which never changes. */
export interface RuleValues {
  min_margin_cents: number;
  min_margin_percent: string;
  default_rav_cents: number;
  cpm_cap: string | null;
  sla_target_hours: number;
}

/**
 * The agency's rule for one program (margins, RAV, SLA target, CPM cap), or null when it has set
 * none: callers then use RULE_DEFAULTS through effectiveRule (src/domain/rules/rule.schema.ts).
 */
export async function getProgramRule(db: Db, { agencyId, program }: { agencyId: string; program: string }) {
  const [row] = await db
    .select({
      min_margin_cents: program_rules.min_margin_cents,
      min_margin_percent: program_rules.min_margin_percent,
      default_rav_cents: program_rules.default_rav_cents,
      sla_target_hours: program_rules.sla_target_hours,
      cpm_cap: program_rules.cpm_cap,
    })
    .from(program_rules)
    .where(and(eq(program_rules.agency_id, agencyId), eq(program_rules.program, program)));
  return row ?? null;
}

export function getRules(db: Db, { agencyId }: { agencyId: string }): Promise<Rule[]> {
  return db
    .select(columns)
    .from(program_rules)
    .where(eq(program_rules.agency_id, agencyId))
    .orderBy(asc(program_rules.program));
}

export async function getRule(db: Db, { agencyId, id }: { agencyId: string; id: string }): Promise<Rule | null> {
  const [row] = await db
    .select(columns)
    .from(program_rules)
    .where(and(eq(program_rules.agency_id, agencyId), eq(program_rules.id, id)));
  return row ?? null;
}

/** The rule, locked for the rest of the transaction (an edit or delete racing with another). */
export async function lockRule(db: Db, { agencyId, id }: { agencyId: string; id: string }): Promise<Rule | null> {
  const [row] = await db
    .select(columns)
    .from(program_rules)
    .where(and(eq(program_rules.agency_id, agencyId), eq(program_rules.id, id)))
    .for('update');
  return row ?? null;
}

/**
 * Inserts the program's rule; null when the agency already has one for it (the unique index
 * program_rules_agency_program_key decides, so two racing requests cannot both win, and the
 * transaction is not aborted by a unique violation).
 */
export async function insertRule(
  db: Db,
  { agencyId, program, values }: { agencyId: string; program: string; values: RuleValues },
): Promise<string | null> {
  const [row] = await db
    .insert(program_rules)
    .values({ agency_id: agencyId, program, ...values })
    .onConflictDoNothing({ target: [program_rules.agency_id, program_rules.program] })
    .returning({ id: program_rules.id });
  return row?.id ?? null;
}

export async function updateRuleRow(
  db: Db,
  { agencyId, id, values }: { agencyId: string; id: string; values: RuleValues },
): Promise<void> {
  await db
    .update(program_rules)
    .set({ ...values, updated_at: sql`now()` })
    .where(and(eq(program_rules.agency_id, agencyId), eq(program_rules.id, id)));
}

export async function deleteRuleRow(db: Db, { agencyId, id }: { agencyId: string; id: string }): Promise<void> {
  await db.delete(program_rules).where(and(eq(program_rules.agency_id, agencyId), eq(program_rules.id, id)));
}

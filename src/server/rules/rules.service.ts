import { formatCents, formatNumber, todayIso } from '../../domain/format';
import { programName } from '../../domain/programs';
import {
  RULE_DEFAULTS,
  RULE_MESSAGES,
  RULE_PROGRAMS,
  ruleInputSchema,
  ruleUpdateSchema,
  type Rule,
  type RuleInput,
  type RuleList,
} from '../../domain/rules/rule.schema';
import { diffFields } from '../../domain/audit/audit.rules';
import type { AuditChanges } from '../../domain/audit/audit.schema';
import { recordActivity } from '../activity/activity.queries';
import { scanAlerts } from '../alerts/alerts.service';
import type { Db } from '../db/client';
import { validationError } from '../http/errors';
import { paged } from '../http/paged';
import { parseOrThrow } from '../http/validate';
import { ruleNotFound } from './rules.errors';
import {
  deleteRuleRow,
  getRule,
  getRules,
  insertRule,
  lockRule,
  updateRuleRow,
  type RuleValues,
} from './rules.queries';

interface Actor {
  agencyId: string;
  userId: string | null;
}

const valuesOf = (input: Omit<RuleInput, 'program'>): RuleValues => ({
  min_margin_cents: input.min_margin_cents,
  min_margin_percent: input.min_margin_percent,
  default_rav_cents: input.default_rav_cents,
  cpm_cap: input.cpm_cap,
  sla_target_hours: input.sla_target_hours,
});

const CHANGED = { created: 'criada', updated: 'atualizada', deleted: 'excluída' } as const;

const AUDITED_FIELDS = [
  'min_margin_cents',
  'min_margin_percent',
  'default_rav_cents',
  'cpm_cap',
  'sla_target_hours',
] as const satisfies readonly (keyof RuleValues)[];

/** A rule's audited values; numeric text compared as numbers ("12" and "12.00" are one margin). */
const auditedRule = (rule: RuleValues) => ({
  ...rule,
  min_margin_percent: Number(rule.min_margin_percent),
  cpm_cap: rule.cpm_cap === null ? null : Number(rule.cpm_cap),
});

/** "Regra LATAM Pass atualizada: margem mín. R$ 50,00 / 12%, RAV R$ 0,00, CPM máx. 28, SLA 24 h". */
function recordRuleChange(
  db: Db,
  actor: Actor,
  change: keyof typeof CHANGED,
  rule: { id: string; program: string } & RuleValues,
  changes?: AuditChanges | null,
) {
  const cap = rule.cpm_cap === null ? 'sem CPM máx.' : `CPM máx. ${formatNumber(Number(rule.cpm_cap))}`;
  const detail =
    change === 'deleted'
      ? ''
      : `: margem mín. ${formatCents(rule.min_margin_cents)} / ${formatNumber(Number(rule.min_margin_percent))}%, ` +
        `RAV ${formatCents(rule.default_rav_cents)}, ${cap}, SLA ${formatNumber(rule.sla_target_hours)} h`;
  return recordActivity(db, {
    ...actor,
    kind: `rule_${change}`,
    description: `Regra ${programName(rule.program)} ${CHANGED[change]}${detail}`,
    refType: 'rule',
    refId: rule.id,
    changes,
  });
}

/** A new minimum margin or SLA target: the agency's emission alerts follow at once, in the same transaction. */
async function followRule(db: Db, agencyId: string) {
  await scanAlerts(db, { agencyId, today: todayIso(), now: new Date().toISOString() });
}

export async function listRules(db: Db, agencyId: string): Promise<RuleList> {
  const rows = await getRules(db, { agencyId });
  return { ...paged(rows, rows.length, { page: 1, limit: RULE_PROGRAMS.length + 1 }), defaults: RULE_DEFAULTS };
}

export async function getRuleDetail(db: Db, { agencyId, id }: { agencyId: string; id: string }): Promise<Rule> {
  const row = await getRule(db, { agencyId, id });
  if (!row) throw ruleNotFound();
  return row;
}

/** A program's rule, with its activity line, in the request's transaction; one per program. */
export async function createRule(db: Db, actor: Actor, body: unknown): Promise<Rule> {
  const input = parseOrThrow(ruleInputSchema, body);
  const values = valuesOf(input);
  const id = await insertRule(db, { agencyId: actor.agencyId, program: input.program, values });
  if (id === null) throw validationError({ program: RULE_MESSAGES.programTaken });
  await recordRuleChange(db, actor, 'created', { id, program: input.program, ...values });
  await followRule(db, actor.agencyId);
  return getRuleDetail(db, { agencyId: actor.agencyId, id });
}

/** Saves the rule's values; its program stays (a body naming another one is refused on `program`). */
export async function updateRule(db: Db, actor: Actor, id: string, body: unknown): Promise<Rule> {
  const existing = await lockRule(db, { agencyId: actor.agencyId, id });
  if (!existing) throw ruleNotFound();
  const input = parseOrThrow(ruleUpdateSchema, body);
  if (input.program !== undefined && input.program !== existing.program) {
    throw validationError({ program: RULE_MESSAGES.programLocked });
  }
  const values = valuesOf(input);
  await updateRuleRow(db, { agencyId: actor.agencyId, id, values });
  const changes = diffFields(auditedRule(existing), auditedRule(values), AUDITED_FIELDS);
  await recordRuleChange(db, actor, 'updated', { id, program: existing.program, ...values }, changes);
  await followRule(db, actor.agencyId);
  return getRuleDetail(db, { agencyId: actor.agencyId, id });
}

/** The program goes back to RULE_DEFAULTS. */
export async function deleteRule(db: Db, actor: Actor, id: string): Promise<void> {
  const existing = await lockRule(db, { agencyId: actor.agencyId, id });
  if (!existing) throw ruleNotFound();
  await deleteRuleRow(db, { agencyId: actor.agencyId, id });
  await recordRuleChange(db, actor, 'deleted', existing);
  await followRule(db, actor.agencyId);
}

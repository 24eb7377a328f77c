import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldPath, Resolver } from 'react-hook-form';
import { centsToInput } from '@domain/money';
import {
  programsWithoutRule,
  RULE_DEFAULTS,
  ruleInputSchema,
  type Rule,
  type RuleInput,
  type RuleProgram,
} from '@domain/rules/rule.schema';

/** What the rule form's inputs hold: amounts and numbers as typed, '' for empty. */
export interface RuleFormState {
  program: RuleProgram | '';
  min_margin_cents: string;
  min_margin_percent: string;
  default_rav_cents: string;
  cpm_cap: string;
  sla_target_hours: string;
}

/** The fields the server's messages may land on. */
export const RULE_FORM_FIELDS = [
  'program',
  'min_margin_cents',
  'min_margin_percent',
  'default_rav_cents',
  'cpm_cap',
  'sla_target_hours',
] as const satisfies readonly FieldPath<RuleFormState>[];

/** "12.50" → "12,5", "28.0000" → "28": stored numeric text as a Brazilian reader types it. */
export function decimalToInput(text: string | null): string {
  if (text === null) return '';
  const [int = '0', frac = ''] = text.split('.');
  const kept = frac.replace(/0+$/, '');
  return kept ? `${int},${kept}` : int;
}

/** The rule's values, or the spec's defaults (§9) for a new one, for the first programme still free. */
export function toRuleFormState(rule: Rule | null, existing: readonly Pick<Rule, 'program'>[]): RuleFormState {
  if (!rule) {
    return {
      program: programsWithoutRule(existing)[0] ?? '',
      min_margin_cents: centsToInput(RULE_DEFAULTS.min_margin_cents),
      min_margin_percent: decimalToInput(RULE_DEFAULTS.min_margin_percent),
      default_rav_cents: centsToInput(RULE_DEFAULTS.default_rav_cents),
      cpm_cap: '',
      sla_target_hours: String(RULE_DEFAULTS.sla_target_hours),
    };
  }
  return {
    program: rule.program as RuleProgram,
    min_margin_cents: centsToInput(rule.min_margin_cents),
    min_margin_percent: decimalToInput(rule.min_margin_percent),
    default_rav_cents: centsToInput(rule.default_rav_cents),
    cpm_cap: decimalToInput(rule.cpm_cap),
    sla_target_hours: String(rule.sla_target_hours),
  };
}

/** The form validates with the schema the API re-parses (STYLE.md habit 1). */
export const ruleFormResolver = zodResolver(ruleInputSchema) as unknown as Resolver<RuleFormState, unknown, RuleInput>;

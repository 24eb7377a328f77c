import { refuse, z } from '../zod';
import { parseBRLToCents, type Cents } from '../money';
import type { ProgramKey } from '../programs';
import { centsSchema, idSchema, pagedSchema, timestampSchema } from '../response.schema';

/*
 * Program rules (spec part 2 §2 "/regras", §3 program_rules, §5 "Program rule form", §9 "Alerts
 * and rules"; issue #15 "Rules"): per program, the minimum margin in R$ and in %, the default
 * RAV, an optional CPM cap and the SLA target. A program without a rule uses RULE_DEFAULTS
 * everywhere (the wizard's margin alert and 'Alto CPMM' badge, the emission SLA target).
 */

/** Spec part 2 §9: the programmes offered in rules, in the spec's order (LifeMiles is not among them). */
export const RULE_PROGRAMS = [
  'LATAM',
  'AZUL',
  'SMILES',
  'TAP',
  'UNITED',
  'AMERICAN',
  'IBERIA',
  'QATAR',
  'OTHER',
] as const satisfies readonly ProgramKey[];
export type RuleProgram = (typeof RULE_PROGRAMS)[number];

/** Spec part 2 §9: "Default SLA in a new rule 24 h; default minimum margin 10 percent; default minimum R$ 0; default RAV R$ 0." */
export const RULE_DEFAULT_MIN_MARGIN_CENTS: Cents = 0;
export const RULE_DEFAULT_MIN_MARGIN_PERCENT = '10.00';
export const RULE_DEFAULT_RAV_CENTS: Cents = 0;
export const RULE_DEFAULT_SLA_TARGET_HOURS = 24;

/** What a program without a rule uses, and what a new rule's form starts from. */
export const RULE_DEFAULTS = {
  min_margin_cents: RULE_DEFAULT_MIN_MARGIN_CENTS,
  min_margin_percent: RULE_DEFAULT_MIN_MARGIN_PERCENT,
  default_rav_cents: RULE_DEFAULT_RAV_CENTS,
  cpm_cap: null,
  sla_target_hours: RULE_DEFAULT_SLA_TARGET_HOURS,
} as const satisfies EffectiveRule;

/** A program's rule as the rest of the app reads it: its own, or the defaults. */
export interface EffectiveRule {
  min_margin_cents: Cents;
  /** Numeric text with 2 places, "10.00". */
  min_margin_percent: string;
  default_rav_cents: Cents;
  /** R$ per thousand miles, numeric text; null: no cap. */
  cpm_cap: string | null;
  sla_target_hours: number;
}

/** The rule's values, or the defaults for a program without one. */
export function effectiveRule(rule: Partial<EffectiveRule> | null | undefined): EffectiveRule {
  if (!rule) return { ...RULE_DEFAULTS };
  return {
    min_margin_cents: rule.min_margin_cents ?? RULE_DEFAULTS.min_margin_cents,
    min_margin_percent: rule.min_margin_percent ?? RULE_DEFAULTS.min_margin_percent,
    default_rav_cents: rule.default_rav_cents ?? RULE_DEFAULTS.default_rav_cents,
    cpm_cap: rule.cpm_cap ?? null,
    sla_target_hours: rule.sla_target_hours ?? RULE_DEFAULTS.sla_target_hours,
  };
}

/** Above these a value is a typing slip, not a rule. */
export const RULE_MONEY_MAX_CENTS: Cents = 10_000_000_000;
export const RULE_PERCENT_MAX = 100;
/** R$ per thousand miles. */
export const RULE_CPM_CAP_MAX = 100_000;
/** One year. */
export const RULE_SLA_MAX_HOURS = 8760;

export const RULE_MESSAGES = {
  program: 'Selecione um programa válido',
  programTaken: 'Já existe uma regra para este programa',
  programLocked: 'O programa de uma regra não pode ser alterado',
  minMarginRequired: 'Informe a margem mínima em R$',
  minMarginInvalid: 'Margem mínima (R$) deve ser um número ≥ 0',
  minMarginMax: 'Margem mínima (R$) acima do máximo permitido',
  percentRequired: 'Informe a margem mínima em %',
  percentInvalid: 'Margem mínima (%) deve ser um número ≥ 0',
  percentMax: `Margem mínima (%) deve ser no máximo ${RULE_PERCENT_MAX}%`,
  percentDecimals: 'Use no máximo 2 casas decimais',
  ravRequired: 'Informe o RAV padrão',
  ravInvalid: 'RAV padrão deve ser um número ≥ 0',
  ravMax: 'RAV padrão acima do máximo permitido',
  cpmInvalid: 'CPM máximo deve ser um número maior que 0',
  cpmPositive: 'CPM máximo deve ser maior que 0',
  cpmMax: 'CPM máximo acima do permitido',
  cpmDecimals: 'Use no máximo 4 casas decimais',
  slaRequired: 'Informe a meta de SLA em horas',
  slaInvalid: 'Meta de SLA deve ser um número inteiro de horas',
  slaMin: 'Meta de SLA deve ser de pelo menos 1 hora',
  slaMax: `Meta de SLA deve ser no máximo ${RULE_SLA_MAX_HOURS} horas`,
  notFound: 'Regra não encontrada.',
} as const;

const M = RULE_MESSAGES;

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** R$ as typed ("50,00", "R$ 1.234,56") or centavos (a number): required, ≥ 0. */
function moneySchema(messages: { required: string; invalid: string; max: string }) {
  return z
    .union([z.string(), z.number()], { error: (iss) => (isBlank(iss.input) ? messages.required : messages.invalid) })
    .transform((v, ctx): Cents => {
      if (isBlank(v)) return refuse(ctx, messages.required);
      const cents = typeof v === 'number' ? (Number.isSafeInteger(v) ? v : null) : parseBRLToCents(v);
      if (cents === null || cents < 0) return refuse(ctx, messages.invalid);
      if (cents > RULE_MONEY_MAX_CENTS) return refuse(ctx, messages.max);
      return cents;
    });
}

const DECIMAL_RE = /^(-?)(\d+)(?:[.,](\d*))?$/;

/**
 * A decimal as typed ("12,5", "12.5") or a number → numeric text with `places` places ("12.50"),
 * exact (no binary floating point on the way to PostgreSQL). No thousands separators: at these
 * scales "1.234" would only be a slip.
 */
function parseDecimal(
  v: string | number,
  places: number,
): { ok: true; text: string; scaled: bigint } | { ok: false; why: 'invalid' | 'negative' | 'decimals' } {
  const s = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : v.trim();
  if (/e/i.test(s)) return { ok: false, why: 'invalid' };
  const m = DECIMAL_RE.exec(s);
  if (!m) return { ok: false, why: 'invalid' };
  const frac = (m[3] ?? '').replace(/0+$/, '');
  if (m[1] === '-' && /[1-9]/.test(m[2]! + frac)) return { ok: false, why: 'negative' };
  if (frac.length > places) return { ok: false, why: 'decimals' };
  const scaled = BigInt(m[2]! + frac.padEnd(places, '0'));
  const digits = scaled.toString().padStart(places + 1, '0');
  return { ok: true, text: `${digits.slice(0, -places)}.${digits.slice(-places)}`, scaled };
}

const percentSchema = z
  .union([z.string(), z.number()], { error: (iss) => (isBlank(iss.input) ? M.percentRequired : M.percentInvalid) })
  .transform((v, ctx): string => {
    if (isBlank(v)) return refuse(ctx, M.percentRequired);
    const d = parseDecimal(v, 2);
    if (!d.ok) return refuse(ctx, d.why === 'decimals' ? M.percentDecimals : M.percentInvalid);
    if (d.scaled > BigInt(RULE_PERCENT_MAX * 100)) return refuse(ctx, M.percentMax);
    return d.text;
  });

/** R$ per thousand miles, or none ('' and null: no cap). */
const cpmCapSchema = z
  .union([z.string(), z.number()], { error: M.cpmInvalid })
  .nullable()
  .optional()
  .transform((v, ctx): string | null => {
    if (v === undefined || isBlank(v)) return null;
    const d = parseDecimal(v as string | number, 4);
    if (!d.ok)
      return refuse(ctx, d.why === 'decimals' ? M.cpmDecimals : d.why === 'negative' ? M.cpmPositive : M.cpmInvalid);
    if (d.scaled === 0n) return refuse(ctx, M.cpmPositive);
    if (d.scaled > BigInt(RULE_CPM_CAP_MAX) * 10_000n) return refuse(ctx, M.cpmMax);
    return d.text;
  });

const slaSchema = z
  .union([z.string(), z.number()], { error: (iss) => (isBlank(iss.input) ? M.slaRequired : M.slaInvalid) })
  .transform((v, ctx): number => {
    if (isBlank(v)) return refuse(ctx, M.slaRequired);
    const s = typeof v === 'number' ? (Number.isInteger(v) ? String(v) : '') : v.trim();
    const m = /^(-?)(\d+)$/.exec(s);
    if (!m) return refuse(ctx, M.slaInvalid);
    if (m[1] === '-' || BigInt(m[2]!) < 1n) return refuse(ctx, M.slaMin);
    if (BigInt(m[2]!) > BigInt(RULE_SLA_MAX_HOURS)) return refuse(ctx, M.slaMax);
    return Number(m[2]);
  });

const valuesShape = {
  min_margin_cents: moneySchema({ required: M.minMarginRequired, invalid: M.minMarginInvalid, max: M.minMarginMax }),
  min_margin_percent: percentSchema,
  default_rav_cents: moneySchema({ required: M.ravRequired, invalid: M.ravInvalid, max: M.ravMax }),
  cpm_cap: cpmCapSchema,
  sla_target_hours: slaSchema,
};

/**
 * POST /api/v1/rules and the rule form. Parsing is idempotent: the web may send what was typed
 * ("50,00", "12,5") or what the form already parsed (centavos, "12.50").
 */
export const ruleInputSchema = z.object({
  program: z.enum(RULE_PROGRAMS, { error: M.program }),
  ...valuesShape,
});
export type RuleInput = z.output<typeof ruleInputSchema>;
export type RuleFormValues = z.input<typeof ruleInputSchema>;

/**
 * PUT /api/v1/rules/:id: the values, and the program only as it is (a different one is refused
 * by the server with RULE_MESSAGES.programLocked, since that needs the stored rule).
 */
export const ruleUpdateSchema = z.object({
  program: z.enum(RULE_PROGRAMS, { error: M.program }).optional(),
  ...valuesShape,
});
export type RuleUpdate = z.output<typeof ruleUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Answers

export const ruleSchema = z.object({
  id: idSchema,
  program: z.string(),
  min_margin_cents: centsSchema,
  /** Numeric text with 2 places: "10.00". */
  min_margin_percent: z.string(),
  default_rav_cents: centsSchema,
  /** R$ per thousand miles, numeric text with 4 places; null: no cap. */
  cpm_cap: z.string().nullable(),
  sla_target_hours: z.number().int(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Rule = z.infer<typeof ruleSchema>;

/** GET /api/v1/rules: every rule of the agency (one per program at most), by program. */
export const ruleListSchema = pagedSchema(ruleSchema).extend({
  /** What a program without a rule uses (spec part 2 §9). */
  defaults: z.object({
    min_margin_cents: centsSchema,
    min_margin_percent: z.string(),
    default_rav_cents: centsSchema,
    cpm_cap: z.null(),
    sla_target_hours: z.number().int(),
  }),
});
export type RuleList = z.infer<typeof ruleListSchema>;

/** The programmes a new rule may still be for: those offered (spec §9) without a rule yet. */
export function programsWithoutRule(rules: readonly Pick<Rule, 'program'>[]): RuleProgram[] {
  const taken = new Set(rules.map((r) => r.program));
  return RULE_PROGRAMS.filter((p) => !taken.has(p));
}

/** Spec part 2 §8. */
export const RULE_TEXTS = {
  created: { title: 'Regra criada', description: 'A regra do programa foi criada.' },
  updated: { title: 'Regra atualizada', description: 'A regra do programa foi atualizada.' },
  deleted: { title: 'Regra excluída', description: 'O programa volta a usar os valores padrão.' },
  createError: 'Erro ao criar regra',
  updateError: 'Erro ao atualizar regra',
  deleteError: 'Erro ao excluir regra',
  confirmDelete: 'Tem certeza que deseja excluir esta regra?',
} as const;

import { describe, expect, it } from 'vitest';
import { effectiveRule, programsWithoutRule, RULE_DEFAULTS, RULE_MESSAGES, ruleInputSchema } from '../rule.schema';

const valid = {
  program: 'LATAM',
  min_margin_cents: '1.234,56',
  min_margin_percent: '12,5',
  default_rav_cents: 5000,
  cpm_cap: '28,75',
  sla_target_hours: '24',
};

const fieldsOf = (body: unknown) => {
  const r = ruleInputSchema.safeParse(body);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('ruleInputSchema', () => {
  it('reads what is typed into exact values, and is idempotent', () => {
    const parsed = ruleInputSchema.parse(valid);
    expect(parsed).toEqual({
      program: 'LATAM',
      min_margin_cents: 123_456,
      min_margin_percent: '12.50',
      default_rav_cents: 5000,
      cpm_cap: '28.7500',
      sla_target_hours: 24,
    });
    expect(ruleInputSchema.parse(parsed)).toEqual(parsed);
    expect(ruleInputSchema.parse({ ...valid, cpm_cap: '' }).cpm_cap).toBeNull();
    expect(ruleInputSchema.parse({ ...valid, cpm_cap: null }).cpm_cap).toBeNull();
    expect(ruleInputSchema.parse({ ...valid, min_margin_percent: 0, min_margin_cents: 0 })).toMatchObject({
      min_margin_percent: '0.00',
      min_margin_cents: 0,
    });
  });

  it.each([
    [{ sla_target_hours: 0 }, 'sla_target_hours', RULE_MESSAGES.slaMin],
    [{ sla_target_hours: '12h' }, 'sla_target_hours', RULE_MESSAGES.slaInvalid],
    [{ sla_target_hours: 9000 }, 'sla_target_hours', RULE_MESSAGES.slaMax],
    [{ min_margin_cents: -1 }, 'min_margin_cents', RULE_MESSAGES.minMarginInvalid],
    [{ min_margin_cents: 1.5 }, 'min_margin_cents', RULE_MESSAGES.minMarginInvalid],
    [{ min_margin_percent: '12,345' }, 'min_margin_percent', RULE_MESSAGES.percentDecimals],
    [{ min_margin_percent: '1e2' }, 'min_margin_percent', RULE_MESSAGES.percentInvalid],
    [{ min_margin_percent: Number.NaN }, 'min_margin_percent', RULE_MESSAGES.percentInvalid],
    [{ default_rav_cents: '' }, 'default_rav_cents', RULE_MESSAGES.ravRequired],
    [{ cpm_cap: '0,00' }, 'cpm_cap', RULE_MESSAGES.cpmPositive],
    [{ cpm_cap: '1,23456' }, 'cpm_cap', RULE_MESSAGES.cpmDecimals],
    [{ program: 'AVIANCA' }, 'program', RULE_MESSAGES.program],
    [{ program: '' }, 'program', RULE_MESSAGES.program],
  ])('%o → %s: %s', (overrides, field, message) => {
    expect(fieldsOf({ ...valid, ...overrides })).toEqual({ [field]: message });
  });
});

describe('defaults and programmes', () => {
  it('a programme without a rule uses the spec §9 defaults', () => {
    expect(effectiveRule(null)).toEqual({
      min_margin_cents: 0,
      min_margin_percent: '10.00',
      default_rav_cents: 0,
      cpm_cap: null,
      sla_target_hours: 24,
    });
    expect(effectiveRule({ ...RULE_DEFAULTS, cpm_cap: '20.0000', sla_target_hours: 6 })).toMatchObject({
      cpm_cap: '20.0000',
      sla_target_hours: 6,
    });
  });

  it('offers only the programmes without a rule, in the spec order', () => {
    expect(programsWithoutRule([{ program: 'SMILES' }, { program: 'LATAM' }])).toEqual([
      'AZUL',
      'TAP',
      'UNITED',
      'AMERICAN',
      'IBERIA',
      'QATAR',
      'OTHER',
    ]);
  });
});

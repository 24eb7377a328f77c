import { describe, expect, it } from 'vitest';
import { makeTransferInputSchema, ratioSchema, bonusPercentSchema, TRANSFER_MESSAGES as M } from '../transfer.schema';

const today = () => '2026-03-15';
const schema = makeTransferInputSchema(today);
const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const valid = {
  source_account_id: id(1),
  destination_account_id: id(2),
  points: '100000',
  bonus_percent: '100',
  base_credit_date: '2026-03-15',
  bonus_credit_date: '2026-03-30',
};
const errors = (body: Record<string, unknown>) => {
  const r = schema.safeParse(body);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('transfer input', () => {
  it('reads the form as typed, defaulting the transfer date to today and the ratio to the agency’s', () => {
    expect(schema.parse({ ...valid, extra_cost_cents: 'R$ 1.234,56', notes: ' ' })).toMatchObject({
      points: 100_000,
      ratio: null,
      bonus_percent: 100,
      transfer_date: '2026-03-15',
      extra_cost_cents: 123_456,
      notes: null,
    });
    expect(schema.parse({ ...valid, ratio: '0,5', bonus_percent: '', bonus_credit_date: '' })).toMatchObject({
      ratio: '0.5000',
      bonus_percent: 0,
      bonus_credit_date: null,
    });
  });

  it('says what is wrong with each field', () => {
    expect(errors({ ...valid, points: '' })).toEqual({ points: M.pointsRequired });
    expect(errors({ ...valid, points: '-5' })).toEqual({ points: M.pointsPositive });
    expect(errors({ ...valid, points: '1.000' })).toEqual({ points: M.pointsDigits });
    expect(errors({ ...valid, points: 1_000_000_001 })).toEqual({ points: M.pointsMax });
    expect(errors({ ...valid, source_account_id: '' })).toEqual({ source_account_id: M.sourceRequired });
    expect(errors({ ...valid, destination_account_id: 'x' })).toEqual({ destination_account_id: M.destinationInvalid });
    expect(errors({ ...valid, destination_account_id: id(1) })).toEqual({ destination_account_id: M.sameAccount });
    expect(errors({ ...valid, base_credit_date: '' })).toEqual({ base_credit_date: M.baseDateRequired });
    expect(errors({ ...valid, base_credit_date: '2026-02-31' })).toEqual({ base_credit_date: M.baseDateInvalid });
    expect(errors({ ...valid, bonus_credit_date: '2026-03-14' })).toEqual({
      bonus_credit_date: M.creditBeforeTransfer,
    });
    expect(errors({ ...valid, bonus_credit_date: null })).toEqual({ bonus_credit_date: M.bonusDateRequired });
    expect(errors({ ...valid, transfer_date: '2026-03-16' })).toEqual({ transfer_date: M.transferDateFuture });
    expect(errors({ ...valid, transfer_date: '2026-03-10', base_credit_date: '2026-03-09' })).toEqual({
      base_credit_date: M.creditBeforeTransfer,
    });
    expect(errors({ ...valid, extra_cost_cents: '1,2,3' })).toEqual({ extra_cost_cents: M.extraCostInvalid });
    expect(errors({ ...valid, notes: 'x'.repeat(2001) })).toEqual({ notes: M.notesTooLong });
  });

  it('ratios: positive decimals up to 100 miles per point; bonus: whole 0 to 300 %', () => {
    expect(ratioSchema.parse('1')).toBe('1.0000');
    expect(ratioSchema.parse(0.5)).toBe('0.5000');
    expect(ratioSchema.parse('')).toBeNull();
    expect(ratioSchema.safeParse('0').error?.issues[0]?.message).toBe(M.ratioPositive);
    expect(ratioSchema.safeParse('101').error?.issues[0]?.message).toBe(M.ratioMax);
    expect(ratioSchema.safeParse('1:1').error?.issues[0]?.message).toBe(M.ratioInvalid);
    expect(bonusPercentSchema.parse('100%')).toBe(100);
    expect(bonusPercentSchema.parse(300)).toBe(300);
    expect(bonusPercentSchema.safeParse(301).error?.issues[0]?.message).toBe(M.bonusRange);
    expect(bonusPercentSchema.safeParse('-1').error?.issues[0]?.message).toBe(M.bonusRange);
    expect(bonusPercentSchema.safeParse('12,5').error?.issues[0]?.message).toBe(M.bonusInvalid);
  });
});

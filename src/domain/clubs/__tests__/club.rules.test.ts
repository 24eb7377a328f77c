import { describe, expect, it } from 'vitest';
import { clubBillingDate, clubChargesDue, clubStatus, clubTitle, nextClubCharge } from '../club.rules';
import { CLUB_MESSAGES as M, makeClubEndSchema, makeClubInputSchema } from '../club.schema';

const club = (over: Partial<{ billing_day: number; start_date: string; end_date: string | null }> = {}) => ({
  billing_day: 10,
  start_date: '2026-01-05',
  end_date: null,
  ...over,
});

describe('clubBillingDate', () => {
  it('is the billing day of the month, or its last day when the month is shorter', () => {
    expect(clubBillingDate('2026-03', 10)).toBe('2026-03-10');
    expect(clubBillingDate('2026-04-01', 31)).toBe('2026-04-30');
    expect(clubBillingDate('2026-02', 31)).toBe('2026-02-28');
    expect(clubBillingDate('2028-02', 30)).toBe('2028-02-29');
    expect(clubBillingDate('2026-12', 31)).toBe('2026-12-31');
    expect(clubBillingDate('2026-01', 1)).toBe('2026-01-01');
  });
});

describe('clubChargesDue', () => {
  it('owes one month per billing day come since the start, the start month included when its day is on or after the start', () => {
    expect(clubChargesDue(club(), '2026-03-09')).toEqual([
      { month: '2026-01-01', date: '2026-01-10' },
      { month: '2026-02-01', date: '2026-02-10' },
    ]);
    expect(clubChargesDue(club(), '2026-03-10').map((c) => c.date)).toEqual(['2026-01-10', '2026-02-10', '2026-03-10']);
  });

  it('starts with the next month when it begins after the billing day', () => {
    expect(clubChargesDue(club({ start_date: '2026-01-11' }), '2026-02-28').map((c) => c.date)).toEqual(['2026-02-10']);
    expect(clubChargesDue(club({ start_date: '2026-01-10' }), '2026-01-10').map((c) => c.date)).toEqual(['2026-01-10']);
  });

  it('bills the 31st on the last day of shorter months, across the turn of the year', () => {
    expect(
      clubChargesDue(club({ billing_day: 31, start_date: '2025-11-01' }), '2026-03-31').map((c) => c.date),
    ).toEqual(['2025-11-30', '2025-12-31', '2026-01-31', '2026-02-28', '2026-03-31']);
  });

  it('bills nothing after its end, nor before its start', () => {
    expect(clubChargesDue(club({ end_date: '2026-02-09' }), '2026-06-30').map((c) => c.date)).toEqual(['2026-01-10']);
    expect(clubChargesDue(club({ end_date: '2026-02-10' }), '2026-06-30').map((c) => c.date)).toEqual([
      '2026-01-10',
      '2026-02-10',
    ]);
    expect(clubChargesDue(club({ start_date: '2026-07-01' }), '2026-06-30')).toEqual([]);
  });
});

describe('nextClubCharge and clubStatus', () => {
  it('says the next billing day, none once ended, and whether the club runs', () => {
    expect(nextClubCharge(club(), '2026-03-09')).toBe('2026-03-10');
    expect(nextClubCharge(club(), '2026-03-10')).toBe('2026-04-10');
    expect(nextClubCharge(club({ billing_day: 31 }), '2026-01-31')).toBe('2026-02-28');
    expect(nextClubCharge(club({ start_date: '2026-12-15' }), '2026-11-28')).toBe('2027-01-10');
    expect(nextClubCharge(club({ end_date: '2026-03-31' }), '2026-03-10')).toBeNull();
    expect(clubStatus(club(), '2026-01-04')).toBe('scheduled');
    expect(clubStatus(club(), '2026-01-05')).toBe('active');
    expect(clubStatus(club({ end_date: '2026-03-31' }), '2026-03-31')).toBe('active');
    expect(clubStatus(club({ end_date: '2026-03-31' }), '2026-04-01')).toBe('ended');
  });
});

describe('club input', () => {
  const schema = makeClubInputSchema(() => '2026-03-15');
  const valid = {
    account_id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    plan_name: '  Clube   Smiles 10.000 ',
    miles_per_month: '10000',
    monthly_price_cents: 'R$ 399,90',
    billing_day: '31',
    start_date: '2026-01-05',
    payment_method: 'card',
  };
  const messages = (body: Record<string, unknown>) => {
    const result = schema.safeParse(body);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('reads what people type', () => {
    expect(schema.parse(valid)).toEqual({
      ...valid,
      plan_name: 'Clube Smiles 10.000',
      miles_per_month: 10_000,
      monthly_price_cents: 39_990,
      billing_day: 31,
      end_date: null,
    });
  });

  it('refuses a billing day outside 1–31, no miles, no price, a bad payment and an end before the start', () => {
    expect(messages({ ...valid, billing_day: '0' })).toEqual({ billing_day: M.billingDayRange });
    expect(messages({ ...valid, billing_day: 32 })).toEqual({ billing_day: M.billingDayRange });
    expect(messages({ ...valid, billing_day: '' })).toEqual({ billing_day: M.billingDayRequired });
    expect(messages({ ...valid, miles_per_month: '0' })).toEqual({ miles_per_month: M.milesPositive });
    expect(messages({ ...valid, monthly_price_cents: 'R$ 0,00' })).toEqual({ monthly_price_cents: M.pricePositive });
    expect(messages({ ...valid, monthly_price_cents: 'abc' })).toEqual({ monthly_price_cents: M.priceInvalid });
    expect(messages({ ...valid, payment_method: 'boleto' })).toEqual({ payment_method: M.paymentInvalid });
    expect(messages({ ...valid, plan_name: ' ' })).toEqual({ plan_name: M.planRequired });
    expect(messages({ ...valid, end_date: '2026-01-04' })).toEqual({ end_date: M.endBeforeStart });
    expect(messages({ ...valid, account_id: 'x' })).toEqual({ account_id: M.accountInvalid });
  });

  it('ends today when no day is given', () => {
    expect(makeClubEndSchema(() => '2026-03-15').parse({})).toEqual({ end_date: null });
    expect(makeClubEndSchema(() => '2026-03-15').safeParse({ end_date: '15/03/2026' }).success).toBe(false);
  });
});

describe('clubTitle', () => {
  it('names a plan already called "Clube …" once, and puts "Clube" before any other', () => {
    expect(clubTitle('Clube Smiles 10.000')).toBe('Clube Smiles 10.000');
    expect(clubTitle('clube livelo clássico')).toBe('clube livelo clássico');
    expect(clubTitle('Diamante 5.000')).toBe('Clube Diamante 5.000');
    expect(clubTitle('Clubeiro')).toBe('Clube Clubeiro');
  });
});

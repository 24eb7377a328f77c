import { describe, expect, it } from 'vitest';
import { planReceivables, pricePerThousandText, receivableStatus, salePriceCents } from '../sale.rules';
import { makeSaleInputSchema, SALE_MESSAGES as M } from '../sale.schema';

describe('the price of a sale', () => {
  it('writes the price per thousand with 4 places', () => {
    expect(pricePerThousandText(2850)).toBe('28.5000');
    expect(pricePerThousandText(7)).toBe('0.0700');
    expect(pricePerThousandText(100_000)).toBe('1000.0000');
  });

  it('prices the miles in centavos, rounded half away from zero', () => {
    expect(salePriceCents(30_000, 2850)).toBe(85_500);
    // 1,001 miles at R$ 28,50 = R$ 28,5285 → R$ 28,53.
    expect(salePriceCents(1_001, 2850)).toBe(2_853);
    // 100 miles at R$ 0,05 = R$ 0,005 → R$ 0,01.
    expect(salePriceCents(100, 5)).toBe(1);
    expect(salePriceCents(1, 1)).toBe(0);
  });
});

describe('the instalments of a sale', () => {
  it('add up to the price to the centavo, the first taking what is left over', () => {
    for (const [price, n] of [
      [100_000, 3],
      [85_501, 7],
      [1, 1],
      [99_999_99, 24],
    ] as const) {
      const plan = planReceivables(price, n, '2026-03-15');
      expect(plan).toHaveLength(n);
      expect(plan.reduce((s, r) => s + r.amount_cents, 0)).toBe(price);
      expect(plan.map((r) => r.instalment)).toEqual(Array.from({ length: n }, (_, k) => k + 1));
    }
    expect(planReceivables(100_000, 3, '2026-03-15').map((r) => r.amount_cents)).toEqual([33_334, 33_333, 33_333]);
  });

  it('fall due monthly on the same day, the month’s last when shorter, across the turn of the year', () => {
    expect(planReceivables(400, 4, '2026-11-30').map((r) => r.due_date)).toEqual([
      '2026-11-30',
      '2026-12-30',
      '2027-01-30',
      '2027-02-28',
    ]);
    expect(planReceivables(300, 3, '2028-01-31').map((r) => r.due_date)).toEqual([
      '2028-01-31',
      '2028-02-29',
      '2028-03-31',
    ]);
  });

  it('are pending, overdue past their day, and received once received', () => {
    expect(receivableStatus({ due_date: '2026-03-15', received_on: null }, '2026-03-15')).toBe('pending');
    expect(receivableStatus({ due_date: '2026-03-14', received_on: null }, '2026-03-15')).toBe('overdue');
    expect(receivableStatus({ due_date: '2026-03-14', received_on: '2026-03-20' }, '2026-03-15')).toBe('received');
  });
});

describe('the sale form', () => {
  const schema = makeSaleInputSchema(() => '2026-03-15');
  const valid = {
    account_id: '0d9d7a8e-5b8a-4f7e-9f0e-4a3f8c2b1d00',
    buyer_name: '  Ana   Souza ',
    miles: '30000',
    price_per_thousand_cents: 'R$ 28,50',
  };

  it('reads what people type, defaults the day, one instalment due on the sale day, and the price', () => {
    const parsed = schema.parse(valid);
    expect(parsed).toMatchObject({
      buyer_name: 'Ana Souza',
      miles: 30_000,
      price_per_thousand_cents: 2850,
      sale_date: '2026-03-15',
      instalments: 1,
      first_due_date: '2026-03-15',
      price_cents: 85_500,
      buyer_document: null,
    });
    expect(schema.parse({ ...valid, instalments: '10x', buyer_document: '529.982.247-25' })).toMatchObject({
      instalments: 10,
      buyer_document: '52998224725',
    });
  });

  it.each([
    [{ miles: '0' }, 'miles', M.milesPositive],
    [{ price_per_thousand_cents: '0' }, 'price_per_thousand_cents', M.pricePositive],
    [{ price_per_thousand_cents: 'R$ 10.000,01' }, 'price_per_thousand_cents', M.priceMax],
    [{ instalments: '25' }, 'instalments', M.instalmentsRange],
    [{ sale_date: '2026-03-16' }, 'sale_date', M.saleDateFuture],
    [{ sale_date: '2026-03-10', first_due_date: '2026-03-09' }, 'first_due_date', M.firstDueBeforeSale],
    [{ buyer_document: '123.456.789-00' }, 'buyer_document', 'CPF inválido'],
    [{ buyer_name: '' }, 'buyer_name', M.buyerRequired],
  ])('refuses %o', (over, field, message) => {
    const result = schema.safeParse({ ...valid, ...over });
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((i) => i.path[0] === field)?.message).toBe(message);
  });
});

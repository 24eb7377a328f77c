import { describe, expect, it } from 'vitest';
import { groupByMonth, overdueText, payableListParams } from '../payable-filters';
import type { Payable } from '../types';

const TODAY = '2026-11-28';

const payable = (id: string, due_date: string): Payable => ({
  id,
  card: { id: '11111111-1111-4111-8111-111111111111', name: 'Itaú Azul', brand: 'visa' },
  lot: {
    id: '22222222-2222-4222-8222-222222222222',
    program: 'LIVELO',
    account_number: 'LIV-1',
    original_quantity: 50_000,
    supplier: null,
  },
  instalment: 1,
  instalments: 10,
  amount_cents: 17_500,
  due_date,
  status: 'pending',
  paid_on: null,
  entry_id: null,
});

describe('payableListParams', () => {
  it('asks the default year for all and pending, every late one for overdue, the last twelve months for paid', () => {
    expect(payableListParams('all', TODAY, 2)).toEqual({ status: null, from: null, to: null, page: 2 });
    expect(payableListParams('pending', TODAY, 1)).toEqual({ status: 'pending', from: null, to: null, page: 1 });
    expect(payableListParams('overdue', TODAY, 1)).toMatchObject({ status: 'overdue', to: TODAY });
    expect(payableListParams('paid', TODAY, 1)).toEqual({
      status: 'paid',
      from: '2025-12-01',
      to: '2026-11-30',
      page: 1,
    });
  });
});

describe('groupByMonth', () => {
  it('puts the page’s rows under their months, with each month’s sums', () => {
    const months = [
      { month: '2026-12-01', pending_cents: 35_000, overdue_cents: 0, paid_cents: 0, count: 2 },
      { month: '2027-01-01', pending_cents: 17_500, overdue_cents: 0, paid_cents: 0, count: 1 },
    ];
    const groups = groupByMonth(
      [payable('a', '2026-12-07'), payable('b', '2026-12-15'), payable('c', '2027-01-15')],
      months,
    );
    expect(groups.map((g) => [g.month, g.rows.map((r) => r.id), g.summary?.count])).toEqual([
      ['2026-12-01', ['a', 'b'], 2],
      ['2027-01-01', ['c'], 1],
    ]);
  });

  it('says what is overdue in words', () => {
    expect(overdueText({ cents: 35_000, count: 2 }).replace(/\u00a0/g, ' ')).toBe('R$ 350,00 vencidos em 2 parcelas');
    expect(overdueText({ cents: 9_000, count: 1 }).replace(/\u00a0/g, ' ')).toBe('R$ 90,00 vencidos em 1 parcela');
  });
});

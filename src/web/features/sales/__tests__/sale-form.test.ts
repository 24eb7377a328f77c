import { describe, expect, it } from 'vitest';
import { makeSaleInputSchema, SALE_MESSAGES } from '@domain/sales/sale.schema';
import {
  balanceText,
  buyerDocumentText,
  cancelBlocker,
  estimateSale,
  maskInstalments,
  profitText,
  receivablesPlanText,
  salePreview,
  saleSavedText,
  toSaleFormState,
} from '../sale-form';
import {
  periodText,
  receivableLabel,
  receivableListParams,
  toReceiptFormState,
  groupByMonth,
} from '../receivable-filters';
import type { Receivable, Sale } from '../types';

const TODAY = '2026-03-15';
/** The form's texts carry the non-breaking space of Intl's "R$ 1,00". */
const plain = (s: string) => s.replace(/\u00a0/g, ' ');

const typed = (overrides: Partial<ReturnType<typeof toSaleFormState>> = {}) => ({
  ...toSaleFormState(TODAY),
  miles: '30000',
  price_per_thousand_cents: '28,50',
  ...overrides,
});

describe('the sale form', () => {
  it('starts today, in one instalment due on the sale’s day, and parses as the API will', () => {
    const state = toSaleFormState(TODAY);
    expect(state).toMatchObject({ sale_date: TODAY, instalments: '1', first_due_date: '', account_id: '' });
    const parsed = makeSaleInputSchema(() => TODAY).parse({
      ...typed(),
      account_id: '7D2C3F8E-2B1A-4C5D-9E8F-0A1B2C3D4E5F',
      buyer_name: '  Maria   Silva ',
      buyer_document: '529.982.247-25',
    });
    expect(parsed).toMatchObject({
      account_id: '7d2c3f8e-2b1a-4c5d-9e8f-0a1b2c3d4e5f',
      buyer_name: 'Maria Silva',
      buyer_document: '52998224725',
      buyer_contact: null,
      miles: 30_000,
      price_per_thousand_cents: 2850,
      price_cents: 85_500,
      sale_date: TODAY,
      instalments: 1,
      first_due_date: TODAY,
      notes: null,
    });
  });

  it('masks the instalments to two digits', () => {
    expect(maskInstalments('1a2x3')).toBe('12');
    expect(maskInstalments('')).toBe('');
  });
});

describe('the sale preview', () => {
  it('is empty until the miles and the price can be read', () => {
    expect(salePreview(toSaleFormState(TODAY), TODAY)).toEqual({ kind: 'empty' });
    expect(salePreview(typed({ miles: '' }), TODAY)).toEqual({ kind: 'empty' });
    expect(salePreview(typed({ price_per_thousand_cents: 'abc' }), TODAY)).toEqual({ kind: 'empty' });
  });

  it('prices the miles and plans the instalments from the sale’s day when no first due date is typed', () => {
    const preview = salePreview(typed({ instalments: '3' }), TODAY);
    expect(preview).toMatchObject({
      kind: 'priced',
      miles: 30_000,
      price_per_thousand_cents: 2850,
      price_cents: 85_500,
    });
    if (preview.kind !== 'priced') throw new Error('priced');
    expect(preview.receivables).toEqual([
      { instalment: 1, amount_cents: 28_500, due_date: '2026-03-15' },
      { instalment: 2, amount_cents: 28_500, due_date: '2026-04-15' },
      { instalment: 3, amount_cents: 28_500, due_date: '2026-05-15' },
    ]);
    expect(plain(receivablesPlanText(preview.receivables!))).toBe('3× de R$ 285,00, de 15/03/2026 a 15/05/2026');
  });

  it('starts from the first due date typed, and names the uneven first instalment', () => {
    const preview = salePreview(
      typed({ miles: '1001', sale_date: '2026-01-31', instalments: '2', first_due_date: '2026-01-31' }),
      TODAY,
    );
    if (preview.kind !== 'priced' || !preview.receivables) throw new Error('planned');
    // 1.001 miles at R$ 28,50 = R$ 28,53: R$ 14,27 + R$ 14,26.
    expect(preview.receivables.map((r) => [r.amount_cents, r.due_date])).toEqual([
      [1427, '2026-01-31'],
      [1426, '2026-02-28'],
    ]);
    expect(plain(receivablesPlanText(preview.receivables))).toBe(
      '2× de R$ 14,26 (a 1ª de R$ 14,27), de 31/01/2026 a 28/02/2026',
    );
    const single = salePreview(typed(), TODAY);
    if (single.kind !== 'priced' || !single.receivables) throw new Error('planned');
    expect(plain(receivablesPlanText(single.receivables))).toBe('1× de R$ 855,00 em 15/03/2026');
  });

  it('keeps the price but no plan while the dates or instalments cannot be read', () => {
    for (const overrides of [
      { instalments: '25' },
      { first_due_date: '2026-03-01' },
      { sale_date: '2026-04-01' },
      { sale_date: '31/02' },
    ]) {
      expect(salePreview(typed(overrides), TODAY)).toMatchObject({
        kind: 'priced',
        price_cents: 85_500,
        receivables: null,
      });
    }
  });

  it('says so when the sale is not worth a centavo', () => {
    expect(salePreview(typed({ miles: '1', price_per_thousand_cents: '0,01' }), TODAY)).toEqual({
      kind: 'too-low',
      message: SALE_MESSAGES.priceTooLow,
    });
  });
});

describe('the estimate of the cost', () => {
  const lots = {
    today: TODAY,
    data: [
      {
        id: 'a',
        remaining_quantity: 10_000,
        cost_per_thousand: '15.0000',
        expiry_date: '2026-12-31',
        status: 'available',
      },
      {
        id: 'b',
        remaining_quantity: 50_000,
        cost_per_thousand: '20.0000',
        expiry_date: '2026-04-30',
        status: 'available',
      },
    ],
  };

  it('takes the miles by the agency’s policy, and is unknown without lots or with too few miles', () => {
    // Cheapest: 10.000 at R$ 15 + 20.000 at R$ 20 = R$ 550,00.
    expect(estimateSale(lots, 30_000, 85_500, 'cheapest')).toEqual({
      cost_cents: 55_000,
      cost_per_thousand: '18.3333',
      profit_cents: 30_500,
    });
    // Expiring first: 30.000 of lot b at R$ 20 = R$ 600,00.
    expect(estimateSale(lots, 30_000, 55_000, 'expiring_first')).toMatchObject({
      cost_cents: 60_000,
      profit_cents: -5_000,
    });
    expect(estimateSale(undefined, 30_000, 85_500, 'cheapest')).toBeNull();
    expect(estimateSale(lots, 60_001, 85_500, 'cheapest')).toBeNull();
  });
});

describe('what a sale shows', () => {
  const sale = {
    id: 's1',
    account: { id: 'a1', program: 'LATAM', account_number: '123', holder_name: 'Maria Silva' },
    buyer_name: 'Agência Boa Viagem',
    miles: 30_000,
    price_cents: 85_500,
    profit_cents: 30_500,
    status: 'active',
    receivables: [{ status: 'pending' }, { status: 'pending' }],
  } as unknown as Sale;

  it('says the profit, or the loss in words', () => {
    expect(plain(profitText(30_500))).toBe('lucro de R$ 305,00');
    expect(plain(profitText(-4_000))).toBe('prejuízo de R$ 40,00');
    expect(plain(saleSavedText(sale))).toBe(
      '30.000 milhas LATAM Pass para Agência Boa Viagem por R$ 855,00, lucro de R$ 305,00.',
    );
  });

  it('formats the buyer’s CPF or CNPJ and the balance in miles or points', () => {
    expect(buyerDocumentText('52998224725')).toBe('CPF 529.982.247-25');
    expect(buyerDocumentText('11222333000181')).toBe('CNPJ 11.222.333/0001-81');
    expect(buyerDocumentText(null)).toBeNull();
    expect(balanceText('LATAM', 30_000)).toBe('30.000 milhas');
    expect(balanceText('LIVELO', 1)).toBe('1 ponto');
  });

  it('may be cancelled only while active with nothing received', () => {
    expect(cancelBlocker(sale)).toBeNull();
    expect(cancelBlocker({ ...sale, receivables: [{ status: 'received' }] } as unknown as Sale)).toBe(
      SALE_MESSAGES.saleWithReceipts,
    );
    expect(cancelBlocker({ ...sale, status: 'cancelled' })).toBe(SALE_MESSAGES.saleCancelled);
  });
});

describe('contas a receber', () => {
  it('asks each filter’s period', () => {
    expect(receivableListParams('all', TODAY, 2)).toEqual({ status: null, from: null, to: null, page: 2 });
    expect(receivableListParams('pending', TODAY, 1)).toEqual({ status: 'pending', from: null, to: null, page: 1 });
    expect(receivableListParams('overdue', TODAY, 1)).toEqual({
      status: 'overdue',
      from: '1900-01-01',
      to: TODAY,
      page: 1,
    });
    expect(receivableListParams('received', TODAY, 1)).toEqual({
      status: 'received',
      from: '2025-04-01',
      to: '2026-03-31',
      page: 1,
    });
    expect(periodText('all', { from: '2026-03-01', to: '2027-02-28' })).toBe('Vencimentos de 01/03/2026 a 28/02/2027.');
  });

  it('groups the rows under their months and names each one', () => {
    const row = (id: string, due_date: string) =>
      ({
        id,
        instalment: 2,
        instalments: 3,
        due_date,
        sale: { buyer_name: 'Maria Silva', account: { program: 'SMILES' } },
      }) as unknown as Receivable;
    const months = [{ month: '2026-03-01', pending_cents: 1, overdue_cents: 0, received_cents: 0, count: 2 }];
    const groups = groupByMonth([row('a', '2026-03-15'), row('b', '2026-03-20'), row('c', '2026-04-15')], months);
    expect(groups.map((g) => [g.month, g.rows.map((r) => r.id), g.summary?.count])).toEqual([
      ['2026-03-01', ['a', 'b'], 2],
      ['2026-04-01', ['c'], undefined],
    ]);
    expect(receivableLabel(row('a', '2026-04-15'))).toBe(
      'parcela 2/3 da venda a Maria Silva (Smiles), vencimento em 15/04/2026',
    );
  });

  it('receives today, by PIX', () => {
    expect(toReceiptFormState(TODAY)).toEqual({ received_on: TODAY, payment_method: 'pix' });
  });
});

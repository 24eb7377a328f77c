import { describe, expect, it } from 'vitest';
import { DEFAULT_RATIO, TRANSFER_MESSAGES } from '@domain/transfers/transfer.schema';
import {
  creditAccountText,
  creditHolderText,
  creditLabel,
  creditOrigin,
  isOverdue,
  receiptFormResolver,
  toReceiptFormState,
} from '../credit-display';
import { pairRatio, ratioPhrase, ratioText } from '../ratio';
import type { Conversion, Credit } from '../types';

const TODAY = '2026-03-10';

const credit: Credit = {
  id: '33333333-3333-4333-8333-333333333333',
  kind: 'transfer_base',
  status: 'pending',
  transfer_id: '44444444-4444-4444-8444-444444444444',
  account: {
    id: '55555555-5555-4555-8555-555555555555',
    program: 'LATAM',
    account_number: '123456',
    holder_name: 'Maria Silva',
  },
  from_program: 'LIVELO',
  expected_quantity: 100_000,
  quantity: null,
  cost_cents: 175_000,
  cost_per_thousand: '17.5000',
  credit_date: '2026-03-12',
  credited_on: null,
  lot_id: null,
};

describe('credit display', () => {
  it('names where the miles come from: the transfer and its programme, or its bonus', () => {
    expect(creditOrigin(credit)).toEqual({ label: 'Transferência Livelo', detail: null });
    expect(creditOrigin({ kind: 'transfer_bonus', from_program: 'ESFERA' })).toEqual({
      label: 'Bônus da transferência',
      detail: 'De Esfera',
    });
    expect(creditOrigin({ kind: 'transfer_base', from_program: null })).toEqual({
      label: 'Transferência',
      detail: null,
    });
  });

  it('names the account, its holder, and the credit in buttons and dialogs', () => {
    expect(creditAccountText(credit)).toBe('LATAM Pass · conta 123456');
    expect(creditHolderText(credit)).toBe('Maria Silva');
    expect(creditHolderText({ account: { ...credit.account, holder_name: null } })).toBe('Conta da agência');
    expect(creditLabel(credit)).toBe('100.000 milhas em LATAM Pass · conta 123456, previstas para 12/03/2026');
  });

  it.each([
    ['2026-03-09', 'pending', true],
    ['2026-03-10', 'pending', false],
    ['2026-03-12', 'pending', false],
    ['2026-03-01', 'credited', false],
  ] as const)('a credit due %s, %s, is overdue: %s', (credit_date, status, expected) =>
    expect(isOverdue({ credit_date, status }, TODAY)).toBe(expected),
  );
});

describe("'Marcar como recebido'", () => {
  const resolve = (quantity: string, received_on: string) =>
    receiptFormResolver(TODAY)({ quantity, received_on }, undefined, { fields: {}, shouldUseNativeValidation: false });

  it('starts from the miles expected, received today', () => {
    expect(toReceiptFormState(credit, TODAY)).toEqual({ quantity: '100000', received_on: TODAY });
  });

  it("validates with the server's schema and messages", async () => {
    expect((await resolve('98000', TODAY)).values).toEqual({ quantity: 98_000, received_on: TODAY });
    // A blank day is today's, on the server; the quantity, prefilled, is asked for once erased.
    expect((await resolve('1000', '')).values).toEqual({ quantity: 1000, received_on: null });
    expect((await resolve('', TODAY)).errors.quantity?.message).toBe(TRANSFER_MESSAGES.quantityRequired);
    expect((await resolve('0', TODAY)).errors.quantity?.message).toBe(TRANSFER_MESSAGES.quantityPositive);
    expect((await resolve('1000', '2026-03-11')).errors.received_on?.message).toBe(TRANSFER_MESSAGES.receivedFuture);
  });
});

describe('ratios', () => {
  it.each([
    ['1.0000', '1'],
    ['0.5000', '0,5'],
    ['2.2500', '2,25'],
    ['0.3333', '0,3333'],
    ['10.0000', '10'],
  ])('ratioText(%j) → %j', (ratio, text) => expect(ratioText(ratio)).toBe(text));

  it.each([
    ['1.0000', '1 milha por ponto'],
    ['0.5000', '0,5 milha por ponto'],
    ['1.5000', '1,5 milha por ponto'],
    ['2.0000', '2 milhas por ponto'],
  ])('ratioPhrase(%j) → %j', (ratio, phrase) => expect(ratioPhrase(ratio)).toBe(phrase));

  it("finds the agency's ratio for a pair, 1:1 for a pair it never set, nothing while unknown", () => {
    const conversions: Conversion[] = [
      { source_program: 'LIVELO', destination_program: 'TAP', ratio: '0.5000', is_default: false },
      { source_program: 'ESFERA', destination_program: 'TAP', ratio: '1.0000', is_default: true },
    ];
    expect(pairRatio(conversions, 'LIVELO', 'TAP')).toBe('0.5000');
    expect(pairRatio(conversions, 'LIVELO', 'LATAM')).toBe(DEFAULT_RATIO);
    expect(pairRatio(undefined, 'LIVELO', 'TAP')).toBeNull();
  });
});

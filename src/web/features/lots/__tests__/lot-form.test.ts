import { describe, expect, it } from 'vitest';
import { makeLotInputSchema } from '@domain/lots/lot.schema';
import { maskDecimal } from '@/lib/decimal-mask';
import { costToInput, daysBadgeText, lotFormResolver, lotFormSummary, toLotFormState } from '../lot-form';
import { formatCostPerMile, formatCostPerThousand, lotLabel } from '../lot-display';
import type { Lot } from '../types';

const TODAY = '2026-03-10';

const lot: Lot = {
  id: '0b8f5d8e-5c57-4a43-9d7e-8d0f1b0b2a11',
  account_id: '5a2c2f7e-1d7b-4c35-8b4a-7b5a3d2e1f00',
  program: 'SMILES',
  account_number: '998877',
  account_nickname: null,
  client_id: null,
  client_name: null,
  original_quantity: 10_000,
  remaining_quantity: 8_000,
  used_quantity: 2_000,
  cost_per_mile: '0.0155',
  cost_per_thousand: '15.5000',
  total_cost_cents: 15_500,
  remaining_value_cents: 12_400,
  purchase_date: '2026-01-05',
  expiry_date: '2027-01-05',
  supplier: 'Hotmilhas',
  supplier_id: null,
  notes: null,
  status: 'available',
  created_at: '2026-01-05T12:00:00.000Z',
  updated_at: '2026-01-05T12:00:00.000Z',
};

describe('input masks (spec part 1 §5)', () => {
  it.each([
    ['0,0185', '0,0185'],
    ['0.0185', '0.0185'],
    ['R$ 0,01', '0,01'],
    ['0,01,5', '0,015'],
    ['0.0,1', '0.01'],
    ['abc', ''],
  ])('cost %j → %j', (typed, expected) => expect(maskDecimal(typed)).toBe(expected));
});

describe('toLotFormState', () => {
  it('starts a new lot with the spec defaults: LATAM, bought today, expiring a year ahead', () => {
    expect(toLotFormState(null, TODAY)).toMatchObject({
      program: 'LATAM',
      account_id: null,
      account_number: '',
      purchase_date: TODAY,
      expiry_date: '2027-03-10',
    });
  });

  it('fills an edit with the lot, the cost written with a comma, and parses back to the same lot', () => {
    const state = toLotFormState(lot, TODAY);
    expect(state).toEqual({
      program: 'SMILES',
      account_id: lot.account_id,
      account_number: '',
      original_quantity: '10000',
      cost_per_mile: '0,0155',
      purchase_date: '2026-01-05',
      expiry_date: '2027-01-05',
      supplier: '',
      supplier_id: '',
      supplier_origin: 'Hotmilhas',
      notes: '',
    });
    const parsed = makeLotInputSchema(() => TODAY).parse(state);
    expect(parsed).toMatchObject({
      account_id: lot.account_id,
      account_number: null,
      original_quantity: 10_000,
      cost_per_mile: '0.0155',
      supplier: null,
      supplier_id: null,
    });
    expect(parsed).not.toHaveProperty('supplier_origin');
  });

  it('starts a new lot with no supplier', () => {
    expect(toLotFormState(null, TODAY)).toMatchObject({ supplier: '', supplier_id: '' });
    expect(toLotFormState(null, TODAY)).not.toHaveProperty('supplier_origin');
  });

  it("selects a lot's supplier by id and sends only the id, never its name", () => {
    const supplierId = '7d3e9c1a-2b4f-4e6a-9c8d-1f2e3a4b5c6d';
    const state = toLotFormState({ ...lot, supplier_id: supplierId }, TODAY);
    expect(state).toMatchObject({ supplier: '', supplier_id: supplierId });
    expect(state).not.toHaveProperty('supplier_origin');
    expect(makeLotInputSchema(() => TODAY).parse(state)).toMatchObject({ supplier: null, supplier_id: supplierId });
  });

  it('shows a cost with a comma', () => expect(costToInput('0.0200')).toBe('0,0200'));
});

describe('lotFormSummary', () => {
  it('computes the total cost exactly, and the cost per thousand', () => {
    expect(
      lotFormSummary({ original_quantity: '10000', cost_per_mile: '0,0185', expiry_date: '2026-04-09' }, TODAY),
    ).toEqual({
      total_cost_cents: 18_500,
      cost_per_thousand: '18.5000',
      days_to_expiry: 30,
    });
  });

  it('waits for valid input and a complete date', () => {
    expect(lotFormSummary({ original_quantity: '', cost_per_mile: '0,01', expiry_date: '10/04' }, TODAY)).toEqual({
      total_cost_cents: null,
      cost_per_thousand: '10.0000',
      days_to_expiry: null,
    });
  });

  it.each([
    [null, 'N/A'],
    [-1, 'Expirado'],
    [0, '0 dias'],
    [1, '1 dia'],
    [1200, '1.200 dias'],
  ])('days badge %j → %j', (days, text) => expect(daysBadgeText(days)).toBe(text));
});

describe('display', () => {
  it('shows cost per mile with 4 decimals and per thousand with 2, rounding half away from zero', () => {
    expect(formatCostPerMile('0.0155')).toBe('R$\u00a00,0155');
    expect(formatCostPerMile(null)).toBe('—');
    expect(formatCostPerThousand('15.5050')).toBe('R$\u00a015,51');
    expect(formatCostPerThousand('15.5049')).toBe('R$\u00a015,50');
  });

  it('names a lot by program, miles and account', () => {
    expect(lotLabel(lot)).toBe('Smiles · 10.000 milhas (conta 998877)');
    expect(lotLabel({ ...lot, program: 'XYZ', account_number: null })).toBe('XYZ · 10.000 milhas');
  });
});

describe('lotFormResolver', () => {
  const options = { fields: {}, shouldUseNativeValidation: false } as unknown as Parameters<
    ReturnType<typeof lotFormResolver>
  >[2];
  const expired = { ...lot, expiry_date: '2026-03-01', purchase_date: '2026-01-05' };

  it('accepts the unchanged past expiry of a lot being edited, as the API does', async () => {
    const result = await lotFormResolver(expired, TODAY)(toLotFormState(expired, TODAY), undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ expiry_date: '2026-03-01', original_quantity: 10_000 });
  });

  it('refuses a past expiry that was changed, and any past expiry on a new lot', async () => {
    const changed = await lotFormResolver(expired, TODAY)(
      { ...toLotFormState(expired, TODAY), expiry_date: '2026-03-02' },
      undefined,
      options,
    );
    expect(changed.errors.expiry_date?.message).toBe('Data de vencimento não pode estar no passado');
    const fresh = await lotFormResolver(null, TODAY)(
      {
        ...toLotFormState(null, TODAY),
        account_number: '1',
        original_quantity: '10',
        cost_per_mile: '0,01',
        expiry_date: '2026-03-01',
      },
      undefined,
      options,
    );
    expect(fresh.errors.expiry_date?.message).toBe('Data de vencimento não pode estar no passado');
  });

  it('still reports the other fields of a lot with a past expiry', async () => {
    const result = await lotFormResolver(expired, TODAY)(
      { ...toLotFormState(expired, TODAY), original_quantity: '0' },
      undefined,
      options,
    );
    expect(Object.keys(result.errors)).toEqual(['original_quantity']);
  });
});

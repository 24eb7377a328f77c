import { describe, expect, it } from 'vitest';
import { entryInputSchema } from '@domain/finance/entry.schema';
import type { ReconciliationRow } from '../types';
import { POSTING_ACTIONS, postingDescription, toPostingFormState } from '../posting-form';

const ROW: ReconciliationRow = {
  emission_id: '4f6c1f7e-3c0a-4c55-9a77-0d1f2f3e4a5b',
  pnr: 'ABC123',
  route: 'GRU-MIA',
  client_name: 'Ana Costa',
  status: 'issued',
  created_at: '2026-11-20T12:00:00.000Z',
  expected: { revenue: 150_000, fees: 12_345, miles_cost: 40_000, rav: 0 },
  posted: { revenue: 150_000, fees: 0, miles_cost: 10_000, rav: 0 },
  missing: { revenue: 0, fees: 12_345, miles_cost: 30_000, rav: 0 },
  alerts: ['missing_fees', 'missing_miles_cost'],
};

describe('posting form', () => {
  it('prefills the missing amount, the kind of the category, today and the description', () => {
    const fees = toPostingFormState(ROW, 'fees', '2026-11-26');
    expect(fees).toMatchObject({
      kind: 'expense',
      category: 'fees',
      emission_id: ROW.emission_id,
      amount_cents: '123,45',
      entry_date: '2026-11-26',
      description: 'Taxas — ABC123 GRU-MIA',
      payment_method: 'pix',
      installments: '',
    });
    // What the dialog sends as it opens is what the API accepts.
    expect(entryInputSchema.parse(fees)).toMatchObject({ kind: 'expense', category: 'fees', amount_cents: 12_345 });
    expect(toPostingFormState(ROW, 'revenue', '2026-11-26')).toMatchObject({ kind: 'revenue', amount_cents: '' });
  });

  it('names an emission without PNR by its route', () => {
    expect(postingDescription({ pnr: null, route: 'NAT-GRU' }, 'miles_cost')).toBe('Custo de milhas — NAT-GRU');
  });

  it('offers the spec’s four buttons', () => {
    expect(POSTING_ACTIONS.map((a) => a.label)).toEqual(['Taxas', 'Milhas', 'RAV', 'Receita']);
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_CARD_INTEREST_PERCENT, paymentOptions } from '@domain/quotes/payment';
import type { Quote } from '@domain/quotes/quote.schema';
import { readQuoteListParams, writeQuoteListParams } from '../list-params';
import { DEFAULT_QUOTE_LIST_STATE } from '../list-state';
import { quoteToEmissionPrefill, validityText } from '../quote-display';

const quote = (over: Partial<Quote> = {}): Quote => ({
  id: '00000000-0000-4000-8000-0000000000q1',
  status: 'sent',
  program: 'LATAM',
  client_id: '00000000-0000-4000-8000-0000000000c1',
  client_name: 'Maria das Dores',
  client_email: 'maria@ex.com',
  client_phone: null,
  account_id: '00000000-0000-4000-8000-0000000000a1',
  account_number: '123',
  lot_id: null,
  route: 'NAT-GRU-NAT',
  departure_date: '2026-05-10',
  return_date: null,
  passengers: ['Maria das Dores', 'José das Dores'],
  notes: null,
  miles: 40_000,
  fees_cents: 31_245,
  rav_cents: 5_000,
  rav_mode: 'revenue',
  markup_percent: '15.00',
  cost_per_thousand: '20.0000',
  cost_source: 'lot',
  miles_cost_cents: 80_000,
  markup_cents: 16_687,
  price_cents: 132_932,
  total_cost_cents: 111_245,
  margin_cents: 21_687,
  margin_percent: 16.31,
  warnings: [],
  card_interest_percent: [...DEFAULT_CARD_INTEREST_PERCENT],
  payment_options: paymentOptions(132_932, DEFAULT_CARD_INTEREST_PERCENT),
  validity_hours: 48,
  valid_until: '2026-03-17 12:00:00+00',
  emission_id: null,
  created_at: '2026-03-15 12:00:00+00',
  updated_at: '2026-03-15 12:00:00+00',
  sent_at: null,
  accepted_at: null,
  declined_at: null,
  expired_at: null,
  ...over,
});

describe('the list in the address', () => {
  it('reads what it wrote, and falls back on what the API would refuse', () => {
    const written = writeQuoteListParams(new URLSearchParams(), {
      status: 'sent',
      search: ' maria ',
      date_from: '2026-03-01',
      page: 2,
    });
    expect(written.toString()).toBe('q=maria&status=sent&de=2026-03-01&page=2');
    expect(readQuoteListParams(written)).toEqual({
      page: 2,
      status: 'sent',
      date_from: '2026-03-01',
      date_to: null,
      search: 'maria',
    });
    expect(readQuoteListParams(new URLSearchParams('status=aceita&page=x&de=31/12/2026'))).toEqual(
      DEFAULT_QUOTE_LIST_STATE,
    );
  });
});

describe('converting into an emission', () => {
  it('prefills the wizard with the client, the trip and the price as revenue, and names the quote', () => {
    expect(quoteToEmissionPrefill(quote())).toEqual({
      client: { id: quote().client_id, name: 'Maria das Dores', document: null, email: 'maria@ex.com' },
      values: {
        client_id: quote().client_id,
        account_id: quote().account_id,
        route: 'NAT-GRU-NAT',
        miles_used: '40000',
        fees_cents: '312,45',
        revenue_cents: '1329,32',
        // A RAV as revenue is inside the price: the emission, which counts its RAV as a cost, gets none.
        rav_cents: '0,00',
        departure_date: '2026-05-10',
        passengers: [
          { name: 'Maria das Dores', cpf: '' },
          { name: 'José das Dores', cpf: '' },
        ],
        quote_id: quote().id,
      },
    });
  });

  it('keeps a RAV as cost, and leaves client and account to choose without a client', () => {
    expect(quoteToEmissionPrefill(quote({ rav_mode: 'cost' })).values.rav_cents).toBe('50,00');
    const bare = quoteToEmissionPrefill(quote({ client_id: null, client_name: null, passengers: [] }));
    expect(bare.client).toBeNull();
    expect(bare.values).toMatchObject({ client_id: '', account_id: '' });
    expect(bare.values).not.toHaveProperty('passengers');
  });
});

describe('validityText', () => {
  it.each([
    [24, '24 horas'],
    [48, '48 horas'],
    [72, '3 dias'],
    [168, '7 dias'],
  ])('%i h → %s', (hours, text) => {
    expect(validityText(hours)).toBe(text);
  });
});

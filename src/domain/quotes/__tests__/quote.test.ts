import { describe, expect, it } from 'vitest';
import {
  availableQuoteStatusChanges,
  checkQuoteConversion,
  isQuotePastValidity,
  planQuoteStatusChange,
} from '../quote.rules';
import { makeQuoteInputSchema, QUOTE_MESSAGES as M, quoteListQuerySchema } from '../quote.schema';

const TODAY = '2026-03-15';
const schema = makeQuoteInputSchema(() => TODAY);

const valid = {
  program: 'LATAM',
  miles: '100000',
  fees_cents: '300,00',
  rav_cents: '50,00',
  rav_mode: 'revenue',
  markup_percent: '15',
  route: 'nat gru',
  departure_date: '2026-05-10',
};

const fieldErrors = (value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('quote input', () => {
  it('reads a simulation with its trip, defaults filled', () => {
    expect(schema.parse(valid)).toEqual({
      program: 'LATAM',
      client_id: null,
      account_id: null,
      lot_id: null,
      miles: 100_000,
      fees_cents: 30_000,
      rav_cents: 5_000,
      rav_mode: 'revenue',
      markup_percent: '15.00',
      route: 'NAT-GRU',
      departure_date: '2026-05-10',
      return_date: null,
      passengers: [],
      validity_hours: 48,
      notes: null,
    });
  });

  it('is idempotent', () => {
    const once = schema.parse({
      ...valid,
      client_id: '6F1C2B7E-1D2A-4C3B-9A8B-7C6D5E4F3A2B',
      passengers: ['  Maria  das Dores ', '', 'José'],
      validity_hours: '72',
      return_date: '2026-05-20',
      notes: ' Bagagem inclusa ',
    });
    expect(once).toMatchObject({
      client_id: '6f1c2b7e-1d2a-4c3b-9a8b-7c6d5e4f3a2b',
      passengers: ['Maria das Dores', 'José'],
      validity_hours: 72,
      notes: 'Bagagem inclusa',
    });
    expect(schema.parse(once)).toEqual(once);
  });

  it.each([
    ['0 miles', { miles: 0 }, { miles: 'Milhas devem ser maior que 0' }],
    ['negative miles', { miles: '-10' }, { miles: 'Milhas devem ser maior que 0' }],
    ['markup above 1,000 %', { markup_percent: '1001' }, { markup_percent: 'O markup deve ser no máximo 1000%' }],
    ['an unknown programme', { program: 'XPTO' }, { program: M.programInvalid }],
    ['a lot that is no id', { lot_id: '42' }, { lot_id: M.lotInvalid }],
    ['an account that is no id', { account_id: 42 }, { account_id: M.accountInvalid }],
    ['no route', { route: '' }, { route: 'Rota obrigatória' }],
    ['a past departure', { departure_date: '2026-03-14' }, { departure_date: M.departurePast }],
    ['a return before the departure', { return_date: '2026-05-09' }, { return_date: M.returnBeforeDeparture }],
    [
      'a return without a departure',
      { departure_date: '', return_date: '2026-05-09' },
      { departure_date: M.returnWithoutDeparture },
    ],
    ['a validity of 0 h', { validity_hours: 0 }, { validity_hours: M.validityInvalid }],
    ['a validity of 31 days', { validity_hours: 744 }, { validity_hours: M.validityInvalid }],
    [
      'ten passengers',
      { passengers: Array.from({ length: 10 }, (_, i) => `Pessoa ${i}`) },
      { passengers: M.passengersMax },
    ],
    ['a one-letter passenger', { passengers: ['A'] }, { passengers: M.passengerName }],
    ['notes too long', { notes: 'x'.repeat(1001) }, { notes: M.notesTooLong }],
  ])('refuses %s', (_what, patch, errors) => {
    expect(fieldErrors({ ...valid, ...patch })).toEqual(errors);
  });

  it('today is a valid departure', () => {
    expect(fieldErrors({ ...valid, departure_date: TODAY })).toEqual({});
  });
});

describe('quote list query', () => {
  it('reads filters and refuses an inverted period', () => {
    expect(quoteListQuerySchema.parse({ status: 'sent', date_from: '2026-01-01', page: '2' })).toMatchObject({
      status: 'sent',
      date_from: '2026-01-01',
      page: 2,
      limit: 20,
    });
    expect(quoteListQuerySchema.safeParse({ status: 'aceita' }).success).toBe(false);
    expect(quoteListQuerySchema.safeParse({ date_from: '2026-02-01', date_to: '2026-01-01' }).success).toBe(false);
  });
});

describe('status changes', () => {
  it.each([
    ['draft', 'sent', true],
    ['draft', 'accepted', true],
    ['draft', 'declined', true],
    ['sent', 'accepted', true],
    ['sent', 'declined', true],
    ['sent', 'sent', false],
    ['accepted', 'declined', false],
    ['declined', 'accepted', false],
    ['expired', 'sent', false],
    ['expired', 'accepted', false],
  ] as const)('%s → %s: %s', (from, to, ok) => {
    expect(planQuoteStatusChange(from, to).ok).toBe(ok);
  });

  it('says why not, in Portuguese', () => {
    expect(planQuoteStatusChange('accepted', 'declined')).toEqual({
      ok: false,
      message: 'Não é possível marcar como recusada uma cotação aceita.',
    });
    expect(planQuoteStatusChange('sent', 'sent')).toEqual({ ok: false, message: 'Esta cotação já está enviada.' });
  });

  it('offers what the status allows, nothing once converted', () => {
    expect(availableQuoteStatusChanges('draft', false)).toEqual(['sent', 'accepted', 'declined']);
    expect(availableQuoteStatusChanges('sent', false)).toEqual(['accepted', 'declined']);
    expect(availableQuoteStatusChanges('accepted', false)).toEqual([]);
    expect(availableQuoteStatusChanges('sent', true)).toEqual([]);
  });
});

describe('conversion', () => {
  it.each([
    [{ status: 'draft', emission_id: null }, { ok: true }],
    [{ status: 'sent', emission_id: null }, { ok: true }],
    [{ status: 'accepted', emission_id: null }, { ok: true }],
    [
      { status: 'accepted', emission_id: 'e' },
      { ok: false, reason: 'converted', message: M.alreadyConverted },
    ],
    [
      { status: 'declined', emission_id: null },
      { ok: false, reason: 'status', message: M.notConvertible },
    ],
    [
      { status: 'expired', emission_id: null },
      { ok: false, reason: 'status', message: M.notConvertible },
    ],
  ])('%o', (quote, expected) => {
    expect(checkQuoteConversion(quote)).toEqual(expected);
  });
});

describe('isQuotePastValidity', () => {
  it.each([
    ['2026-03-17 14:30:00+00', '2026-03-17T14:30:00.000Z', false],
    ['2026-03-17 14:30:00+00', '2026-03-17T14:30:00.001Z', true],
    ['2026-03-17T11:30:00-03:00', '2026-03-17T14:29:59.000Z', false],
  ])('%s at %s: %s', (until, now, past) => {
    expect(isQuotePastValidity(until, now)).toBe(past);
  });
});

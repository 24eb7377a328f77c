import { describe, expect, it } from 'vitest';
import { clubPreview, maskDay, toClubFormState } from '../club-form';

const TODAY = '2026-03-15';

describe('club form', () => {
  it('starts today, billed on today’s day, by card', () => {
    expect(toClubFormState(TODAY)).toMatchObject({ start_date: TODAY, billing_day: '15', payment_method: 'card' });
    expect(maskDay('3a1x')).toBe('31');
  });

  it('previews the cost per thousand, the months billed at once and the next billing day', () => {
    const values = {
      ...toClubFormState(TODAY),
      miles_per_month: '10000',
      monthly_price_cents: '399,90',
      billing_day: '31',
      start_date: '2025-12-20',
    };
    expect(clubPreview(values, TODAY).map((l) => l.replace(/\u00a0/g, ' '))).toEqual([
      '10.000 milhas por mês a R$ 39,99 o milheiro.',
      'Ao salvar, 3 meses já vencidos são cobrados e creditados como lotes.',
      'Próxima cobrança: 31/03/2026.',
    ]);
    expect(clubPreview({ ...values, start_date: TODAY, billing_day: '20' }, TODAY).slice(1)).toEqual([
      'Próxima cobrança: 20/03/2026.',
    ]);
    expect(clubPreview({ ...toClubFormState(TODAY), billing_day: '40' }, TODAY)).toEqual([]);
  });
});

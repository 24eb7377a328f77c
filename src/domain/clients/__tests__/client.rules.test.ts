import { describe, expect, it } from 'vitest';
import { clientExportRow, clientInitials, clientStatusLabel, computeClientStats } from '../client.rules';

describe('clientInitials', () => {
  it.each([
    ['José da Silva', 'JS'],
    ['maria', 'M'],
    ['  Ângela   Moura  ', 'ÂM'],
    ['Ana Maria dos Santos', 'AS'],
    ['Érica de Souza e Lima', 'ÉL'],
    ['da Silva', 'S'],
    ['de', 'D'],
    ['"Zé" Pereira', 'ZP'],
    ['', ''],
    [null, ''],
  ])('%j → %j', (name, expected) => expect(clientInitials(name)).toBe(expected));
});

describe('clientStatusLabel', () => {
  it.each([
    ['active', 'Ativo'],
    ['inactive', 'Inativo'],
    ['blocked', 'Bloqueado'],
    ['other', 'other'],
  ])('%s → %s', (status, label) => expect(clientStatusLabel(status)).toBe(label));
});

describe('computeClientStats', () => {
  it.each([
    [
      {
        total_emissions: 0,
        active_emissions: 0,
        active_revenue_cents: 0,
        active_margin_cents: 0,
        received_cents: 0,
        receivable_cents: 0,
        last_emission_at: null,
      },
      {
        total_emissions: 0,
        active_emissions: 0,
        total_spent_cents: 0,
        total_revenue_cents: 0,
        total_profit_cents: 0,
        avg_ticket_cents: 0,
        received_cents: 0,
        receivable_cents: 0,
        last_emission_date: null,
      },
    ],
    [
      {
        total_emissions: 5,
        active_emissions: 3,
        active_revenue_cents: 150_001,
        active_margin_cents: 30_000,
        received_cents: 100_000,
        receivable_cents: 50_001,
        last_emission_at: '2026-03-05 14:07:00+00',
      },
      {
        total_emissions: 5,
        active_emissions: 3,
        total_spent_cents: 150_001,
        total_revenue_cents: 150_001,
        total_profit_cents: 30_000,
        avg_ticket_cents: 50_000,
        received_cents: 100_000,
        receivable_cents: 50_001,
        last_emission_date: '2026-03-05 14:07:00+00',
      },
    ],
    [
      // 5 / 2 = 2.5 rounds half away from zero.
      {
        total_emissions: 2,
        active_emissions: 2,
        active_revenue_cents: 5,
        active_margin_cents: -3,
        received_cents: 0,
        receivable_cents: 5,
        last_emission_at: null,
      },
      {
        total_emissions: 2,
        active_emissions: 2,
        total_spent_cents: 5,
        total_revenue_cents: 5,
        total_profit_cents: -3,
        avg_ticket_cents: 3,
        received_cents: 0,
        receivable_cents: 5,
        last_emission_date: null,
      },
    ],
    [
      // Only cancelled emissions: nothing counts in money.
      {
        total_emissions: 4,
        active_emissions: 0,
        active_revenue_cents: 0,
        active_margin_cents: 0,
        received_cents: 0,
        receivable_cents: 0,
        last_emission_at: '2026-01-01 00:00:00+00',
      },
      {
        total_emissions: 4,
        active_emissions: 0,
        total_spent_cents: 0,
        total_revenue_cents: 0,
        total_profit_cents: 0,
        avg_ticket_cents: 0,
        received_cents: 0,
        receivable_cents: 0,
        last_emission_date: '2026-01-01 00:00:00+00',
      },
    ],
  ])('%#', (sums, expected) => expect(computeClientStats(sums)).toEqual(expected));
});

describe('clientExportRow', () => {
  it('formats dates, CPF, phone, status and money for the CSV', () => {
    expect(
      clientExportRow({
        id: 'c1',
        name: 'Conceição Araújo',
        email: 'c@x.com',
        phone: '84998765432',
        document: '52998224725',
        birth_date: '1985-07-20',
        status: 'blocked',
        emissions_count: 3,
        total_spent_cents: 123_456,
        created_at: '2026-03-05',
        notes: null,
      }),
    ).toEqual([
      'c1',
      'Conceição Araújo',
      'c@x.com',
      '(84) 99876-5432',
      '529.982.247-25',
      '20/07/1985',
      'Bloqueado',
      '3',
      '1234,56',
      '05/03/2026',
      '',
    ]);
  });

  it('leaves empty fields empty and formats a company CNPJ', () => {
    const row = clientExportRow({
      id: 'c2',
      name: 'Empresa',
      email: null,
      phone: null,
      document: '11222333000181',
      birth_date: null,
      status: 'active',
      emissions_count: 0,
      total_spent_cents: 5,
      created_at: '2026-03-05',
      notes: 'obs',
    });
    expect(row).toEqual(['c2', 'Empresa', '', '', '11.222.333/0001-81', '', 'Ativo', '0', '0,05', '05/03/2026', 'obs']);
  });
});

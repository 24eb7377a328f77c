import { describe, expect, it } from 'vitest';
import { toCsv } from '../../csv';
import { LOT_EXPORT_HEADERS, lotExportRow, type LotExportSource } from '../lot.export';
import { lotExpiringQuerySchema, lotProgramQuerySchema } from '../lot.schema';

const lot: LotExportSource = {
  id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  program: 'SMILES',
  account_number: '123456789',
  client_name: 'José da Silva',
  original_quantity: 100_000,
  remaining_quantity: 42_500,
  cost_per_thousand: '15.5000',
  total_cost_cents: 155_000,
  purchase_date: '2026-03-01',
  expiry_date: '2028-03-01',
  supplier: 'Hotmilhas',
  notes: null,
  status: 'available',
};

describe('lot CSV export', () => {
  it('writes a row as a Brazilian spreadsheet reads it', () => {
    expect(lotExportRow(lot)).toEqual([
      lot.id,
      'Smiles',
      '123456789',
      'José da Silva',
      '100000',
      '42500',
      '0,0155',
      '1550,00',
      '01/03/2026',
      '01/03/2028',
      'Hotmilhas',
      '',
      'Disponível',
    ]);
    expect(
      lotExportRow({
        ...lot,
        client_name: null,
        expiry_date: null,
        program: 'NOVO',
        status: 'expired',
        cost_per_thousand: '23.4700',
      }),
    ).toEqual([
      lot.id,
      'NOVO',
      '123456789',
      '',
      '100000',
      '42500',
      '0,0235',
      '1550,00',
      '01/03/2026',
      '',
      'Hotmilhas',
      '',
      'Expirado',
    ]);
  });

  it('neutralises formulas through toCsv', () => {
    const csv = toCsv(LOT_EXPORT_HEADERS, [lotExportRow({ ...lot, supplier: '=1+1', notes: '@SUM(A1)' })], {
      bom: true,
    });
    expect(csv).toContain(`"'=1+1","'@SUM(A1)"`);
  });
});

describe('read-model query strings', () => {
  it('takes an optional window of 0 to 3650 days', () => {
    expect(lotExpiringQuerySchema.parse({})).toEqual({ days: undefined });
    expect(lotExpiringQuerySchema.parse({ days: '' })).toEqual({ days: undefined });
    expect(lotExpiringQuerySchema.parse({ days: '15' })).toEqual({ days: 15 });
    expect(lotExpiringQuerySchema.parse({ days: '0' })).toEqual({ days: 0 });
    for (const days of ['-1', '1.5', 'abc', '3651'])
      expect(lotExpiringQuerySchema.safeParse({ days }).success, days).toBe(false);
  });

  it('takes an optional program of the catalogue', () => {
    expect(lotProgramQuerySchema.parse({})).toEqual({ program: undefined });
    expect(lotProgramQuerySchema.parse({ program: 'TAP' })).toEqual({ program: 'TAP' });
    expect(lotProgramQuerySchema.safeParse({ program: 'tap' }).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { NO_ELIGIBLE_LOT_MESSAGE } from '@domain/emissions/emission.rules';
import type { AccountLot } from '../types';
import {
  beneficiaryInfo,
  chosenPlan,
  estimate,
  lotPanel,
  parsedMiles,
  selectedLotIds,
  selectionMilesCost,
  SUGGESTED,
  wizardKnownFields,
  wizardStepOf,
} from '../wizard-model';

const TODAY = '2026-03-01';
const lot = (id: string, remaining: number, cpm: string, expiry: string | null = '2027-01-01'): AccountLot => ({
  id,
  remaining_quantity: remaining,
  cost_per_thousand: cpm,
  expiry_date: expiry,
  purchase_date: '2026-01-01',
  supplier: null,
  status: 'available',
});
const A = lot('00000000-0000-4000-8000-00000000000a', 10_000, '20.0000');
const B = lot('00000000-0000-4000-8000-00000000000b', 30_000, '25.0000');

describe('wizard model', () => {
  it('reads miles as the schema does', () => {
    expect(parsedMiles('12000')).toBe(12000);
    expect(parsedMiles('12.000')).toBeNull();
    expect(parsedMiles('')).toBeNull();
  });

  it('suggests one lot when one covers the need, several otherwise', () => {
    const single = lotPanel([A, B], 8_000, TODAY);
    expect(single.suggestion?.kind).toBe('single');
    expect(selectedLotIds(SUGGESTED, single.suggestion)).toEqual([A.id]);
    expect(single.manual.map((l) => l.id)).toEqual([A.id, B.id]);

    const multiple = lotPanel([A, B], 35_000, TODAY);
    expect(multiple.suggestion?.kind).toBe('multiple');
    expect(multiple.manual).toEqual([]);
    expect(selectionMilesCost([A, B], 35_000, SUGGESTED, multiple.suggestion, TODAY)).toBe(20_000 + 62_500);
  });

  it('says when no lot fits', () => {
    const none = lotPanel([A], 50_000, TODAY);
    expect(none.suggestion?.kind).toBe('none');
    expect(chosenPlan([A], 50_000, [], TODAY)).toEqual({ ok: false, message: NO_ELIGIBLE_LOT_MESSAGE });
  });

  it('estimates the margin from the typed amounts', () => {
    const e = estimate({ fees_cents: '100,00', rav_cents: '', revenue_cents: '1.000,00' }, 20_000);
    expect(e?.financials).toEqual({ total_cost_cents: 30_000, margin_cents: 70_000, margin_percent: 70 });
    expect(estimate({ fees_cents: 'x', rav_cents: '', revenue_cents: '10' }, 1)).toBeNull();
  });

  it('counts beneficiaries and warns past the limit', () => {
    const info = beneficiaryInfo({ program: 'AZUL', holder_cpf: null, past_passengers: [], today: TODAY }, [
      { cpf: '529.982.247-25' },
    ]);
    expect(info.summary).toMatch(/^Beneficiários: 0 de/);
    expect(info.warning).toBeNull();
  });

  it('sends a server message back to the first step that shows its field', () => {
    expect(wizardStepOf(['miles_used', 'account_id'])).toBe(0);
    expect(wizardStepOf(['passengers.1.cpf'])).toBe(1);
    expect(wizardStepOf(['agency_id'])).toBeNull();
    expect(wizardKnownFields(2)).toEqual(
      expect.arrayContaining(['client_id', 'lot_ids', 'passengers.1.name', 'passengers.1.cpf']),
    );
    expect(wizardKnownFields(2)).not.toContain('passengers.2.name');
  });
});

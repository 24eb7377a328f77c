import { describe, expect, it } from 'vitest';
import {
  balanceMismatchText,
  beneficiariesOn,
  beneficiariesOnDayText,
  beneficiaryRuleText,
  defaultBeneficiaryDay,
  freeSlotsText,
  movementDetail,
  movementTone,
  nextFreedDay,
  nextFreedText,
  quantityText,
  signedMilesText,
} from '../account-display';
import type { AccountBeneficiaries } from '../types';

const ID = '11111111-1111-4111-8111-111111111111';
const HOLDER = '123.456.789-09';
const [ANA, BRUNO, CARLA] = ['11111111111', '22222222222', '33333333333'];

const beneficiaries = (
  program: AccountBeneficiaries['program'],
  today: string,
  past: [cpf: string, date: string][],
): AccountBeneficiaries => ({
  program,
  holder_cpf: HOLDER,
  past_passengers: past.map(([cpf, date]) => ({ cpf, date })),
  today,
});

describe('movements', () => {
  it.each([
    [100_000, '+100.000'],
    [1, '+1'],
    [-30_000, '\u221230.000'],
    [0, '0'],
  ])('writes the sign of %i in text: %s', (miles, text) => {
    expect(signedMilesText(miles)).toBe(text);
  });

  it('colours miles in, out, and still to come (which count in no balance)', () => {
    expect(movementTone({ kind: 'purchase', miles: 1000 })).toBe('in');
    expect(movementTone({ kind: 'emission', miles: -1000 })).toBe('out');
    expect(movementTone({ kind: 'to_come', miles: 1000 })).toBe('pending');
    expect(movementTone({ kind: 'cancellation', miles: 0 })).toBe('none');
  });

  it("names each movement and links an emission's and a lot's page", () => {
    expect(movementDetail({ ref_type: 'emission', ref_id: ID, detail: 'ABC123 GRU-LIS' })).toEqual({
      text: 'ABC123 GRU-LIS',
      to: `/emissoes/${ID}`,
    });
    expect(movementDetail({ ref_type: 'emission', ref_id: ID, detail: '' })).toEqual({
      text: 'Ver emissão',
      to: `/emissoes/${ID}`,
    });
    expect(movementDetail({ ref_type: 'lot', ref_id: ID, detail: 'MaxMilhas' })).toEqual({
      text: 'MaxMilhas',
      to: `/lotes/${ID}`,
    });
    expect(movementDetail({ ref_type: 'lot', ref_id: ID, detail: ' ' })).toEqual({
      text: 'Ver lote',
      to: `/lotes/${ID}`,
    });
    expect(movementDetail({ ref_type: 'transfer', ref_id: ID, detail: 'SMILES' })).toEqual({
      text: 'Para Smiles',
      to: null,
    });
    expect(movementDetail({ ref_type: 'credit', ref_id: ID, detail: 'LIVELO' })).toEqual({
      text: 'Transferência de Livelo',
      to: null,
    });
    expect(movementDetail({ ref_type: 'credit', ref_id: ID, detail: '' })).toEqual({ text: 'Transferência', to: null });
  });

  it("counts an airline account's miles and a points account's points", () => {
    expect(quantityText(1, 'LATAM')).toBe('1 milha');
    expect(quantityText(170_000, 'SMILES')).toBe('170.000 milhas');
    expect(quantityText(25_000, 'LIVELO')).toBe('25.000 pontos');
    expect(quantityText(0, 'ESFERA')).toBe('0 pontos');
  });

  it('says when the balance is not the recount of the history', () => {
    expect(balanceMismatchText({ balance_miles: 70_000, recount_miles: 70_000 })).toBeNull();
    expect(balanceMismatchText({ balance_miles: 170_000, recount_miles: 100_000 })).toBe(
      'O saldo (170.000) difere do histórico (100.000)',
    );
  });
});

describe('beneficiaries on a chosen day', () => {
  // LATAM Pass: 25 people per rolling 12 months. On 2026-03-15 the window is 2025-03-16 … 2026-03-15.
  const latam = beneficiaries('LATAM', '2026-03-15', [
    [ANA, '2025-03-15'], // just out of the window
    [BRUNO, '2025-03-16'],
    [BRUNO, '2025-04-01'], // his last emission: he frees his slot on 2026-04-01
    [CARLA, '2025-06-01'],
    [HOLDER, '2026-01-10'], // the holder takes no slot
  ]);

  it('starts 30 days after the agency’s today', () => {
    expect(defaultBeneficiaryDay('2026-03-15')).toBe('2026-04-14');
    expect(defaultBeneficiaryDay('2026-12-15')).toBe('2027-01-14');
  });

  it('counts the free slots today and on the day chosen, with no emission in between', () => {
    expect(freeSlotsText(beneficiariesOn(latam, latam.today), latam.today, latam.today)).toBe(
      '23 de 25 vagas livres hoje',
    );
    expect(beneficiariesOnDayText(latam, '2026-03-31')).toEqual({
      text: '23 de 25 vagas livres em 31/03/2026',
      invalid: false,
    });
    expect(beneficiariesOnDayText(latam, '2026-04-01')).toEqual({
      text: '24 de 25 vagas livres em 01/04/2026',
      invalid: false,
    });
    expect(beneficiariesOnDayText(latam, '2026-06-01').text).toBe('25 de 25 vagas livres em 01/06/2026');
    expect(beneficiariesOnDayText(latam, latam.today).text).toBe('23 de 25 vagas livres hoje');
  });

  it('refuses a day before today, or not a day', () => {
    expect(beneficiariesOnDayText(latam, '2026-03-14')).toEqual({
      text: 'Escolha uma data a partir de hoje.',
      invalid: true,
    });
    expect(beneficiariesOnDayText(latam, '31/02')).toEqual({
      text: 'Informe uma data válida (dd/mm/aaaa).',
      invalid: true,
    });
    expect(beneficiariesOnDayText(latam, '').invalid).toBe(true);
  });

  it('says when the window frees the next slot: 12 months after the person’s last emission', () => {
    expect(nextFreedDay(latam, latam.today)).toBe('2026-04-01');
    expect(nextFreedText('rolling_12_months', '2026-04-01')).toBe('Próxima vaga livre em 01/04/2026');
    // 29 February: on 28/02 of the next year the window still starts on 29/02, so the slot comes back on 01/03.
    const leap = beneficiaries('LATAM', '2025-02-01', [[ANA, '2024-02-29']]);
    expect(nextFreedDay(leap, leap.today)).toBe('2025-03-01');
    expect(nextFreedDay(beneficiaries('LATAM', '2026-03-15', []), '2026-03-15')).toBeNull();
  });

  it('frees a calendar year’s slots on 1 January, and a fixed list’s never', () => {
    const smiles = beneficiaries('SMILES', '2026-03-15', [[ANA, '2026-01-05']]);
    expect(nextFreedDay(smiles, smiles.today)).toBe('2027-01-01');
    expect(nextFreedText('calendar_year', '2027-01-01')).toBe('Vagas livres de novo em 01/01/2027');
    expect(beneficiariesOnDayText(smiles, '2026-12-31').text).toBe('24 de 25 vagas livres em 31/12/2026');
    expect(beneficiariesOnDayText(smiles, '2027-01-01').text).toBe('25 de 25 vagas livres em 01/01/2027');

    const azul = beneficiaries('AZUL', '2026-03-15', [[ANA, '2020-01-01']]);
    expect(nextFreedDay(azul, azul.today)).toBeNull();
    expect(beneficiariesOnDayText(azul, '2030-01-01').text).toBe('4 de 5 vagas livres em 01/01/2030');
  });

  it('has no slots to count for a programme without a limit', () => {
    const avianca = beneficiaries('AVIANCA', '2026-03-15', [[ANA, '2026-01-05']]);
    expect(freeSlotsText(beneficiariesOn(avianca, avianca.today), avianca.today, avianca.today)).toBeNull();
    expect(nextFreedDay(avianca, avianca.today)).toBeNull();
  });

  it('explains how each window frees its slots', () => {
    expect(beneficiaryRuleText('rolling_12_months', 25)).toBe(
      'Até 25 pessoas em 12 meses corridos: cada vaga volta 12 meses depois da última emissão para a pessoa.',
    );
    expect(beneficiaryRuleText('calendar_year', 10)).toBe(
      'Até 10 pessoas por ano civil: todas as vagas voltam em 1º de janeiro.',
    );
    expect(beneficiaryRuleText('fixed_list', 5)).toBe('Lista fixa de 5 pessoas: as vagas não voltam com o tempo.');
  });
});

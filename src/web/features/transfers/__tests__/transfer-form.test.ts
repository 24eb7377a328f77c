import { describe, expect, it } from 'vitest';
import { TRANSFER_MESSAGES } from '@domain/transfers/transfer.schema';
import {
  accountBalance,
  accountOptionLabel,
  exceedsBalance,
  maskMoney,
  maskPercent,
  previewText,
  sameHolder,
  sortByProgram,
  toTransferFormState,
  transferDestinations,
  transferFormResolver,
  transferPreview,
  transferSavedText,
  transferSources,
  typedBonus,
  type TransferFormState,
} from '../transfer-form';
import type { AccountOption, Credit, Transfer } from '../types';

const TODAY = '2026-03-10';
const MARIA = '11111111-1111-4111-8111-111111111111';
const JOAO = '22222222-2222-4222-8222-222222222222';

let seq = 0;
function account(overrides: Partial<AccountOption>): AccountOption {
  seq += 1;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    program: 'LATAM',
    account_number: String(100000 + seq),
    nickname: null,
    client_id: null,
    client_name: null,
    ...overrides,
  };
}

const mariaLivelo = account({ program: 'LIVELO', client_id: MARIA, client_name: 'Maria Silva' });
const mariaLatam = account({ program: 'LATAM', client_id: MARIA, client_name: 'Maria Silva' });
const mariaSmiles = account({ program: 'SMILES', client_id: MARIA, client_name: 'Maria Silva' });
const mariaEsfera = account({ program: 'ESFERA', client_id: MARIA, client_name: 'Maria Silva' });
const joaoAzul = account({ program: 'AZUL', client_id: JOAO, client_name: 'João Souza' });
const agencyEsfera = account({ program: 'ESFERA' });
const agencyOther = account({ program: 'POINTS_OTHER' });
const agencyTap = account({ program: 'TAP' });
const agencyOtherAirline = account({ program: 'OTHER' });
const ALL = [
  mariaLatam,
  agencyTap,
  mariaLivelo,
  joaoAzul,
  agencyEsfera,
  mariaSmiles,
  agencyOther,
  mariaEsfera,
  agencyOtherAirline,
];

describe('transfer accounts', () => {
  it('offer as sources only the points programmes (Livelo, Esfera, another)', () => {
    expect(transferSources(ALL)).toEqual([mariaLivelo, agencyEsfera, agencyOther, mariaEsfera]);
  });

  it("offer as destinations only the airline accounts of the source's holder", () => {
    expect(transferDestinations(ALL, mariaLivelo)).toEqual([mariaLatam, mariaSmiles]);
    // The agency's own points go to the agency's own airline accounts, never to a client's.
    expect(transferDestinations(ALL, agencyEsfera)).toEqual([agencyTap, agencyOtherAirline]);
    expect(transferDestinations(ALL, undefined)).toEqual([]);
  });

  it.each([
    [{ client_id: MARIA }, { client_id: MARIA }, true],
    [{ client_id: null }, { client_id: null }, true],
    [{ client_id: MARIA }, { client_id: JOAO }, false],
    [{ client_id: MARIA }, { client_id: null }, false],
  ])('sameHolder(%j, %j) → %s', (a, b, expected) => expect(sameHolder(a, b)).toBe(expected));

  it("sort by the catalogue's programme order, keeping the API's order within one", () => {
    expect(sortByProgram(transferSources(ALL)).map((a) => a.program)).toEqual([
      'LIVELO',
      'ESFERA',
      'ESFERA',
      'POINTS_OTHER',
    ]);
    expect(sortByProgram([agencyEsfera, mariaEsfera])).toEqual([agencyEsfera, mariaEsfera]);
  });

  it('name an account by programme, number, nickname and holder, with its balance once known', () => {
    expect(accountOptionLabel(mariaLivelo)).toBe(`Livelo · ${mariaLivelo.account_number} — Maria Silva`);
    expect(accountOptionLabel({ ...agencyEsfera, nickname: 'Principal' }, 25_000)).toBe(
      `Esfera · ${agencyEsfera.account_number} · Principal — Agência (25.000 pontos)`,
    );
    expect(accountOptionLabel(agencyOther, 1)).toContain('(1 ponto)');
    expect(accountOptionLabel(agencyOther, null)).not.toContain('(');
  });

  it("sum an account's available lots as its balance", () => {
    expect(accountBalance(undefined)).toBeNull();
    expect(accountBalance({ data: [] })).toBe(0);
    const lot = { cost_per_thousand: '20.0000', expiry_date: null, purchase_date: TODAY, supplier: null } as const;
    expect(
      accountBalance({
        data: [
          { ...lot, id: 'a', remaining_quantity: 30_000, status: 'available' },
          { ...lot, id: 'b', remaining_quantity: 12_500, status: 'available' },
        ],
      }),
    ).toBe(42_500);
  });

  it.each([
    ['50000', 40_000, true],
    ['40000', 40_000, false],
    ['', 40_000, false],
    ['abc', 40_000, false],
    ['999999', null, false],
  ] as const)('exceedsBalance(%j, %s) → %s', (points, balance, expected) =>
    expect(exceedsBalance(points, balance)).toBe(expected),
  );
});

describe('transfer preview', () => {
  const values = (points: string, ratio = '', bonus = '') => ({ points, ratio, bonus_percent: bonus });

  it('uses transferQuantities: 100.000 points at 1:1 with 100 % bonus', () => {
    const preview = transferPreview(values('100000', '1', '100'), null);
    expect(preview).toEqual({ kind: 'miles', base_miles: 100_000, bonus_miles: 100_000, bonus_percent: 100 });
    if (preview.kind !== 'miles') throw new Error('expected miles');
    expect(previewText(preview)).toBe('Você receberá 100.000 milhas + 100.000 de bônus');
  });

  it("reads a blank ratio as the agency's ratio for the pair, and waits while it is unknown", () => {
    expect(transferPreview(values('10000'), '0.5000')).toMatchObject({ base_miles: 5_000, bonus_miles: 0 });
    expect(transferPreview(values('10000'), null)).toEqual({ kind: 'empty' });
    // What is typed wins over the pair's.
    expect(transferPreview(values('10000', '2'), '0.5000')).toMatchObject({ base_miles: 20_000 });
  });

  it('says nothing of a bonus without one, and counts one mile in the singular', () => {
    const noBonus = transferPreview(values('30000', '1,5', '0'), null);
    if (noBonus.kind !== 'miles') throw new Error('expected miles');
    expect(previewText(noBonus)).toBe('Você receberá 45.000 milhas');
    const one = transferPreview(values('2', '0,5'), null);
    if (one.kind !== 'miles') throw new Error('expected miles');
    expect(previewText(one)).toBe('Você receberá 1 milha');
  });

  it('rounds miles down as programmes do (base, then the bonus on it)', () => {
    expect(transferPreview(values('3', '0,5', '50'), null)).toMatchObject({ base_miles: 1, bonus_miles: 0 });
    expect(transferPreview(values('1001', '1', '25'), null)).toMatchObject({ base_miles: 1001, bonus_miles: 250 });
  });

  it('is empty until points, ratio and bonus are readable, and says so when the points give no mile', () => {
    expect(transferPreview(values(''), '1.0000')).toEqual({ kind: 'empty' });
    expect(transferPreview(values('1000', 'abc'), '1.0000')).toEqual({ kind: 'empty' });
    expect(transferPreview(values('1000', '1', '301'), null)).toEqual({ kind: 'empty' });
    expect(transferPreview(values('1', '0,5'), null)).toEqual({ kind: 'no-miles', message: TRANSFER_MESSAGES.noMiles });
  });

  it.each([
    ['', 0],
    ['0', 0],
    ['80', 80],
    ['301', 0],
    ['x', 0],
  ])('typedBonus(%j) → %s', (bonus, expected) => expect(typedBonus(bonus)).toBe(expected));
});

describe('transfer form', () => {
  const resolve = async (state: TransferFormState) => {
    const resolver = transferFormResolver(TODAY);
    return resolver(state, undefined, { fields: {}, shouldUseNativeValidation: false });
  };
  const filled: TransferFormState = {
    ...toTransferFormState(TODAY),
    source_account_id: mariaLivelo.id,
    destination_account_id: mariaLatam.id,
    points: '100000',
  };

  it('starts today, credited today, without bonus or bonus day', () => {
    expect(toTransferFormState(TODAY)).toEqual({
      source_account_id: '',
      destination_account_id: '',
      points: '',
      ratio: '',
      bonus_percent: '',
      transfer_date: TODAY,
      base_credit_date: TODAY,
      bonus_credit_date: '',
      extra_cost_cents: '',
      notes: '',
    });
  });

  it("gives the API's values: a blank ratio for the agency's, the extra cost in centavos", async () => {
    const result = await resolve({ ...filled, extra_cost_cents: '12,34', notes: '  ' });
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({
      source_account_id: mariaLivelo.id,
      points: 100_000,
      ratio: null,
      bonus_percent: 0,
      transfer_date: TODAY,
      base_credit_date: TODAY,
      bonus_credit_date: null,
      extra_cost_cents: 1234,
      notes: null,
    });
  });

  it("asks for the bonus's credit day only with a bonus, with the server's messages", async () => {
    const withBonus = await resolve({ ...filled, bonus_percent: '80' });
    expect(withBonus.errors.bonus_credit_date?.message).toBe(TRANSFER_MESSAGES.bonusDateRequired);
    const empty = await resolve(toTransferFormState(TODAY));
    expect(empty.errors.source_account_id?.message).toBe(TRANSFER_MESSAGES.sourceRequired);
    expect(empty.errors.destination_account_id?.message).toBe(TRANSFER_MESSAGES.destinationRequired);
    expect(empty.errors.points?.message).toBe(TRANSFER_MESSAGES.pointsRequired);
    const early = await resolve({ ...filled, base_credit_date: '2026-03-09' });
    expect(early.errors.base_credit_date?.message).toBe(TRANSFER_MESSAGES.creditBeforeTransfer);
  });

  it.each([
    ['R$ 1.234,56', '1.234,56'],
    ['12a,3', '12,3'],
  ])('masks money %j → %j', (typed, expected) => expect(maskMoney(typed)).toBe(expected));

  it.each([
    ['100%', '100'],
    ['1000', '100'],
    ['-5', '5'],
  ])('masks the bonus %j → %j', (typed, expected) => expect(maskPercent(typed)).toBe(expected));
});

describe('the toast once a transfer is saved', () => {
  const destination_account: Transfer['destination_account'] = {
    id: mariaLatam.id,
    program: 'LATAM',
    account_number: mariaLatam.account_number,
    holder_name: 'Maria Silva',
  };
  const credit = (status: Credit['status'], expected_quantity: number, quantity: number | null = null) =>
    ({ status, expected_quantity, quantity }) as Credit;

  it('says what was credited at once (a credit dated today) and what is still to come', () => {
    expect(
      transferSavedText({
        destination_account,
        credits: [credit('credited', 20_000, 20_000), credit('pending', 16_000)],
      }),
    ).toBe('20.000 milhas creditadas e 16.000 a creditar em LATAM Pass.');
    expect(
      transferSavedText({ destination_account, credits: [credit('pending', 20_000), credit('pending', 16_000)] }),
    ).toBe('36.000 milhas a creditar em LATAM Pass.');
    expect(transferSavedText({ destination_account, credits: [credit('credited', 1, 1)] })).toBe(
      '1 milha creditada em LATAM Pass.',
    );
  });
});

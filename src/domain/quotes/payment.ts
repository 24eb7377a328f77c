import { formatCents } from '../format';
import { divRoundHalfAwayFromZero, parseDecimalInput, type Cents } from '../money';

// How a client may pay a quote (issue #19): PIX à vista, or a credit card in 1 to 12 instalments
// with the agency's interest per number of instalments (agency settings, card_interest_percent).

export const MAX_CARD_INSTALMENTS = 12;
/** Above this a card's surcharge is a typing slip (100 % doubles the price). */
export const CARD_INTEREST_MAX_PERCENT = 100;

/**
 * The default table, per number of instalments (index 0 = 1×): up to 3× without interest, then
 * the total of a fixed-payment loan at 1,99 % a month (Tabela Price: n × i ÷ (1 − (1 + i)^−n) − 1),
 * a common card rate for travel sales. Each agency sets its own in /config → Financeiro.
 */
export const DEFAULT_CARD_INTEREST_PERCENT: readonly number[] = [
  0, 0, 0, 5.02, 6.05, 7.08, 8.12, 9.16, 10.21, 11.27, 12.33, 13.4,
];

/** A percent (≤ 2 places) as hundredths, exactly: 5.02 → 502n. */
function percentHundredths(percent: number | string): bigint {
  const text = parseDecimalInput(percent, 2);
  if (text === null) throw new RangeError(`Percentual inválido: ${String(percent)}`);
  const hundredths = BigInt(text.replace('.', ''));
  if (hundredths < 0n) throw new RangeError(`Percentual negativo: ${String(percent)}`);
  return hundredths;
}

function assertCents(value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`Valor deve ser um inteiro não negativo de centavos: ${String(value)}`);
  }
}

/**
 * `total` in `n` instalments of whole centavos that add up to it exactly: each the total ÷ n cut
 * to the centavo, and what is left over (fewer than n centavos) on the first.
 */
export function splitInstalments(total: Cents, n: number): Cents[] {
  assertCents(total);
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`Número de parcelas inválido: ${String(n)}`);
  const each = Math.floor(total / n);
  const rest = total - each * n;
  return Array.from({ length: n }, (_, i) => (i === 0 ? each + rest : each));
}

/** The price with the card's interest: price × (1 + percent ÷ 100), rounded half away from zero once. */
export function cardTotalCents(price: Cents, interestPercent: number | string): Cents {
  assertCents(price);
  const total = divRoundHalfAwayFromZero(BigInt(price) * (10_000n + percentHundredths(interestPercent)), 10_000n);
  if (total > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('Valor fora do intervalo seguro');
  return Number(total);
}

export interface CardOption {
  instalments: number;
  /** The surcharge over the price for this many instalments, in percent (0 = sem juros). */
  interest_percent: number;
  total_cents: Cents;
  /** The first instalment, which carries the centavos the split leaves over. */
  first_instalment_cents: Cents;
  /** Every other instalment. */
  instalment_cents: Cents;
}

export interface PaymentOptions {
  pix: { total_cents: Cents };
  card: CardOption[];
}

/** PIX à vista at the price, and the card from 1× to as many instalments as the table has (up to 12). */
export function paymentOptions(price: Cents, interestTable: readonly (number | string)[]): PaymentOptions {
  assertCents(price);
  const card = interestTable.slice(0, MAX_CARD_INSTALMENTS).map((interest, i): CardOption => {
    const instalments = i + 1;
    const total_cents = cardTotalCents(price, interest);
    const [first, other] = splitInstalments(total_cents, instalments);
    return {
      instalments,
      interest_percent: Number(percentHundredths(interest)) / 100,
      total_cents,
      first_instalment_cents: first!,
      instalment_cents: other ?? first!,
    };
  });
  return { pix: { total_cents: price }, card };
}

/**
 * One card option in words: '3× de R$ 706,67 sem juros', '3× (1ª de R$ 706,68 e 2× de R$ 706,66)
 * sem juros', '12× de R$ 200,44 (total R$ 2.405,28)'.
 */
export function cardOptionText(option: CardOption): string {
  const n = option.instalments;
  const amounts =
    n === 1 || option.first_instalment_cents === option.instalment_cents
      ? `${n}× de ${formatCents(option.instalment_cents)}`
      : `${n}× (1ª de ${formatCents(option.first_instalment_cents)} e ${n - 1}× de ${formatCents(option.instalment_cents)})`;
  return option.interest_percent === 0
    ? `${amounts} sem juros`
    : `${amounts} (total ${formatCents(option.total_cents)})`;
}

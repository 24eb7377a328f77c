import { daysBetweenIso, formatNumber } from '../format';
import { divRoundHalfAwayFromZero, type Cents } from '../money';
import type { LotStatus } from './lot.schema';

// ---------------------------------------------------------------------------------------------
// Exact decimals. Costs travel as PostgreSQL numeric text with 4 places ("15.5000"); they are
// read into integers of 1/10 000 real and never into binary floating point.

export const COST_SCALE = 4;
const COST_UNIT = 10n ** BigInt(COST_SCALE);

/**
 * Numeric text ("15.5", "15.5000", "-0.25") → integer scaled by 10^scale, rounded half away
 * from zero past `scale` places. Strict: "." is the only separator, as PostgreSQL writes it.
 * A TypeError for anything else, since such a value can only come from a programming error.
 */
export function numericToScaled(text: string, scale: number = COST_SCALE): bigint {
  const m = /^([+-]?)(\d+)(?:\.(\d*))?$/.exec(typeof text === 'string' ? text.trim() : '');
  if (!m) throw new TypeError(`Número decimal inválido: ${String(text)}`);
  const frac = m[3] ?? '';
  let magnitude = BigInt(m[2]! + frac.slice(0, scale).padEnd(scale, '0'));
  if ((frac[scale] ?? '0') >= '5') magnitude += 1n;
  return m[1] === '-' ? -magnitude : magnitude;
}

/** Integer scaled by 10^scale → numeric text with exactly `scale` places: 155n, 4 → "0.0155". */
export function scaledToNumeric(scaled: bigint, scale: number = COST_SCALE): string {
  const negative = scaled < 0n;
  const digits = (negative ? -scaled : scaled).toString().padStart(scale + 1, '0');
  const body = scale > 0 ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return negative ? `-${body}` : body;
}

function toSafeCents(value: bigint): Cents {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError('Valor fora do intervalo seguro');
  }
  return Number(value);
}

function assertMiles(miles: number, what: string): void {
  if (!Number.isSafeInteger(miles) || miles < 0) {
    throw new TypeError(`${what} deve ser um inteiro não negativo: ${String(miles)}`);
  }
}

/** R$ per mile → R$ per thousand miles (the "milheiro"): "0.0155" → "15.5000". Exact. */
export function costPerThousandFromPerMile(perMile: string): string {
  return scaledToNumeric(numericToScaled(perMile) * 1000n);
}

/** R$ per thousand miles → R$ per mile at 4 places, rounded half away from zero: "15.5000" → "0.0155". */
export function costPerMileFromPerThousand(perThousand: string): string {
  return scaledToNumeric(divRoundHalfAwayFromZero(numericToScaled(perThousand), 1000n));
}

/**
 * Total cost of `quantity` miles at `costPerMile` R$ each (4 places), in centavos rounded half
 * away from zero: 10 000 × "0.0155" = 15 500 centavos.
 */
export function lotTotalCostCents(quantity: number, costPerMile: string): Cents {
  assertMiles(quantity, 'Quantidade');
  // quantity × (perMile × 10^4) is in 1/10 000 real; ÷ 100 gives centavos.
  return toSafeCents(divRoundHalfAwayFromZero(BigInt(quantity) * numericToScaled(costPerMile), COST_UNIT / 100n));
}

/**
 * Cost of `miles` at a cost per thousand (numeric text), in centavos rounded half away from zero:
 * an allocation's cost, or the value of a lot's remaining miles.
 */
export function milesCostCents(miles: number, costPerThousand: string): Cents {
  assertMiles(miles, 'Milhas');
  // miles × (cpm × 10^4) ÷ 1000 is in 1/10 000 real; ÷ 100 more gives centavos.
  return toSafeCents(
    divRoundHalfAwayFromZero(BigInt(miles) * numericToScaled(costPerThousand), 1000n * (COST_UNIT / 100n)),
  );
}

// ---------------------------------------------------------------------------------------------
// Expiry (spec part 1 §2 "Expiry display"; the window is the agency's expiry_alert_days)

export const DEFAULT_EXPIRY_WARNING_DAYS = 30;

/** Calendar days from today to the expiry (negative once past, 0 on the day); null without a valid date. */
export function daysToExpiry(expiryIso: string | null, todayIso: string): number | null {
  if (expiryIso === null) return null;
  return daysBetweenIso(todayIso, expiryIso);
}

/**
 * A lot expires at the end of its expiry day: on that day it is still usable, from the next day
 * it is expired. This one rule serves the planner, "Marcar Expirados" (expiry_date < today) and
 * the display, so the three never disagree.
 */
export function isLotExpired(expiryIso: string | null, todayIso: string): boolean {
  return expiryIso !== null && expiryIso < todayIso;
}

export type ExpiryTone = 'expired' | 'warning' | 'good' | 'none';

export interface ExpiryDisplay {
  tone: ExpiryTone;
  days: number | null;
  text: string;
  /** The warning icon next to the countdown (spec: "warning icon"). */
  show_warning_icon: boolean;
}

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/**
 * The "Vencimento" countdown: red 'Expirado há N dias' once past, yellow 'N dias restantes' with
 * a warning icon from 0 to `warningDays`, green 'N dias' beyond; 'Sem vencimento' without a date.
 * Never throws: an invalid date gives tone 'none' and no text.
 */
export function expiryDisplay(
  expiryIso: string | null,
  todayIso: string,
  warningDays: number = DEFAULT_EXPIRY_WARNING_DAYS,
): ExpiryDisplay {
  if (expiryIso === null) return { tone: 'none', days: null, text: 'Sem vencimento', show_warning_icon: false };
  const days = daysToExpiry(expiryIso, todayIso);
  if (days === null) return { tone: 'none', days: null, text: '', show_warning_icon: false };
  if (days < 0)
    return { tone: 'expired', days, text: `Expirado há ${plural(-days, 'dia', 'dias')}`, show_warning_icon: false };
  if (days <= warningDays) {
    return { tone: 'warning', days, text: plural(days, 'dia restante', 'dias restantes'), show_warning_icon: true };
  }
  return { tone: 'good', days, text: plural(days, 'dia', 'dias'), show_warning_icon: false };
}

/** "Expirando" for cards and alerts: 0 to `warningDays` days left (expired lots are not "expiring"). */
export function isExpiringSoon(
  expiryIso: string | null,
  todayIso: string,
  warningDays: number = DEFAULT_EXPIRY_WARNING_DAYS,
): boolean {
  const days = daysToExpiry(expiryIso, todayIso);
  return days !== null && days >= 0 && days <= warningDays;
}

// ---------------------------------------------------------------------------------------------
// Utilisation (the row's progress bar and "% restante"; rounding to 1 place is formatPercent's)

function clampPercent(value: number): number {
  return Math.min(100, Math.max(0, value));
}

/** Percent of the lot already used: (original − remaining) ÷ original × 100; 0 for an empty lot. */
export function utilisationPercent(original: number, remaining: number): number {
  if (!(original > 0)) return 0;
  return clampPercent(((original - remaining) / original) * 100);
}

/** Percent of the lot still available: remaining ÷ original × 100; 0 for an empty lot. */
export function remainingPercent(original: number, remaining: number): number {
  if (!(original > 0)) return 0;
  return clampPercent((remaining / original) * 100);
}

// ---------------------------------------------------------------------------------------------
// Status transitions (spec part 1 §4 "Lots")

/** After miles are taken: used at 0, otherwise available. Remaining below 0 breaks the lot invariant. */
export function lotStatusAfterAllocation(remaining: number): Extract<LotStatus, 'available' | 'used'> {
  if (!Number.isSafeInteger(remaining) || remaining < 0) {
    throw new RangeError(`Saldo do lote inválido após alocação: ${String(remaining)}`);
  }
  return remaining === 0 ? 'used' : 'available';
}

export interface LotReleaseState {
  status: string;
  expiry_date: string | null;
}

/**
 * After miles come back (an emission cancelled): available, as the spec says, except that a lot
 * past its expiry becomes expired rather than spendable again, and a reserved lot stays reserved.
 */
export function lotStatusAfterRelease(
  lot: LotReleaseState,
  todayIso: string,
): Extract<LotStatus, 'available' | 'reserved' | 'expired'> {
  if (lot.status === 'expired' || isLotExpired(lot.expiry_date, todayIso)) return 'expired';
  if (lot.status === 'reserved') return 'reserved';
  return 'available';
}

/** "Marcar Expirados": available lots whose expiry day has passed. */
export function shouldMarkExpired(lot: LotReleaseState, todayIso: string): boolean {
  return lot.status === 'available' && isLotExpired(lot.expiry_date, todayIso);
}

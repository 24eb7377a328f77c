// Exact money: amounts travel as integer centavos (DESIGN.md §2, "Money is exact").
// Parsing and rounding work on decimal strings and BigInt, never on binary floating point,
// so "0,1" + "0,2" is exactly 30 centavos and 1,005 rounds to 1,01.

export type Cents = number;

function assertCents(value: number, what = 'valor'): void {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`${what} em centavos deve ser um inteiro seguro: ${String(value)}`);
  }
}

/** Integer division rounded half away from zero (commercial rounding). */
export function divRoundHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('Divisão por zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  let q = n / d;
  if ((n % d) * 2n >= d) q += 1n;
  return negative ? -q : q;
}

interface DecimalParts {
  negative: boolean;
  /** integer digits, possibly empty */
  int: string;
  /** fraction digits, possibly empty */
  frac: string;
}

// String(n) gives the shortest decimal that round-trips, i.e. what a person wrote (10.5,
// 1.005); exponent forms (1e21, 1e-7) are expanded into plain digits.
function numberToParts(n: number): DecimalParts | null {
  if (!Number.isFinite(n)) return null;
  const negative = n < 0;
  const s = String(Math.abs(n));
  const exp = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(s);
  if (!exp) {
    const [int = '', frac = ''] = s.split('.');
    return { negative, int, frac };
  }
  const lead = exp[1] ?? '';
  const digits = lead + (exp[2] ?? '');
  const point = lead.length + Number(exp[3]);
  if (point <= 0) return { negative, int: '0', frac: '0'.repeat(-point) + digits };
  if (point >= digits.length) {
    return { negative, int: digits + '0'.repeat(point - digits.length), frac: '' };
  }
  return { negative, int: digits.slice(0, point), frac: digits.slice(point) };
}

const GROUPED_DOT = /^\d{1,3}(?:\.\d{3})+$/;
const GROUPED_COMMA = /^\d{1,3}(?:,\d{3})+$/;

// Accepts what people type or paste as an amount in Brazil: "1.234,56", "1234,56",
// "1234.56", "R$ 1.234,56", "-R$ 10,00", "1.234" (pt-BR thousands). The last separator is
// the decimal one when both appear; a single "." followed by exactly three digits is read
// as a thousands separator, as a Brazilian reader would.
function stringToParts(input: string): DecimalParts | null {
  const m = /^([+-]?)\s*(?:R\$)?\s*([+-]?)\s*([\d.,]+)$/i.exec(input.trim());
  if (!m) return null;
  const [, sign1 = '', sign2 = '', body = ''] = m;
  if (sign1 && sign2) return null;
  const negative = (sign1 || sign2) === '-';
  let commas = 0;
  let dots = 0;
  for (const c of body) {
    if (c === ',') commas += 1;
    else if (c === '.') dots += 1;
  }
  // Only separators, no digit.
  if (commas + dots === body.length) return null;

  let intRaw: string;
  let frac: string;

  if (commas > 0 && dots > 0) {
    const decimalSep = body.lastIndexOf(',') > body.lastIndexOf('.') ? ',' : '.';
    if ((decimalSep === ',' ? commas : dots) !== 1) return null;
    const at = body.lastIndexOf(decimalSep);
    intRaw = body.slice(0, at);
    frac = body.slice(at + 1);
    if (!(decimalSep === ',' ? GROUPED_DOT : GROUPED_COMMA).test(intRaw)) return null;
    intRaw = intRaw.replace(/[.,]/g, '');
  } else if (commas > 0) {
    if (commas !== 1) return null;
    [intRaw = '', frac = ''] = body.split(',');
  } else if (dots > 1 || /^[1-9]\d{0,2}\.\d{3}$/.test(body)) {
    if (!GROUPED_DOT.test(body)) return null;
    intRaw = body.replace(/\./g, '');
    frac = '';
  } else if (dots === 1) {
    [intRaw = '', frac = ''] = body.split('.');
  } else {
    intRaw = body;
    frac = '';
  }
  if (!/^\d*$/.test(intRaw) || !/^\d*$/.test(frac)) return null;
  if (intRaw === '' && frac === '') return null;
  return { negative, int: intRaw, frac };
}

function partsToScaled(parts: DecimalParts, decimals: number): bigint {
  const kept = parts.frac.slice(0, decimals).padEnd(decimals, '0');
  let magnitude = BigInt((parts.int || '0') + kept);
  // Half away from zero: only the first dropped digit decides.
  if ((parts.frac[decimals] ?? '0') >= '5') magnitude += 1n;
  return parts.negative ? -magnitude : magnitude;
}

/**
 * Parses a decimal amount into an integer scaled by 10^decimals, rounded half away from
 * zero. `parseScaledDecimal("0,0155", 4)` → 155n. Null for anything that is not a number.
 */
function parseScaledDecimal(input: string | number, decimals: number): bigint | null {
  const parts = typeof input === 'number' ? numberToParts(input) : stringToParts(input);
  return parts ? partsToScaled(parts, decimals) : null;
}

const ZERO = 48;
const NINE = 57;
const DOT = 46;
const COMMA = 44;

/**
 * The shapes a spreadsheet's amounts nearly always have — "1234", "1234,5", "1.234,56",
 * "12.000" — read in one pass into a safe integer scaled by 10^decimals, as stringToParts and
 * partsToScaled read them, without their regular expressions, splits and BigInt (an import checks
 * 400,000 amounts). `undefined` for anything else (a sign, "R$", a space, "." as the decimal
 * separator, more than 15 digits): the general path decides. money.test.ts holds the two equal
 * over every string of up to 7 digits and separators.
 */
function scaledPlain(s: string, decimals: number): number | undefined {
  const n = s.length;
  let value = 0;
  let intDigits = 0;
  let dots = 0;
  let lastDot = -1;
  let i = 0;
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c >= ZERO && c <= NINE) {
      value = value * 10 + (c - ZERO);
      intDigits += 1;
    } else if (c === DOT) {
      // Thousands: one to three digits before the first dot, three between and after each.
      if (dots === 0 ? i < 1 || i > 3 : i - lastDot !== 4) return undefined;
      dots += 1;
      lastDot = i;
    } else if (c === COMMA) break;
    else return undefined;
  }
  if (intDigits === 0 || intDigits + decimals > 15) return undefined;
  if (dots > 0) {
    if (i - lastDot !== 4) return undefined;
    // "0.500" alone is half (a decimal point), as the general path reads it.
    if (i === n && dots === 1 && s.charCodeAt(0) === ZERO) return undefined;
  }
  let taken = 0;
  let roundUp = false;
  for (let j = i + 1; j < n; j++) {
    const c = s.charCodeAt(j);
    if (c < ZERO || c > NINE) return undefined;
    if (taken < decimals) {
      value = value * 10 + (c - ZERO);
      taken += 1;
    } else if (taken === decimals && j === i + 1 + decimals) roundUp = c >= ZERO + 5;
  }
  for (; taken < decimals; taken++) value *= 10;
  return roundUp ? value + 1 : value;
}

/** "155" at 4 places → "0.0155": the scaled integer's digits with the separator put back. */
function scaledText(digitsOfMagnitude: string, negative: boolean, decimals: number): string {
  const digits = digitsOfMagnitude.padStart(decimals + 1, '0');
  const int = digits.slice(0, digits.length - decimals);
  const frac = digits.slice(digits.length - decimals);
  const body = decimals > 0 ? `${int}.${frac}` : int;
  return negative ? `-${body}` : body;
}

/**
 * Canonical decimal string with exactly `decimals` places and "." as separator, suitable for
 * a PostgreSQL numeric: `parseDecimalInput("0,01555", 4)` → "0.0156". Null when invalid.
 */
export function parseDecimalInput(input: string | number, decimals: number): string | null {
  if (!Number.isInteger(decimals) || decimals < 0) throw new RangeError('decimals inválido');
  const plain = typeof input === 'string' ? scaledPlain(input, decimals) : undefined;
  if (plain !== undefined) return scaledText(String(plain), false, decimals);
  const scaled = parseScaledDecimal(input, decimals);
  if (scaled === null) return null;
  const negative = scaled < 0n;
  return scaledText((negative ? -scaled : scaled).toString(), negative, decimals);
}

function scaledToCents(scaled: bigint): Cents | null {
  if (scaled > BigInt(Number.MAX_SAFE_INTEGER) || scaled < -BigInt(Number.MAX_SAFE_INTEGER)) {
    return null;
  }
  // `|| 0` turns -0 into 0 for "-0,00".
  return Number(scaled) || 0;
}

export function parseBRLToCents(input: string | number): Cents | null {
  const plain = typeof input === 'string' ? scaledPlain(input, 2) : undefined;
  if (plain !== undefined) return plain;
  const scaled = parseScaledDecimal(input, 2);
  return scaled === null ? null : scaledToCents(scaled);
}

/** "1234,56" for form inputs: comma decimal, no thousands separator. */
export function centsToInput(c: Cents): string {
  assertCents(c);
  const abs = Math.abs(c);
  const body = `${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
  return c < 0 ? `-${body}` : body;
}

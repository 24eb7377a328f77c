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
  if (!Number.isInteger(decimals) || decimals < 0) throw new RangeError('decimals inválido');
  const parts = typeof input === 'number' ? numberToParts(input) : stringToParts(input);
  return parts ? partsToScaled(parts, decimals) : null;
}

/**
 * Canonical decimal string with exactly `decimals` places and "." as separator, suitable for
 * a PostgreSQL numeric: `parseDecimalInput("0,01555", 4)` → "0.0156". Null when invalid.
 */
export function parseDecimalInput(input: string | number, decimals: number): string | null {
  const scaled = parseScaledDecimal(input, decimals);
  if (scaled === null) return null;
  const negative = scaled < 0n;
  const digits = (negative ? -scaled : scaled).toString().padStart(decimals + 1, '0');
  const int = digits.slice(0, digits.length - decimals);
  const frac = digits.slice(digits.length - decimals);
  const body = decimals > 0 ? `${int}.${frac}` : int;
  return negative ? `-${body}` : body;
}

function scaledToCents(scaled: bigint): Cents | null {
  if (scaled > BigInt(Number.MAX_SAFE_INTEGER) || scaled < -BigInt(Number.MAX_SAFE_INTEGER)) {
    return null;
  }
  // `|| 0` turns -0 into 0 for "-0,00".
  return Number(scaled) || 0;
}

export function parseBRLToCents(input: string | number): Cents | null {
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

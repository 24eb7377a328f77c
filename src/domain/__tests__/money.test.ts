import { describe, it, expect } from 'vitest';
import { centsToInput, divRoundHalfAwayFromZero, parseBRLToCents, parseDecimalInput } from '../money';

describe('parseBRLToCents accepts', () => {
  it.each<[string | number, number]>([
    ['1.234,56', 123456],
    ['1234,56', 123456],
    ['1234.56', 123456],
    ['R$ 1.234,56', 123456],
    ['R$\u00a01.234,56', 123456], // pasted from formatBRL output
    ['r$1.234,56', 123456],
    ['  10 ', 1000],
    ['10', 1000],
    ['0', 0],
    ['0,5', 50],
    ['10,5', 1050],
    [',50', 50],
    ['10,', 1000],
    ['1.234', 123400], // pt-BR thousands separator
    ['12.500', 1250000],
    ['1.234.567', 123456700],
    ['1.234.567,89', 123456789],
    ['1,234.56', 123456], // last separator is the decimal one
    ['0.123', 12], // a leading zero cannot start a thousands group
    ['1234.567', 123457], // four integer digits: "." is decimal
    ['-10,00', -1000],
    ['-R$ 10,00', -1000],
    ['R$ -10,00', -1000],
    ['+5', 500],
    ['-0,00', 0],
    ['1,005', 101], // half away from zero
    ['1,004', 100],
    ['1,0049999', 100],
    ['-1,005', -101],
    ['0,0155', 2],
    ['0,015', 2],
    ['0,014', 1],
    ['90071992547409,91', 9007199254740991], // Number.MAX_SAFE_INTEGER centavos
    [10.5, 1050],
    [0, 0],
    [-0, 0],
    [1.005, 101], // 1.005 is 1.00499999… in binary; the shortest decimal form rounds up
    [0.1 + 0.2, 30],
    [-2.345, -235],
    [1e-7, 0],
    [1e13, 1e15],
  ])('%j → %d', (input, expected) => {
    expect(parseBRLToCents(input)).toBe(expected);
  });
});

describe('parseBRLToCents rejects', () => {
  it.each<[string | number]>([
    [''],
    ['   '],
    ['abc'],
    ['1,2,3'],
    ['1.2.3'],
    ['1.23.456'],
    ['12.34.567,00'],
    ['1.234,5.6'],
    ['1,234,567'],
    [','],
    ['.'],
    ['R$'],
    ['-'],
    ['--1'],
    ['-R$ -1'],
    ['1 234,56'],
    ['10 reais'],
    ['1e3'],
    ['0x10'],
    ['90071992547409,92'], // one centavo past the safe-integer range
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [1e15], // 1e17 centavos: past the safe-integer range
  ])('%j → null', (input) => {
    expect(parseBRLToCents(input)).toBeNull();
  });
});

describe('parseDecimalInput', () => {
  it.each<[string | number, number, string | null]>([
    ['0,0155', 4, '0.0155'],
    ['0,01555', 4, '0.0156'],
    ['15', 2, '15.00'],
    ['13,8', 2, '13.80'],
    ['-0,00005', 4, '-0.0001'],
    ['1.234,5', 2, '1234.50'],
    ['-0,5', 2, '-0.50'],
    ['-0,001', 2, '0.00'],
    ['42', 0, '42'],
    [0.0155, 4, '0.0155'],
    ['abc', 2, null],
  ])('parseDecimalInput(%j, %d) → %j', (input, decimals, expected) => {
    expect(parseDecimalInput(input, decimals)).toBe(expected);
  });
});

/** Every string of 1 to `max` characters over `alphabet`. */
function* allStrings(alphabet: string, max: number): Generator<string> {
  let level = [''];
  for (let length = 1; length <= max; length++) {
    level = level.flatMap((s) => alphabet.split('').map((c) => s + c));
    yield* level;
  }
}

describe('the one-pass reading of plain amounts', () => {
  // A leading space takes the general path (regular expressions and BigInt), which trims it: the
  // one-pass reading of the same text must answer exactly what it answers.
  it('answers as the general path for every string of up to 7 digits and separators', () => {
    const differ: string[] = [];
    for (const s of allStrings('0159.,', 7)) {
      for (const decimals of [0, 2, 4]) {
        const plain = parseDecimalInput(s, decimals);
        const general = parseDecimalInput(` ${s}`, decimals);
        if (plain !== general) differ.push(`${s} @${decimals}: ${plain} ≠ ${general}`);
      }
      if (parseBRLToCents(s) !== parseBRLToCents(` ${s}`)) differ.push(`${s} cents`);
    }
    expect(differ.slice(0, 10)).toEqual([]);
  });

  it.each<[string, number, string | null]>([
    ['1.234.567,891', 2, '1234567.89'],
    ['12.000', 4, '12000.0000'],
    ['0.500', 2, '0.50'],
    ['0.500.000', 0, '500000'],
    ['1.2345', 2, '1.23'],
    ['1,005', 2, '1.01'],
    ['1,0049', 2, '1.00'],
    ['123456789012345', 0, '123456789012345'],
    ['1234567890123456', 2, '1234567890123456.00'],
    ['9007199254740993', 0, '9007199254740993'],
    ['1.23', 2, '1.23'],
    ['1,2,3', 2, null],
    ['1.234,56,7', 2, null],
  ])('parseDecimalInput(%j, %d) → %j', (input, decimals, expected) => {
    expect(parseDecimalInput(input, decimals)).toBe(expected);
  });
});

describe('divRoundHalfAwayFromZero', () => {
  it.each<[bigint, bigint, bigint]>([
    [5n, 2n, 3n],
    [-5n, 2n, -3n],
    [5n, -2n, -3n],
    [4n, 3n, 1n],
    [-4n, 3n, -1n],
    [0n, 7n, 0n],
  ])('%s ÷ %s → %s', (n, d, expected) => {
    expect(divRoundHalfAwayFromZero(n, d)).toBe(expected);
  });

  it('rejects division by zero', () => {
    expect(() => divRoundHalfAwayFromZero(1n, 0n)).toThrow(RangeError);
  });
});

describe('centsToInput', () => {
  it.each([
    [123456, '1234,56'],
    [5, '0,05'],
    [100, '1,00'],
    [0, '0,00'],
    [-123456, '-1234,56'],
    [-5, '-0,05'],
  ])('%d → %j', (cents, expected) => {
    expect(centsToInput(cents)).toBe(expected);
  });

  it('round-trips through parseBRLToCents', () => {
    for (const cents of [0, 1, 99, 100, 123456, -7, 9007199254740991]) {
      expect(parseBRLToCents(centsToInput(cents))).toBe(cents);
    }
  });
});

// Valid CPFs for tests: nine digits from `n` plus the Receita Federal check digits.

function checkDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (digits.length + 1 - i);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/** cpf(1) → '10000000108'; a distinct valid CPF for every n below 900 000 000. */
export function cpf(n: number): string {
  const base = String(100_000_000 + n);
  const first = base + String(checkDigit(base));
  return first + String(checkDigit(first));
}

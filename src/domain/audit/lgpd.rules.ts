// LGPD anonymisation (issue #20, docs/decisions/0027-audit-log-and-lgpd.md): what stands in for
// a CPF that was erased, so the limits per beneficiary (src/domain/emissions/beneficiaries.ts)
// still count the person once.

const CPF_WEIGHTS_1 = [10, 9, 8, 7, 6, 5, 4, 3, 2] as const;
const CPF_WEIGHTS_2 = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2] as const;

function checkDigit(digits: string, weights: readonly number[]): number {
  const sum = weights.reduce((acc, w, i) => acc + Number(digits[i]) * w, 0);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/**
 * The 11 digits an anonymised person's CPF becomes in emission_passengers (which holds 11 digits):
 * 9 taken from the SHA-256 of the CPF (`documentHash`, hex), then check digits made wrong on
 * purpose, so it is never a real CPF — no passenger typed later can be mistaken for it — while the
 * same person always gives the same stand-in, and the beneficiary count sees one person.
 */
export function pseudonymCpf(documentHash: string): string {
  if (!/^[0-9a-f]{64}$/i.test(documentHash)) throw new TypeError('Hash SHA-256 inválido');
  const base = (BigInt(`0x${documentHash.slice(0, 15)}`) % 1_000_000_000n).toString().padStart(9, '0');
  const d1 = checkDigit(base, CPF_WEIGHTS_1);
  const d2 = checkDigit(`${base}${d1}`, CPF_WEIGHTS_2);
  return `${base}${d1}${(d2 + 1) % 10}`;
}

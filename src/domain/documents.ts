// Brazilian documents (CPF, CNPJ) and phone numbers: validation, display formats and
// as-you-type masks. Pure string functions, shared by web forms, CSV import and the API.

export const CPF_LENGTH = 11;
export const CNPJ_LENGTH = 14;
export const PHONE_MIN_LENGTH = 10;
export const PHONE_MAX_LENGTH = 11;

export function onlyDigits(s: string): string {
  return s.replace(/\D/g, '');
}

function allSameDigit(digits: string): boolean {
  return /^(\d)\1*$/.test(digits);
}

// Modulo-11 check digit as defined by the Receita Federal for CPF and CNPJ:
// remainder < 2 gives 0, otherwise 11 - remainder.
function mod11CheckDigit(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) {
    sum += Number(digits[i]) * (weights[i] ?? 0);
  }
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

const CPF_WEIGHTS_1 = [10, 9, 8, 7, 6, 5, 4, 3, 2] as const;
const CPF_WEIGHTS_2 = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2] as const;
const CNPJ_WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const;
const CNPJ_WEIGHTS_2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const;

export function isValidCpf(s: string): boolean {
  const d = onlyDigits(s);
  if (d.length !== CPF_LENGTH || allSameDigit(d)) return false;
  return mod11CheckDigit(d, CPF_WEIGHTS_1) === Number(d[9]) && mod11CheckDigit(d, CPF_WEIGHTS_2) === Number(d[10]);
}

export function isValidCnpj(s: string): boolean {
  const d = onlyDigits(s);
  if (d.length !== CNPJ_LENGTH || allSameDigit(d)) return false;
  return mod11CheckDigit(d, CNPJ_WEIGHTS_1) === Number(d[12]) && mod11CheckDigit(d, CNPJ_WEIGHTS_2) === Number(d[13]);
}

export function formatCpf(s: string): string {
  const d = onlyDigits(s);
  if (d.length !== CPF_LENGTH) return d;
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}

export function formatCnpj(s: string): string {
  const d = onlyDigits(s);
  if (d.length !== CNPJ_LENGTH) return d;
  return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
}

/** Formats by digit count: 11 as CPF, 14 as CNPJ, anything else as bare digits. */
export function formatCpfOrCnpj(s: string): string {
  const d = onlyDigits(s);
  if (d.length === CPF_LENGTH) return formatCpf(d);
  if (d.length === CNPJ_LENGTH) return formatCnpj(d);
  return d;
}

// Applies a pattern ('#' = one digit) only as far as there are digits, so separators appear
// as soon as the digit after them is typed and disappear again on backspace.
function applyMask(digits: string, pattern: string): string {
  let out = '';
  let i = 0;
  for (const ch of pattern) {
    if (i >= digits.length) break;
    if (ch === '#') {
      out += digits[i];
      i++;
    } else {
      out += ch;
    }
  }
  return out;
}

export function maskCpf(typed: string): string {
  return applyMask(onlyDigits(typed).slice(0, CPF_LENGTH), '###.###.###-##');
}

export function maskCnpj(typed: string): string {
  return applyMask(onlyDigits(typed).slice(0, CNPJ_LENGTH), '##.###.###/####-##');
}

export function formatPhone(s: string): string {
  const d = onlyDigits(s);
  if (d.length === 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  if (d.length === 11) return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
  return d;
}

export function maskPhone(typed: string): string {
  const d = onlyDigits(typed).slice(0, PHONE_MAX_LENGTH);
  return applyMask(d, d.length === PHONE_MAX_LENGTH ? '(##) #####-####' : '(##) ####-####');
}

export function isValidPhone(s: string): boolean {
  const d = onlyDigits(s);
  if (d.length !== PHONE_MIN_LENGTH && d.length !== PHONE_MAX_LENGTH) return false;
  const ddd = Number(d.slice(0, 2));
  return ddd >= 11 && ddd <= 99;
}

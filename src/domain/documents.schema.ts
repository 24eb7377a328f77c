import { z } from './zod';
import { isValidCnpj, isValidPhone, onlyDigits } from './documents';
import { isWellFormedText } from './text.schema';

// Masks people type around the digits. Anything else (letters, say) is refused rather than
// stripped: "not a phone" stripped to nothing would silently erase the stored number.
const PHONE_CHARACTERS = /^[\d\s().+-]*$/;
const DOCUMENT_CHARACTERS = /^[\d\s./-]*$/;

/** Text that is a phone or document as typed: only digits and mask characters, with at least one digit when not blank. */
export function isTypedNumber(value: string, allowed: RegExp): boolean {
  const trimmed = value.trim();
  return trimmed === '' || (isWellFormedText(value) && allowed.test(trimmed) && /\d/.test(trimmed));
}

export const isTypedPhone = (value: string) => isTypedNumber(value, PHONE_CHARACTERS);
export const isTypedDocument = (value: string) => isTypedNumber(value, DOCUMENT_CHARACTERS);

/** CNPJ as typed (masked or digits) → 14 digits. Spec part 2 §5: length message first, then check digits. */
export const cnpjSchema = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? 'CNPJ é obrigatório' : 'CNPJ inválido') })
  .refine((v) => v.trim() === '' || isTypedDocument(v), { error: 'CNPJ inválido', abort: true })
  .transform(onlyDigits)
  .refine((d) => d.length === 14, 'CNPJ deve ter 14 dígitos')
  .refine(isValidCnpj, 'CNPJ inválido');

/** Optional phone as typed → digits or null. Spec part 1 §5: (NN) NNNN-NNNN or (NN) NNNNN-NNNN. */
export const optionalPhoneSchema = z
  .string({ error: 'Telefone inválido' })
  .optional()
  .nullable()
  .refine((v) => !v || isTypedPhone(v), { error: 'Telefone inválido', abort: true })
  .transform((v) => (v ? onlyDigits(v) : ''))
  .refine((d) => d === '' || isValidPhone(d), 'Telefone inválido')
  .transform((d) => (d === '' ? null : d));

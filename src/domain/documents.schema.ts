import { z } from 'zod';
import { isValidCnpj, isValidPhone, onlyDigits } from './documents';

/** CNPJ as typed (masked or digits) → 14 digits. Spec part 2 §5: length message first, then check digits. */
export const cnpjSchema = z
  .string({ error: 'CNPJ é obrigatório' })
  .transform(onlyDigits)
  .refine((d) => d.length === 14, 'CNPJ deve ter 14 dígitos')
  .refine(isValidCnpj, 'CNPJ inválido');

/** Optional phone as typed → digits or null. Spec part 1 §5: (NN) NNNN-NNNN or (NN) NNNNN-NNNN. */
export const optionalPhoneSchema = z
  .string()
  .optional()
  .nullable()
  .transform((v) => (v ? onlyDigits(v) : ''))
  .refine((d) => d === '' || isValidPhone(d), 'Telefone inválido')
  .transform((d) => (d === '' ? null : d));

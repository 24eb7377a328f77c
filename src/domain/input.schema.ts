import { refuse, z } from './zod';
import { parseBRLToCents, type Cents } from './money';
import { isBlank } from './text.schema';

// Small form inputs several forms share (issue #23: clubs and cards), parsed as people type them.

/** A day of the month, 1–31, as typed ("5", "31") or sent (5); blank → `required`. */
export function dayOfMonthSchema(m: { required: string; range: string }) {
  return z
    .union([z.string(), z.number()], { error: m.range })
    .nullable()
    .optional()
    .transform((v, ctx): number => {
      if (isBlank(v)) {
        return refuse(ctx, m.required);
      }
      const s = String(v).trim();
      const n = /^\d{1,2}$/.test(s) ? Number(s) : NaN;
      if (!(n >= 1 && n <= 31)) {
        return refuse(ctx, m.range);
      }
      return n;
    });
}

interface PositiveCentsMessages {
  invalid: string;
  positive: string;
  max: string;
}

/** "R$ 399,90", "399,90" or 39990 (centavos) → 39990, more than R$ 0,00 and at most `maxCents`; blank → null. */
function positiveCentsBase(m: PositiveCentsMessages, maxCents: Cents) {
  return z
    .union([z.string(), z.number()], { error: m.invalid })
    .nullable()
    .optional()
    .transform((v, ctx): Cents | null => {
      if (isBlank(v)) return null;
      const cents = typeof v === 'number' ? (Number.isSafeInteger(v) ? v : null) : parseBRLToCents(v!);
      if (cents === null) return refuse(ctx, m.invalid);
      if (cents <= 0) return refuse(ctx, m.positive);
      if (cents > maxCents) return refuse(ctx, m.max);
      return cents;
    });
}

/** An optional amount above zero (a card's limit): blank → null. */
export const optionalPositiveCentsSchema = positiveCentsBase;

/** A required amount above zero (a club's monthly price): blank → `required`. */
export function positiveCentsSchema(m: PositiveCentsMessages & { required: string }, maxCents: Cents) {
  return positiveCentsBase(m, maxCents).transform((cents, ctx): Cents => {
    if (cents === null) {
      return refuse(ctx, m.required);
    }
    return cents;
  });
}

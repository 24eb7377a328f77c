import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { clubChargesDue, nextClubCharge } from '@domain/clubs/club.rules';
import {
  billingDaySchema,
  clubMilesSchema,
  clubPriceSchema,
  makeClubInputSchema,
  type ClubInput,
  type ClubPaymentMethod,
} from '@domain/clubs/club.schema';
import { formatDate, formatNumber, isValidIsoDate } from '@domain/format';
import { costPerThousandOf } from '@domain/transfers/transfer.rules';
import { formatCostPerThousand } from '@/lib/cost-format';

/** The club form as typed: every field a string. */
export interface ClubFormState {
  account_id: string;
  plan_name: string;
  miles_per_month: string;
  monthly_price_cents: string;
  billing_day: string;
  start_date: string;
  payment_method: ClubPaymentMethod;
}

export const CLUB_FORM_FIELDS = [
  'account_id',
  'plan_name',
  'miles_per_month',
  'monthly_price_cents',
  'billing_day',
  'start_date',
  'payment_method',
] as const;

/** A new club starts today, billed on today's day of the month, by card. */
export function toClubFormState(today: string): ClubFormState {
  return {
    account_id: '',
    plan_name: '',
    miles_per_month: '',
    monthly_price_cents: '',
    billing_day: String(Number(today.slice(8, 10))),
    start_date: today,
    payment_method: 'card',
  };
}

export function clubFormResolver(today: string): Resolver<ClubFormState, unknown, ClubInput> {
  // The form's values are a narrower shape of the schema's input (strings as typed).
  return zodResolver(makeClubInputSchema(() => today)) as unknown as Resolver<ClubFormState, unknown, ClubInput>;
}

/** The billing day as typed: digits only, at most two. */
export function maskDay(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, 2);
}

/**
 * What saving will do, as the form is typed: the cost per thousand of a month's miles, and how
 * many months are billed at once (a club joined before today) or when the first one comes.
 */
export function clubPreview(values: ClubFormState, today: string): string[] {
  const lines: string[] = [];
  const miles = clubMilesSchema.safeParse(values.miles_per_month);
  const price = clubPriceSchema.safeParse(values.monthly_price_cents);
  if (miles.success && price.success) {
    lines.push(
      `${formatNumber(miles.data)} milhas por mês a ${formatCostPerThousand(costPerThousandOf(price.data, miles.data))} o milheiro.`,
    );
  }
  const day = billingDaySchema.safeParse(values.billing_day);
  if (day.success && isValidIsoDate(values.start_date)) {
    const calendar = { billing_day: day.data, start_date: values.start_date, end_date: null };
    const due = clubChargesDue(calendar, today).length;
    if (due > 0) {
      lines.push(
        due === 1
          ? 'Ao salvar, 1 mês já vencido é cobrado e creditado como lote.'
          : `Ao salvar, ${due} meses já vencidos são cobrados e creditados como lotes.`,
      );
    }
    const next = nextClubCharge(calendar, today);
    if (next) lines.push(`Próxima cobrança: ${formatDate(next)}.`);
  }
  return lines;
}

import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { cardDueDates } from '@domain/cards/card.rules';
import { cardInputSchema, type CardBrand, type CardInput } from '@domain/cards/card.schema';
import { formatDate } from '@domain/format';

/** The card form as typed: every field a string. */
export interface CardFormState {
  name: string;
  brand: CardBrand;
  closing_day: string;
  due_day: string;
  limit_cents: string;
}

export const CARD_FORM_FIELDS = ['name', 'brand', 'closing_day', 'due_day', 'limit_cents'] as const;

export const EMPTY_CARD_FORM: CardFormState = {
  name: '',
  brand: 'visa',
  closing_day: '',
  due_day: '',
  limit_cents: '',
};

export function cardFormResolver(): Resolver<CardFormState, unknown, CardInput> {
  // The form's values are a narrower shape of the schema's input (strings as typed).
  return zodResolver(cardInputSchema) as unknown as Resolver<CardFormState, unknown, CardInput>;
}

/** Once both days are typed: when a purchase made today falls due. */
export function cardPreview(values: Pick<CardFormState, 'closing_day' | 'due_day'>, today: string): string | null {
  const closing = cardInputSchema.shape.closing_day.safeParse(values.closing_day);
  const due = cardInputSchema.shape.due_day.safeParse(values.due_day);
  if (!closing.success || !due.success) return null;
  const [first] = cardDueDates({ closing_day: closing.data, due_day: due.data }, today, 1);
  return first ? `Uma compra feita hoje entra na fatura que vence em ${formatDate(first)}.` : null;
}

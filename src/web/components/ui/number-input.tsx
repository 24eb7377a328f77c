import { useState } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { parseDecimalInput } from '@domain/money';
import { Input, type InputProps } from './input';

/** What a number field holds: a number, null when empty, NaN when unreadable (the schema says why). */
export type NumberFieldValue = number | null;

/** "18,5" or "18.5" → 18.5; "" → null; anything else → NaN. */
export function parseNumberInput(text: string): NumberFieldValue {
  if (text.trim() === '') return null;
  const normalized = parseDecimalInput(text, 6);
  return normalized === null ? Number.NaN : Number(normalized);
}

/** 18.5 → "18,5", as people in Brazil write it (no thousands separator while editing). */
export function formatNumberInput(value: NumberFieldValue | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  return value.toLocaleString('pt-BR', { maximumFractionDigits: 6, useGrouping: false });
}

export interface NumberInputProps extends Omit<InputProps, 'value' | 'defaultValue' | 'onChange' | 'type' | 'mask'> {
  value: NumberFieldValue | undefined;
  onValueChange: (value: NumberFieldValue) => void;
  /** Whole numbers only: digits, on a numeric keypad. */
  integer?: boolean;
}

/**
 * The one number field of the app (percentages, days, limits): shows a decimal comma, accepts a
 * comma or a dot as typed, and hands the form a number — the form's schema holds the limits. What
 * is typed stays as typed until the field is left, then reads as the app writes numbers.
 */
export function NumberInput({ value, onValueChange, integer = false, onBlur, ...props }: NumberInputProps) {
  const [text, setText] = useState(() => formatNumberInput(value));
  const [seen, setSeen] = useState(value);
  // A value set from outside (a reset after saving, a default) replaces what the field shows.
  if (!Object.is(seen, value)) {
    setSeen(value);
    if (!Object.is(parseNumberInput(text), value ?? null)) setText(formatNumberInput(value));
  }
  return (
    <Input
      inputMode={integer ? 'numeric' : 'decimal'}
      autoComplete="off"
      value={text}
      onChange={(event) => {
        const typed = event.target.value.replace(integer ? /[^\d]/g : /[^\d.,-]/g, '');
        setText(typed);
        onValueChange(parseNumberInput(typed));
      }}
      onBlur={(event) => {
        if (value !== null && value !== undefined && !Number.isNaN(value)) setText(formatNumberInput(value));
        onBlur?.(event);
      }}
      {...props}
    />
  );
}

type FormNumberInputProps<T extends FieldValues> = Omit<NumberInputProps, 'value' | 'onValueChange' | 'name'> & {
  control: Control<T, any, any>;
  name: Path<T>;
};

/** NumberInput bound to a react-hook-form field; takes id and aria props from FormField directly. */
export function FormNumberInput<T extends FieldValues>({ control, name, onBlur, ...props }: FormNumberInputProps<T>) {
  const { field } = useController({ control, name });
  const { ref, value } = field;
  return (
    <NumberInput
      {...props}
      name={field.name}
      ref={ref}
      value={typeof value === 'number' || value === null ? value : undefined}
      onValueChange={field.onChange}
      onBlur={(event) => {
        field.onBlur();
        onBlur?.(event);
      }}
    />
  );
}

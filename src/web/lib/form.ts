import type * as React from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client';

/**
 * Puts the server's per-field messages (`error.fields`, keyed by dotted path) on the matching form
 * fields. Returns true when at least one field received a message.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  knownFields: readonly string[],
  rename: Readonly<Record<string, string>> = {},
): boolean {
  if (!isApiError(error) || !error.fields) return false;
  let applied = false;
  for (const [key, message] of Object.entries(error.fields)) {
    const field = rename[key] ?? key;
    if (!knownFields.includes(field)) continue;
    setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}

interface ChangeHandlerField {
  onChange: (event: { target: unknown; type?: unknown }) => unknown;
}

/** A registered input whose typed value is reshaped by `mask` (CNPJ, phone...) on every keystroke. */
export function withMask<F extends ChangeHandlerField>(field: F, mask: (value: string) => string): F {
  return {
    ...field,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      event.target.value = mask(event.target.value);
      return field.onChange(event);
    },
  };
}

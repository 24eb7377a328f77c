import type * as React from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client';
import { toast, toastError } from './toast';

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

/**
 * A form's onSubmit from react-hook-form's `handleSubmit`, whose promise it lets go: React ignores
 * what onSubmit returns, and the handlers report their own failures (field messages, toasts).
 */
export function submitHandler(
  submit: (event?: React.BaseSyntheticEvent) => Promise<void>,
): React.FormEventHandler<HTMLFormElement> {
  return (event) => void submit(event);
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

interface Mutation<V, T> {
  mutate: (variables: V, callbacks: { onSuccess: (saved: T) => void; onError: (error: Error) => void }) => void;
}

/** The toasts of a record's form: 'Cliente criado' / 'Cliente atualizado' and the failures' titles. */
export interface SaveTexts {
  created: { title: string; description: string };
  updated: { title: string; description: string };
  createFailed: string;
  updateFailed: string;
}

/**
 * Creates the record, or updates the one with `id`: on success its toast, then `onSaved`; on
 * failure the server's field messages go on their fields (`knownFields`) and the rest is toasted.
 */
export function saveRecord<I, T, F extends FieldValues>({
  id,
  input,
  create,
  update,
  texts,
  setError,
  knownFields,
  onSaved,
}: {
  id: string | null;
  input: I;
  create: Mutation<I, T>;
  update: Mutation<{ id: string; input: I }, T>;
  texts: SaveTexts;
  setError: UseFormSetError<F>;
  knownFields: readonly string[];
  onSaved: (saved: T) => void;
}): void {
  const done = (said: { title: string; description: string }) => (saved: T) => {
    toast.success(said.title, { description: said.description });
    onSaved(saved);
  };
  const failed = (title: string) => (error: Error) => {
    applyServerFieldErrors(error, setError, knownFields);
    toastError(title, error);
  };
  if (id) update.mutate({ id, input }, { onSuccess: done(texts.updated), onError: failed(texts.updateFailed) });
  else create.mutate(input, { onSuccess: done(texts.created), onError: failed(texts.createFailed) });
}

import type * as React from 'react';
import type { FieldValues, Path, UseFormReturn, UseFormSetError } from 'react-hook-form';
import { SUCCESS_MESSAGES } from '@/config/messages';
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

interface Mutation<V, T> {
  mutate: (variables: V, callbacks: { onSuccess: (saved: T) => void; onError: (error: Error) => void }) => void;
}

/** What a record's form says as it creates one ('Novo Cliente', 'Cliente criado'), or as it edits one. */
export interface RecordFormTexts {
  /** The dialog's title and the form's accessible name. */
  title: string;
  description: string;
  /** The toast once saved. */
  saved: { title: string; description: string };
  /** The failure toast's title. */
  failed: string;
}

/** The callbacks of one save: on success its toast, then `onSaved`; on failure the server's field messages go on their fields and the rest is toasted. */
function saveCallbacks<T, F extends FieldValues>(
  saved: { title: string; description: string },
  failed: string,
  fields: { setError: UseFormSetError<F>; knownFields: readonly string[]; rename?: Readonly<Record<string, string>> },
  onSaved: (saved: T) => void,
) {
  return {
    onSuccess: (result: T) => {
      toast.success(saved.title, { description: saved.description });
      onSaved(result);
    },
    onError: (error: Error) => {
      applyServerFieldErrors(error, fields.setError, fields.knownFields, fields.rename);
      toastError(failed, error);
    },
  };
}

/**
 * Creates the record, or updates the one with `id`: on success its toast (`texts`, of the mode
 * `id` chooses), then `onSaved`; on failure the server's field messages go on their fields
 * (`knownFields`) and the rest is toasted.
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
  texts: Pick<RecordFormTexts, 'saved' | 'failed'>;
  setError: UseFormSetError<F>;
  knownFields: readonly string[];
  onSaved: (saved: T) => void;
}): void {
  const callbacks = saveCallbacks(texts.saved, texts.failed, { setError, knownFields }, onSaved);
  if (id) update.mutate({ id, input }, callbacks);
  else create.mutate(input, callbacks);
}

/** What a form that edits one loaded record in place says: 'Configurações salvas', 'Erro ao salvar configurações'. */
export interface SaveInPlaceTexts {
  saved: string;
  failed: string;
}

/**
 * The callbacks of a form that edits one loaded record in place (the agency, its settings, the
 * user's preferences): once saved, the form starts over from what the server kept and a toast
 * says so; refused, the server's messages go on `knownFields` (the API's names in `rename`) and
 * the rest is toasted.
 */
export function saveInPlace<T, F extends FieldValues>(
  form: Pick<UseFormReturn<F, unknown, unknown>, 'reset' | 'setError'>,
  texts: SaveInPlaceTexts,
  {
    toValues,
    knownFields = [],
    rename,
  }: { toValues: (saved: T) => F; knownFields?: readonly string[]; rename?: Readonly<Record<string, string>> },
) {
  return saveCallbacks<T, F>(
    { title: texts.saved, description: SUCCESS_MESSAGES.updated },
    texts.failed,
    { setError: form.setError, knownFields, rename },
    (saved) => form.reset(toValues(saved)),
  );
}

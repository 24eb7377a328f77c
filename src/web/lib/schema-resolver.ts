import type { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import { lazyResolver } from './lazy-resolver';

/**
 * `zodResolver(schema)` for a form whose values are a narrower shape of the schema's input
 * (strings as typed, no undefined fields): the schema the API re-parses validates the form
 * (STYLE.md habit 1). @hookform/resolvers, and react-hook-form with it, is imported on the form's
 * first validation, so a page that reads only a form module's display helpers (the sections of
 * /lotes) does not load a form library (#14, no chunk a page does not use).
 */
export function schemaResolver<TForm extends FieldValues, TOutput>(
  schema: Parameters<typeof zodResolver>[0],
): Resolver<TForm, unknown, TOutput> {
  return lazyResolver(
    async () =>
      (await import('@hookform/resolvers/zod')).zodResolver(schema) as unknown as Resolver<TForm, unknown, TOutput>,
  );
}

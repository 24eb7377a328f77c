import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver whose schema (and with it zod, ≈ 20 KB) loads on the form's first
 * validation rather than with its page: the sign-in page is interactive without it (#14, first
 * load). The module is fetched once and kept.
 */
export function lazyResolver<TInput extends FieldValues, TOutput>(
  load: () => Promise<Resolver<TInput, unknown, TOutput>>,
): Resolver<TInput, unknown, TOutput> {
  let resolver: Promise<Resolver<TInput, unknown, TOutput>> | undefined;
  return async (values, context, options) => (await (resolver ??= load()))(values, context, options);
}

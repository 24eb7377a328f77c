import type { z } from 'zod';

/** The first message per field path, as the API would answer them. */
export function zodFieldsOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  const fields: Record<string, string> = {};
  if (result.success) return fields;
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

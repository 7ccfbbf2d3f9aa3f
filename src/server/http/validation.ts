import type { z } from 'zod';
import { isFieldErrorKey, type FieldErrorKey } from '../../domain/errors';
import { ApiError } from './api-error';

/** Turn zod issues into one field key per field (the first problem found is the one to fix first). */
export function fieldErrorsOf(error: z.ZodError): Record<string, FieldErrorKey> {
  const fields: Record<string, FieldErrorKey> = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[key] ??= 'unknownField';
      continue;
    }
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    fields[field] ??= isFieldErrorKey(issue.message) ? issue.message : 'invalidValue';
  }
  return fields;
}

/** Validate input at the edge; a failure is a 400 naming each field at fault. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw new ApiError(400, 'VALIDATION_FAILED', fieldErrorsOf(result.error));
  return result.data;
}

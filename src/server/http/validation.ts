import type { z } from 'zod';
import { isFieldErrorKey, type ErrorCode, type FieldErrorKey } from '../../domain/errors';
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

/** A form error that has its own catalogue message when it is the only thing wrong. */
export interface SoleFieldError {
  field: string;
  key: FieldErrorKey;
  code: ErrorCode;
}

/**
 * Validate input at the edge; a failure is a 400 naming each field at fault. When the one
 * problem is one of `soleErrors` (say, a mismatched confirmation), the answer's code is its
 * own (PASSWORDS_DO_NOT_MATCH, "Passwords do not match") rather than VALIDATION_FAILED; the
 * fields are the same either way.
 */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
  soleErrors: readonly SoleFieldError[] = [],
): z.output<Schema> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields = fieldErrorsOf(result.error);
  const names = Object.keys(fields);
  const sole = names.length === 1 ? soleErrors.find((rule) => rule.field === names[0] && fields[rule.field] === rule.key) : undefined;
  throw new ApiError(400, sole?.code ?? 'VALIDATION_FAILED', fields);
}

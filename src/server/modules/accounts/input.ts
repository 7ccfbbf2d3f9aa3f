import type { z } from 'zod';
import type { ErrorCode, FieldErrorKey } from '../../../domain/errors';
import { ApiError } from '../../http/api-error';
import { fieldErrorsOf } from '../../http/validation';

/** A form error that has its own catalogue message when it is the only thing wrong. */
export interface SoleFieldError {
  field: string;
  key: FieldErrorKey;
  code: ErrorCode;
}

/**
 * parseInput, with the spec's specific messages: when the one problem is,
 * say, a mismatched confirmation, the answer's code is PASSWORDS_DO_NOT_MATCH
 * ("Passwords do not match") rather than the generic VALIDATION_FAILED.
 * The fields are the same either way.
 */
export function parseBody<Schema extends z.ZodType>(
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

import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { isFieldErrorKey, type ErrorCode, type FieldErrorKey } from '#domain/errors';
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

/** The 400 for input that failed its schema, with the code of a sole error when that is the one problem. */
function inputError(
  error: z.ZodError,
  soleErrors: readonly SoleFieldError[],
  rename: (field: string) => string = (field) => field,
): ApiError {
  const fields = Object.fromEntries(Object.entries(fieldErrorsOf(error)).map(([field, key]) => [rename(field), key]));
  const names = Object.keys(fields);
  const sole = names.length === 1 ? soleErrors.find((rule) => rule.field === names[0] && fields[rule.field] === rule.key) : undefined;
  return new ApiError(400, sole?.code ?? 'VALIDATION_FAILED', fields);
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
  throw inputError(result.error, soleErrors);
}

export interface InputRules {
  /** Codes of their own for a sole field error, as parseInput takes them. */
  soleErrors?: readonly SoleFieldError[];
  /** Path parameters that fail their schema name no resource: 404 NOT_FOUND rather than 400. */
  unknownPathIsNotFound?: boolean;
}

/** `idempotency-key` → `Idempotency-Key`: headers are named in errors as the documentation writes them. */
const headerName = (field: string) => field.replace(/(^|-)([a-z])/g, (_match, dash: string, letter: string) => dash + letter.toUpperCase());

/**
 * The schema compiler of every route (app-wide through registerApiDescription, or per route with its
 * own rules): a route's declared zod schemas (params, body, querystring, headers, in Fastify's order)
 * validate its input with the same answers as parseInput. A route whose rules differ gives
 * `validatorCompiler: inputValidator({ … })` beside its schema.
 */
export function inputValidator(rules: InputRules = {}): FastifySchemaCompiler<unknown> {
  return ({ schema, httpPart, method, url }) => {
    if (!(schema instanceof z.ZodType)) throw new Error(`${method} ${url}: the ${httpPart ?? 'input'} schema is not a zod schema`);
    return (data) => {
      const result = schema.safeParse(data ?? {});
      if (result.success) return { value: result.data };
      if (httpPart === 'params' && rules.unknownPathIsNotFound) return { error: new ApiError(404, 'NOT_FOUND') };
      return { error: inputError(result.error, rules.soleErrors ?? [], httpPart === 'headers' ? headerName : undefined) };
    };
  };
}

import { z } from 'zod';
import type { FieldErrorKey } from '../errors';
import { countryCodes, supportedLocales } from '../markets';

export const maxTextLength = 200;
export const minPasswordLength = 8;
/** argon2 on a megabyte of password is a denial of service; no person types more. */
export const maxPasswordLength = 128;

type IssueInput = { input?: unknown; code?: string };

/** An issue message for a field: 'required' when absent or blank, else the given key. */
export function keyed(whenInvalid: FieldErrorKey, whenMissing: FieldErrorKey = 'required') {
  return (issue: IssueInput): FieldErrorKey =>
    issue.input === undefined || issue.input === null || issue.input === '' ? whenMissing : whenInvalid;
}

export const requiredText = (max = maxTextLength) =>
  z
    .string({ error: keyed('invalidValue') })
    .trim()
    .min(1, { error: 'required' })
    .max(max, { error: 'tooLong' });

export const optionalText = (max = maxTextLength) =>
  z
    .string({ error: keyed('invalidValue') })
    .trim()
    .max(max, { error: 'tooLong' });

export const emailField = z
  .string({ error: keyed('emailInputError', 'enterValidEmail') })
  .trim()
  .min(1, { error: 'enterValidEmail' })
  .max(254, { error: 'tooLong' })
  .pipe(z.email({ error: 'emailInputError' }))
  .transform((email) => email.toLowerCase())
  // The API description shows what the pipe checks, not only the string it starts from.
  .meta({ format: 'email' });

export const newPasswordField = z
  .string({ error: keyed('invalidValue', 'enterValidPsw') })
  .min(1, { error: 'enterValidPsw' })
  .min(minPasswordLength, { error: 'passwordTooShort' })
  .max(maxPasswordLength, { error: 'passwordTooLong' });

/** A password being checked, not chosen: only presence and a sane size. */
export const passwordField = z
  .string({ error: keyed('invalidValue', 'enterValidPsw') })
  .min(1, { error: 'enterValidPsw' })
  .max(maxPasswordLength, { error: 'passwordTooLong' });

export const countryCodeField = z.enum(countryCodes, { error: keyed('invalidValue') });
export const localeField = z.enum(supportedLocales, { error: keyed('invalidValue') });

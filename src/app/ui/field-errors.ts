import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { ZodError } from 'zod';
import { isFieldErrorKey, type FieldErrorKey } from '#domain/errors';

/** The text of each field error key the schemas and the API use. */
const fieldErrorMessages: Record<FieldErrorKey, MessageDescriptor> = {
  required: msg`This field is required.`,
  enterValidEmail: msg`Please enter your email address.`,
  enterValidPsw: msg`Please enter your password.`,
  emailInputError: msg`Please enter a valid email address.`,
  passwordTooShort: msg`Your password must be at least 8 characters long.`,
  passwordTooLong: msg`Your password must be at most 128 characters long.`,
  passwordsDoNotMatch: msg`Passwords do not match`,
  acceptTerms: msg`Please accept the terms and conditions`,
  enterFourDigits: msg`Please enter the 4 digits!`,
  zipCodeTooShort: msg`Your zip code must be at least 5 characters long.`,
  zipCodeInvalid: msg`Please enter a valid zip code.`,
  tooLong: msg`This is too long.`,
  messageTooShort: msg`Please write at least 10 characters.`,
  messageTooLong: msg`Please keep your message under 2,000 characters.`,
  invalidValue: msg`This value is not valid.`,
  unknownField: msg`This field is not expected.`,
  wrongPassword: msg`Wrong password`,
  confirmDeletion: msg`Please tick the box to confirm that you want to delete your account.`,
  routingNumberInvalid: msg`Please enter a valid 9-digit ACH routing number.`,
  accountNumberInvalid: msg`Please check the account number.`,
  ibanInvalid: msg`Please enter a valid IBAN.`,
  sortCodeInvalid: msg`Please enter a 6-digit sort code.`,
  transitNumberInvalid: msg`Please enter a 5-digit transit number.`,
  institutionNumberInvalid: msg`Please enter a 3-digit institution number.`,
  bankCodeInvalid: msg`Please enter a 4-digit bank code.`,
  branchCodeInvalid: msg`Please enter a 3-digit branch code.`,
  accountNameKana: msg`Please enter the account name in katakana, as your bank shows it. Kanji cannot be used.`,
  accountNameTooLong: msg`The account name can have at most 30 characters in half-width katakana (a voiced mark counts as one).`,
  linePayNumberInvalid: msg`Please enter the 11 digits of your LINE Pay number.`,
  phoneLast4Invalid: msg`Please enter exactly the last 4 digits of your phone number.`,
  amountInvalid: msg`Please enter an amount.`,
  amountBelowMinimum: msg`This amount is below the minimum withdrawal.`,
  amountAboveBalance: msg`Maximum amount is your current balance`,
  amountWholeYen: msg`Yen amounts have no decimals. Please enter a whole number of yen, such as 1000.`,
  amountTooManyDecimals: msg`Please enter at most two decimals, such as 6.50.`,
  photoInvalid: msg`This photo could not be read. Please take or choose another one.`,
  photoTooLarge: msg`This photo is too large. Please choose another one.`,
  containerCodeMissing: msg`Please enter the code printed under the QR code.`,
  containerCodeInvalid: msg`A container code has 11 letters and digits, like 8B3GG-1FWKZ-Y.`,
  containerCodeTypo: msg`This code has a typo: check each character and try again.`,
};

export function fieldErrorText(i18n: I18n, key: FieldErrorKey | undefined): string | undefined {
  return key ? i18n._(fieldErrorMessages[key]) : undefined;
}

export type FieldErrors = Partial<Record<string, FieldErrorKey>>;

/** The first error key of each field, from a failed parse of a domain schema. */
export function fieldErrorsOf(error: ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || errors[field]) continue;
    errors[field] = isFieldErrorKey(issue.message) ? issue.message : 'invalidValue';
  }
  return errors;
}

/** Moves focus to the first field in error, in the form's own order. */
export function focusFirstError(form: Pick<HTMLFormElement, 'querySelector'> | null): void {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

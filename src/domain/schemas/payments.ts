import { z } from 'zod';
import {
  compactDigits,
  compactIban,
  isAbaRoutingNumber,
  isCanadianAccountNumber,
  isCanadianInstitutionNumber,
  isCanadianTransitNumber,
  isIban,
  isJapaneseAccountNumber,
  isJapaneseBankCode,
  isJapaneseBranchCode,
  isLinePayNumber,
  isPhoneLast4,
  isSortCode,
  isUkAccountNumber,
  isUsAccountNumber,
  zenginName,
  zenginNameMaxLength,
} from '../bank-accounts';
import type { FieldErrorKey } from '../errors';
import { currencyOf, type CountryCode } from '../markets';
import { hasFractionInWholeCurrency, hasTooManyDecimals, minorFromDecimal, normalizeTypedAmount } from '../money';
import { moneySchema } from './money';
import { checkWithdrawalAmount, paymentMethods } from '../payment-methods';
import { isValidPostalCode, normalizePostalCode } from '../postal-codes';
import { emailField, keyed, requiredText } from './fields';
import { japaneseAccountTypes, usAccountTypes } from './payment-methods-answer';

/**
 * Payment methods and withdrawals: the forms' and the API's shapes, shared by app and server. The
 * answer of GET /payment_methods is in payment-methods-answer.ts.
 */

/** A number typed with optional spaces or dashes, checked once compacted. */
const digitsField = (isValid: (value: string) => boolean, key: FieldErrorKey) =>
  z
    .string({ error: keyed(key) })
    .transform(compactDigits)
    .pipe(z.string().min(1, { error: 'required' }).refine(isValid, { error: key }));

const postCodeField = (countryCode: CountryCode) =>
  z
    .string({ error: keyed('zipCodeInvalid') })
    .trim()
    .min(1, { error: 'required' })
    .refine((value) => isValidPostalCode(countryCode, value), { error: 'zipCodeInvalid' })
    .transform((value) => normalizePostalCode(countryCode, value));

/**
 * A Japanese account holder's name, in the half-width katakana a Zengin transfer carries (the
 * payout file writes it as it is): typed in katakana or hiragana, refused with its own message
 * when it holds kanji or other characters a bank transfer cannot carry.
 */
const zenginNameField = z.string({ error: keyed('accountNameKana') }).transform((value, context) => {
  const name = zenginName(value);
  const problem: FieldErrorKey | undefined =
    name === undefined
      ? 'accountNameKana'
      : name === ''
        ? 'required'
        : name.length > zenginNameMaxLength
          ? 'accountNameTooLong'
          : undefined;
  if (problem || name === undefined) {
    context.addIssue({ code: 'custom', message: problem ?? 'accountNameKana' });
    return z.NEVER;
  }
  return name;
});

/** The bank form of each market (docs/product.md, Bank forms). */
export const bankAccountSchemas = {
  us: z.strictObject({
    routing_number: digitsField(isAbaRoutingNumber, 'routingNumberInvalid'),
    account_number: digitsField(isUsAccountNumber, 'accountNumberInvalid'),
    account_type: z.enum(usAccountTypes, { error: 'required' }),
    name: requiredText(100),
    address: requiredText(),
    city: requiredText(100),
    state: requiredText(100),
    zip_code: postCodeField('us'),
  }),
  ca: z.strictObject({
    transit_number: digitsField(isCanadianTransitNumber, 'transitNumberInvalid'),
    institution_number: digitsField(isCanadianInstitutionNumber, 'institutionNumberInvalid'),
    account_number: digitsField(isCanadianAccountNumber, 'accountNumberInvalid'),
    name: requiredText(100),
    address: requiredText(),
  }),
  uk: z.strictObject({
    sort_code: digitsField(isSortCode, 'sortCodeInvalid'),
    account_number: digitsField(isUkAccountNumber, 'accountNumberInvalid'),
    name: requiredText(100),
    address: requiredText(),
    post_code: postCodeField('uk'),
  }),
  fr: z.strictObject({
    iban: z
      .string({ error: keyed('ibanInvalid') })
      .transform(compactIban)
      .pipe(z.string().min(1, { error: 'required' }).refine(isIban, { error: 'ibanInvalid' })),
    name: requiredText(100),
    address: requiredText(),
  }),
  jp: z.strictObject({
    bank_code: digitsField(isJapaneseBankCode, 'bankCodeInvalid'),
    branch_code: digitsField(isJapaneseBranchCode, 'branchCodeInvalid'),
    account_number: digitsField(isJapaneseAccountNumber, 'accountNumberInvalid'),
    account_type: z.enum(japaneseAccountTypes, { error: 'required' }),
    account_name: zenginNameField,
  }),
} as const satisfies Record<CountryCode, z.ZodType>;

/**
 * What a stored bank account is read back with: the forms' rules, except that a Japanese name
 * saved before it had to be katakana (kanji, as typed then) still opens; the customer is asked for
 * it in katakana when they next edit the account.
 */
export const storedBankAccountSchemas = {
  ...bankAccountSchemas,
  jp: bankAccountSchemas.jp.extend({ account_name: z.union([zenginNameField, requiredText(100)]) }),
} as const satisfies Record<CountryCode, z.ZodType>;

export type BankAccountForm<C extends CountryCode = CountryCode> = z.output<(typeof bankAccountSchemas)[C]>;

/** A stored bank account: the form's fields and the market they follow. */
export type BankAccount = { [C in CountryCode]: { country: C } & BankAccountForm<C> }[CountryCode];

export const paypalSchema = z.strictObject({ email: emailField });
export type PaypalAccount = z.output<typeof paypalSchema>;

/** The LINE Pay form: both fields required (app before sending, server on the request). */
export const linePaySchema = z.strictObject({
  referenceNo: digitsField(isLinePayNumber, 'linePayNumberInvalid'),
  phoneLast4: digitsField(isPhoneLast4, 'phoneLast4Invalid'),
});
/**
 * A stored LINE Pay destination. Those saved before the phone digits were asked for have none,
 * and must still open: the payout team then confirms the account another way.
 */
export const storedLinePaySchema = linePaySchema.extend({ phoneLast4: linePaySchema.shape.phoneLast4.optional() });
export type LinePayAccount = z.output<typeof storedLinePaySchema>;

export const paymentMethodField = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
  z.enum(paymentMethods, { error: keyed('invalidValue') }),
);

/**
 * Beside a payout destination: the account password, needed unless the session signed in a few
 * minutes ago (a stolen token alone cannot send the money elsewhere).
 */
export const destinationChangeProof = z.object({
  current_password: z
    .string({ error: keyed('invalidValue') })
    .min(1, { error: 'required' })
    .max(128, { error: 'tooLong' })
    .optional(),
});

/**
 * The payout destination form once the password is asked: a field like the others, checked with
 * them. Left empty, it is not sent, and the server says whether it needs it (the phone cannot always
 * tell how long ago the session signed in with a password).
 */
export const destinationPasswordField = {
  current_password: z.preprocess((typed) => (typed === '' ? undefined : typed), destinationChangeProof.shape.current_password),
};

/** PUT /payment_methods */
export const setDefaultPaymentMethodBody = z.strictObject({ withdraw_type: paymentMethodField });

// --- Withdrawals ---------------------------------------------------------------

/** The client's key for one withdrawal request (a UUID in our app): printable, bounded. */
export const idempotencyKeyField = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(100, { error: 'tooLong' })
  .regex(/^[A-Za-z0-9_.:-]+$/, { error: 'invalidValue' });

/** POST /withdrawals: the amount in the customer's currency ("12.50", "5000"), the method (default: the default one). */
export const withdrawalBody = z.strictObject({
  amount: z
    .string({ error: keyed('amountInvalid') })
    .trim()
    .min(1, { error: 'required' })
    .regex(/^\d{1,10}([.,]\d{1,2})?$/, { error: 'amountInvalid' }),
  withdraw_type: paymentMethodField.optional(),
});
export type WithdrawalBody = z.infer<typeof withdrawalBody>;

/**
 * The withdraw form's first step: the amount as typed (full-width digits too), checked against
 * the market's minimum and the balance the customer sees, and read into minor units for the
 * confirmation. Decimals in yen get their own message, not "enter an amount".
 */
export function withdrawalAmountForm(countryCode: CountryCode, balanceMinor: number) {
  const currency = currencyOf(countryCode);
  return z.object({
    amount: z.string({ error: keyed('amountInvalid') }).transform((value, context) => {
      if (hasFractionInWholeCurrency(value, currency)) {
        context.addIssue({ code: 'custom', message: 'amountWholeYen' });
        return z.NEVER;
      }
      if (hasTooManyDecimals(value, currency)) {
        context.addIssue({ code: 'custom', message: 'amountTooManyDecimals' });
        return z.NEVER;
      }
      const amountMinor = minorFromDecimal(normalizeTypedAmount(value, currency), currency);
      const problem = checkWithdrawalAmount(countryCode, amountMinor, balanceMinor);
      if (problem || amountMinor === undefined) {
        context.addIssue({ code: 'custom', message: problem ?? 'amountInvalid' });
        return z.NEVER;
      }
      return amountMinor;
    }),
  });
}

export const withdrawalStatuses = ['PENDING', 'COMPLETED', 'FAILED', 'CANCELLED'] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];

export const withdrawalSchema = z.object({
  id: z.string(),
  status: z.enum(withdrawalStatuses),
  /** What left the balance. */
  amount: moneySchema,
  /** The fee kept (Japan below 8,800 JPY), zero elsewhere. */
  fee: moneySchema,
  /** What the customer receives: amount − fee. */
  payout_amount: moneySchema,
  withdraw_type: z.enum(paymentMethods),
  account_name: z.string().nullable(),
  account_number: z.string().nullable(),
  created_at: z.string(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;
export const withdrawalResponse = z.object({ data: withdrawalSchema });

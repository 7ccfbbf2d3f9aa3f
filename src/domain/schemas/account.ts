import { z } from 'zod';
import { plainDigits } from '../typed-digits';
import { isValidPostalCode, minimumZipCodeLength, normalizePostalCode } from '../postal-codes';
import { countryCodeField, emailField, keyed, localeField, newPasswordField, optionalText, passwordField, requiredText } from './fields';

const signUpZipCode = z
  .string({ error: keyed('zipCodeTooShort') })
  .trim()
  .min(minimumZipCodeLength, { error: 'zipCodeTooShort' })
  .max(10, { error: 'zipCodeInvalid' });

const signUpFields = z.strictObject({
  email: emailField,
  password: newPasswordField,
  name: requiredText(100),
  country_code: countryCodeField,
  locale: localeField,
  zip_code: signUpZipCode,
  terms_accepted: z.literal(true, { error: 'acceptTerms' }),
});
const postcodeAndCountry = z.object({ country_code: countryCodeField, zip_code: signUpZipCode });

export const signUpBody = signUpFields
  .superRefine(
    (body, ctx) => {
      if (!isValidPostalCode(body.country_code, body.zip_code)) {
        ctx.addIssue({ code: 'custom', path: ['zip_code'], message: 'zipCodeInvalid' });
      }
    },
    // The postcode's format is checked with the other fields' problems, not after they are fixed:
    // every error of the form shows on the first submit.
    { when: (payload) => postcodeAndCountry.safeParse(payload.value).success },
  )
  .transform((body) => ({ ...body, zip_code: normalizePostalCode(body.country_code, body.zip_code) }));
export type SignUpBody = z.infer<typeof signUpBody>;

export const passwordGrantBody = z.strictObject({
  grant_type: z.literal('password'),
  client_id: optionalText(100).optional(),
  country_code: countryCodeField.optional(),
  email: z
    .string({ error: keyed('enterValidEmail', 'enterValidEmail') })
    .trim()
    .min(1, { error: 'enterValidEmail' })
    .max(254, { error: 'tooLong' })
    .transform((e) => e.toLowerCase()),
  password: passwordField,
});

export const refreshGrantBody = z.strictObject({
  grant_type: z.literal('refresh_token'),
  client_id: optionalText(100).optional(),
  refresh_token: z
    .string({ error: keyed('invalidValue') })
    .min(1, { error: 'required' })
    .max(200, { error: 'tooLong' }),
});

export const tokenBody = z.discriminatedUnion('grant_type', [passwordGrantBody, refreshGrantBody]);
export type TokenBody = z.infer<typeof tokenBody>;

/** RFC 7009 token revocation: either token of a session ends the whole session. */
export const revokeBody = z.object({
  token: z
    .string({ error: keyed('required') })
    .min(1, { error: 'required' })
    .max(200, { error: 'tooLong' }),
  token_type_hint: z.enum(['access_token', 'refresh_token']).optional(),
  client_id: optionalText(100).optional(),
});
export type RevokeBody = z.infer<typeof revokeBody>;

export const verificationCodeField = z
  .string({ error: keyed('enterFourDigits', 'enterFourDigits') })
  .transform((value) => plainDigits(value).trim())
  .pipe(z.string().regex(/^\d{4}$/, { error: 'enterFourDigits' }));

export const verifyEmailBody = z.strictObject({ code: verificationCodeField });

export const resetPasswordRequestBody = z.strictObject({
  country_code: countryCodeField.optional(),
  email: emailField,
});

/** A reset link's token on its own: its state, or a new link for the same account. */
export const resetLinkBody = z.strictObject({
  token: z
    .string({ error: keyed('invalidValue') })
    .min(1, { error: 'required' })
    .max(200, { error: 'tooLong' }),
});

/**
 * What a reset link can still do. An unknown token reads as expired: both ask for a new link, and
 * the answer tells a guesser nothing.
 */
export const resetLinkStates = ['usable', 'used', 'expired'] as const;
export const resetLinkStateResponse = z.object({ data: z.object({ state: z.enum(resetLinkStates) }) });
export type ResetLinkState = (typeof resetLinkStates)[number];

export const resetPasswordBody = z
  .strictObject({
    token: z
      .string({ error: keyed('invalidValue') })
      .min(1, { error: 'required' })
      .max(200, { error: 'tooLong' }),
    password: newPasswordField,
    password_confirmation: z.string({ error: keyed('passwordsDoNotMatch') }).max(128, { error: 'tooLong' }),
  })
  .refine((body) => body.password === body.password_confirmation, {
    path: ['password_confirmation'],
    message: 'passwordsDoNotMatch',
  });

export const changePasswordBody = z
  .strictObject({
    current_password: passwordField,
    password: newPasswordField,
    password_confirmation: z.string({ error: keyed('passwordsDoNotMatch') }).max(128, { error: 'tooLong' }),
  })
  .refine((body) => body.password === body.password_confirmation, {
    path: ['password_confirmation'],
    message: 'passwordsDoNotMatch',
  });

/** Personal data a customer may change. Email and zip code are accepted only to say they need customer care. */
export const updateUserBody = z.strictObject({
  name: requiredText(100).optional(),
  address: optionalText().optional(),
  city: optionalText(100).optional(),
  state: optionalText(100).optional(),
  locale: localeField.optional(),
  email: z.string().max(254, { error: 'tooLong' }).optional(),
  zip_code: z.string().max(10, { error: 'tooLong' }).optional(),
});
export type UpdateUserBody = z.infer<typeof updateUserBody>;

export const countrySchema = z.object({ iso: z.string(), name: z.string() });
export type Country = z.infer<typeof countrySchema>;

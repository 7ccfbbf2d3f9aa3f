import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldErrorKeys, isFieldErrorKey } from '../errors';
import {
  changePasswordBody,
  resetPasswordBody,
  resetPasswordRequestBody,
  signUpBody,
  tokenBody,
  updateUserBody,
  verifyEmailBody,
} from './account';

/** Each issue's message, by field: the keys the app translates. */
function fieldKeys(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const keys: Record<string, string> = {};
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) keys[key] ??= 'unknownField';
      continue;
    }
    keys[issue.path.join('.') || '_'] ??= issue.message;
  }
  return keys;
}

const validSignUp = {
  email: 'Someone@Example.com',
  password: 'long enough',
  name: 'Someone',
  country_code: 'uk',
  locale: 'en-GB',
  zip_code: 'sw1a1aa',
  terms_accepted: true,
};

describe('signUpBody', () => {
  it('lower-cases the email and normalizes the zip code of the market', () => {
    const parsed = signUpBody.parse(validSignUp);
    expect(parsed.email).toBe('someone@example.com');
    expect(parsed.zip_code).toBe('SW1A 1AA');
  });

  it.each([
    [{ email: '' }, { email: 'enterValidEmail' }],
    [{ email: 'nope' }, { email: 'emailInputError' }],
    [{ password: '' }, { password: 'enterValidPsw' }],
    [{ password: '1234567' }, { password: 'passwordTooShort' }],
    [{ password: 'x'.repeat(129) }, { password: 'passwordTooLong' }],
    [{ name: '' }, { name: 'required' }],
    [{ name: 'n'.repeat(101) }, { name: 'tooLong' }],
    [{ zip_code: '1234' }, { zip_code: 'zipCodeTooShort' }],
    [{ zip_code: '12345678901' }, { zip_code: 'zipCodeInvalid' }],
    [{ zip_code: '75011' }, { zip_code: 'zipCodeInvalid' }],
    [{ terms_accepted: false }, { terms_accepted: 'acceptTerms' }],
    [{ country_code: 'gb' }, { country_code: 'invalidValue' }],
    [{ extra: 1 }, { extra: 'unknownField' }],
  ])('keys %j as %j', (change, expected) => {
    expect(fieldKeys(signUpBody, { ...validSignUp, ...change })).toEqual(expected);
  });

  it('shows the postcode’s format error together with the others on the first submit', () => {
    expect(fieldKeys(signUpBody, { ...validSignUp, zip_code: '12345', password: '', terms_accepted: false })).toEqual({
      password: 'enterValidPsw',
      zip_code: 'zipCodeInvalid',
      terms_accepted: 'acceptTerms',
    });
  });

  it('uses only keys the app knows', () => {
    const keys = Object.values(
      fieldKeys(signUpBody, { email: 5, password: [], name: {}, country_code: 1, locale: 2, zip_code: 3, terms_accepted: 'x' }),
    );
    expect(keys.length).toBeGreaterThan(5);
    for (const key of keys) expect(isFieldErrorKey(key), key).toBe(true);
    expect(fieldErrorKeys).toContain('enterFourDigits');
  });
});

describe('tokenBody', () => {
  it('accepts a password grant and a refresh grant', () => {
    expect(tokenBody.parse({ grant_type: 'password', client_id: 'web', country_code: 'us', email: 'A@B.co', password: 'x' })).toMatchObject(
      {
        email: 'a@b.co',
      },
    );
    expect(tokenBody.parse({ grant_type: 'refresh_token', refresh_token: 'abc' })).toMatchObject({ refresh_token: 'abc' });
  });
  it('keys missing login fields as the login form does', () => {
    expect(fieldKeys(tokenBody, { grant_type: 'password' })).toEqual({ email: 'enterValidEmail', password: 'enterValidPsw' });
  });
});

describe('verifyEmailBody', () => {
  it.each(['123', '12345', 'abcd', '12a4', ''])('refuses %j with enterFourDigits', (code) => {
    expect(fieldKeys(verifyEmailBody, { code })).toEqual({ code: 'enterFourDigits' });
  });
  it('accepts four digits, trimmed', () => {
    expect(verifyEmailBody.parse({ code: ' 0042 ' })).toEqual({ code: '0042' });
  });
  it('keys a missing code as enterFourDigits too', () => {
    expect(fieldKeys(verifyEmailBody, {})).toEqual({ code: 'enterFourDigits' });
  });
});

describe('password bodies', () => {
  it('reset: mismatched confirmation is keyed on the confirmation', () => {
    expect(fieldKeys(resetPasswordBody, { token: 't', password: 'long enough', password_confirmation: 'different' })).toEqual({
      password_confirmation: 'passwordsDoNotMatch',
    });
  });
  it('change: mismatched confirmation is keyed on the confirmation', () => {
    expect(fieldKeys(changePasswordBody, { current_password: 'x', password: 'long enough', password_confirmation: 'nope' })).toEqual({
      password_confirmation: 'passwordsDoNotMatch',
    });
  });
  it('reset request: email required, then well formed', () => {
    expect(fieldKeys(resetPasswordRequestBody, {})).toEqual({ email: 'enterValidEmail' });
    expect(fieldKeys(resetPasswordRequestBody, { email: 'x@' })).toEqual({ email: 'emailInputError' });
  });
});

describe('updateUserBody', () => {
  it('allows a partial update and refuses unknown fields', () => {
    expect(updateUserBody.parse({ city: ' Lyon ' })).toEqual({ city: 'Lyon' });
    expect(fieldKeys(updateUserBody, { email_verified: true })).toEqual({ email_verified: 'unknownField' });
  });
});

import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { CountryCode, SupportedLocale } from '#domain/markets';
import type { User } from '#domain/schemas/user';
import type { TokenResponse } from '#domain/schemas/token-answer';
import { codeFromMail, type TestSmtpServer } from './smtp';
import type { TestApp } from './test-app';

export const testPassword = 'correct horse battery';

export interface SignUpFields {
  email: string;
  password: string;
  name: string;
  country_code: CountryCode;
  locale: SupportedLocale;
  zip_code: string;
  terms_accepted: boolean;
}

export function uniqueEmail(label = 'person'): string {
  return `${label}.${randomBytes(5).toString('hex')}@example.com`;
}

export function signUpFields(overrides: Partial<SignUpFields> = {}): SignUpFields {
  return {
    email: uniqueEmail(),
    password: testPassword,
    name: 'Jamie Rivera',
    country_code: 'us',
    locale: 'en-US',
    zip_code: '97205',
    terms_accepted: true,
    ...overrides,
  };
}

export function bearer(accessToken: string): Record<string, string> {
  return { authorization: `Bearer ${accessToken}` };
}

export function json<T = unknown>(response: LightMyRequestResponse): T {
  return response.json<T>();
}

export async function signUp(t: TestApp, overrides: Partial<SignUpFields> = {}): Promise<{ user: User; fields: SignUpFields }> {
  const fields = signUpFields(overrides);
  const response = await t.inject({ method: 'POST', url: '/api/v2/user', payload: fields });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return { user: response.json<{ data: User }>().data, fields };
}

export function login(t: TestApp, email: string, password = testPassword, headers: Record<string, string> = {}) {
  return t.inject({
    method: 'POST',
    url: '/api/v2/oauth/token',
    headers,
    payload: { grant_type: 'password', client_id: 'roundtrip-web', country_code: 'us', email, password },
  });
}

export async function loginTokens(t: TestApp, email: string, password = testPassword): Promise<TokenResponse> {
  const response = await login(t, email, password);
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json<TokenResponse>();
}

export function refresh(t: TestApp, refreshToken: string) {
  return t.inject({ method: 'POST', url: '/api/v2/oauth/token', payload: { grant_type: 'refresh_token', refresh_token: refreshToken } });
}

/** A signed-up, signed-in customer. */
export async function customer(t: TestApp, overrides: Partial<SignUpFields> = {}) {
  const { user, fields } = await signUp(t, overrides);
  const tokens = await loginTokens(t, fields.email, fields.password);
  return { user, fields, tokens, headers: bearer(tokens.access_token) };
}

/** The code of the latest verification mail to this address, once `count` such mails arrived. */
export async function latestCode(smtp: TestSmtpServer, email: string, count = 1): Promise<string> {
  await smtp.waitForMail(email, { match: () => smtp.mailsTo(email).length >= count });
  const mails = smtp.mailsTo(email);
  return codeFromMail(mails[mails.length - 1]!);
}

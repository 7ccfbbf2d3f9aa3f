import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, customer, refresh } from '../../testing/accounts';
import { databaseKinds } from '../../testing/databases';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { TokenResponse } from '#domain/schemas/token-answer';

const day = 86_400;

describe.each(databaseKinds)('sessions that end on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const me = (accessToken: string) => t.inject({ method: 'GET', url: '/api/v2/user', headers: bearer(accessToken) });
  const revoke = (payload: Record<string, unknown> | string, headers: Record<string, string> = {}) =>
    t.inject({ method: 'POST', url: '/api/v2/oauth/revoke', headers, payload });

  it('access tokens last 15 minutes by default; the refresh token says how long it lives, for its cookie', async () => {
    expect(t.config.accessTokenTtlSeconds).toBe(900);
    const { tokens } = await customer(t);
    expect(tokens.expires_in).toBe(900);
    expect(tokens.refresh_token_expires_in).toBe(t.config.refreshTokenTtlSeconds);
    t.clock.advance(901);
    expect((await me(tokens.access_token)).statusCode).toBe(401);
    const renewed = await refresh(t, tokens.refresh_token);
    expect(renewed.statusCode).toBe(200);
    expect((await me(renewed.json<TokenResponse>().access_token)).statusCode).toBe(200);
  });

  it('a session refreshed every week still ends SESSION_MAX_AGE after its sign-in', async () => {
    const { tokens } = await customer(t);
    let current = tokens;
    let elapsed = 0;
    const maxAge = t.config.sessionMaxAgeSeconds;
    while (elapsed + 7 * day < maxAge) {
      t.clock.advance(7 * day);
      elapsed += 7 * day;
      const response = await refresh(t, current.refresh_token);
      expect(response.statusCode).toBe(200);
      current = response.json<TokenResponse>();
      // Neither token is ever given past the session's end.
      expect(current.refresh_token_expires_in).toBeLessThanOrEqual(maxAge - elapsed);
      expect(current.expires_in).toBeLessThanOrEqual(maxAge - elapsed);
    }
    t.clock.advance(maxAge - elapsed + 1);
    const late = await refresh(t, current.refresh_token);
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toBe('invalid_grant');
  });

  it('revoking the refresh token (RFC 7009) ends the session: its access token and refresh token stop working', async () => {
    const { tokens } = await customer(t);
    const answer = await revoke({ token: tokens.refresh_token, token_type_hint: 'refresh_token', client_id: 'roundtrip-web' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect((await me(tokens.access_token)).statusCode).toBe(401);
    expect((await refresh(t, tokens.refresh_token)).json().error).toBe('invalid_grant');
  });

  it('revoking an access token, form-encoded and with a wrong hint, ends its session too; other sessions live on', async () => {
    const person = await customer(t);
    const other = await refresh(t, person.tokens.refresh_token);
    const { tokens: second } = await customer(t, { email: `second.${Date.now()}@example.com` });
    const answer = await revoke(new URLSearchParams({ token: person.tokens.access_token, token_type_hint: 'refresh_token' }).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(answer.statusCode).toBe(200);
    expect((await me(other.json<TokenResponse>().access_token)).statusCode).toBe(401);
    expect((await me(second.access_token)).statusCode).toBe(200);
  });

  it('answers 200 for an unknown or already revoked token, and OAuth errors for a malformed request', async () => {
    expect((await revoke({ token: 'not-a-token-we-issued' })).statusCode).toBe(200);
    const { tokens } = await customer(t);
    expect((await revoke({ token: tokens.refresh_token })).statusCode).toBe(200);
    expect((await revoke({ token: tokens.refresh_token })).statusCode).toBe(200);

    const missing = await revoke({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'invalid_request', fields: { token: 'required' } });
    const badHint = await revoke({ token: 'abc', token_type_hint: 'id_token' });
    expect(badHint.statusCode).toBe(400);
    expect(badHint.json().error).toBe('unsupported_token_type');
  });
});

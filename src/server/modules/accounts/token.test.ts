import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokens, refreshTokens, users } from '../../db/schema';
import { bearer, customer, login, refresh, signUp, testPassword, uniqueEmail } from '../../testing/accounts';
import { databaseKinds } from '../../testing/databases';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { refreshReuseGraceSeconds } from './sessions';

const invalidGrant = { error: 'invalid_grant', error_description: 'The email or password is incorrect.' };

describe.each(databaseKinds)('POST /api/v2/oauth/token and bearer authentication on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const me = (headers: Record<string, string>) => t.inject({ method: 'GET', url: '/api/v2/user', headers });

  describe('grant_type=password', () => {
    it('answers access and refresh tokens, stores only their hashes, and the access token opens GET /user', async () => {
      const { user, fields } = await signUp(t);
      const response = await login(t, fields.email);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = response.json();
      expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'refresh_token', 'refresh_token_expires_in', 'token_type']);
      expect(body.token_type).toBe('Bearer');
      expect(body.expires_in).toBe(t.config.accessTokenTtlSeconds);
      expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(body.access_token).not.toBe(body.refresh_token);

      const storedAccess = await t.db.select().from(accessTokens).where(eq(accessTokens.userId, user.id));
      expect(storedAccess).toHaveLength(1);
      expect(storedAccess[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(storedAccess)).not.toContain(body.access_token);
      const storedRefresh = await t.db.select().from(refreshTokens).where(eq(refreshTokens.familyId, storedAccess[0]!.familyId));
      expect(JSON.stringify(storedRefresh)).not.toContain(body.refresh_token);

      const profile = await me(bearer(body.access_token));
      expect(profile.statusCode).toBe(200);
      expect(profile.json().data).toEqual(user);
    });

    it('accepts a form-urlencoded body, and the email in any case', async () => {
      const { fields } = await signUp(t);
      const form = new URLSearchParams({
        grant_type: 'password',
        client_id: 'web',
        country_code: 'us',
        email: fields.email.toUpperCase(),
        password: testPassword,
      });
      const response = await t.inject({
        method: 'POST',
        url: '/api/v2/oauth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form.toString(),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().token_type).toBe('Bearer');
    });

    it('answers the same invalid_grant for a wrong password and for an unknown email', async () => {
      const { fields } = await signUp(t);
      const wrongPassword = await login(t, fields.email, 'not the password');
      const unknownEmail = await login(t, uniqueEmail('nobody'), 'not the password');
      expect(wrongPassword.statusCode).toBe(400);
      expect(unknownEmail.statusCode).toBe(400);
      expect(wrongPassword.json()).toEqual(invalidGrant);
      expect(unknownEmail.body).toBe(wrongPassword.body);
    });

    it('says so in French and Japanese', async () => {
      const fr = await login(t, uniqueEmail(), 'whatever-password', { 'accept-language': 'fr-CA,fr;q=0.8' });
      expect(fr.json()).toEqual({ error: 'invalid_grant', error_description: 'L’adresse e-mail ou le mot de passe est incorrect.' });
      const ja = await login(t, uniqueEmail(), 'whatever-password', { 'accept-language': 'ja-JP' });
      expect(ja.json()).toEqual({ error: 'invalid_grant', error_description: 'メールアドレスまたはパスワードが正しくありません。' });
    });

    it('refuses a deleted account, and ends its sessions', async () => {
      const { user, fields, headers } = await customer(t);
      await t.db.update(users).set({ deletedAt: t.clock.now() }).where(eq(users.id, user.id));
      expect((await login(t, fields.email)).json()).toEqual(invalidGrant);
      const profile = await me(headers);
      expect(profile.statusCode).toBe(401);
    });

    it.each([
      ['no body at all', undefined, 'invalid_request', { grant_type: 'required' }],
      ['no grant_type', { email: 'a@b.co', password: 'x' }, 'invalid_request', { grant_type: 'required' }],
      ['a numeric grant_type', { grant_type: 7 }, 'invalid_request', { grant_type: 'invalidValue' }],
      ['no email nor password', { grant_type: 'password' }, 'invalid_request', { email: 'enterValidEmail', password: 'enterValidPsw' }],
      ['an empty password', { grant_type: 'password', email: 'a@b.co', password: '' }, 'invalid_request', { password: 'enterValidPsw' }],
      [
        'a huge password',
        { grant_type: 'password', email: 'a@b.co', password: 'p'.repeat(10_000) },
        'invalid_request',
        { password: 'passwordTooLong' },
      ],
      [
        'an unknown field',
        { grant_type: 'password', email: 'a@b.co', password: 'x', scope: 'admin' },
        'invalid_request',
        { scope: 'unknownField' },
      ],
      ['no refresh_token', { grant_type: 'refresh_token' }, 'invalid_request', { refresh_token: 'required' }],
    ])('answers 400 for %s with %s', async (_label, payload, error, fields) => {
      const response = await t.inject({ method: 'POST', url: '/api/v2/oauth/token', ...(payload ? { payload } : {}) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error, error_description: 'Please enter your email and password.', fields });
    });

    it('answers unsupported_grant_type for another grant', async () => {
      const response = await t.inject({ method: 'POST', url: '/api/v2/oauth/token', payload: { grant_type: 'client_credentials' } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'unsupported_grant_type', error_description: 'This login method is not supported.' });
    });
  });

  describe('bearer authentication', () => {
    it.each([
      ['no Authorization header', {}],
      ['an unknown token', { authorization: 'Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }],
      ['a Basic credential', { authorization: 'Basic dXNlcjpwYXNz' }],
      ['an empty bearer', { authorization: 'Bearer ' }],
      ['a huge token', { authorization: `Bearer ${'a'.repeat(5000)}` }],
    ])('answers 401 UNAUTHORIZED for %s', async (_label, headers) => {
      const response = await me(headers);
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Please log in again.' } });
    });

    it('answers 401 in Japanese', async () => {
      const response = await me({ 'accept-language': 'ja' });
      expect(response.json().error.message).toBe('もう一度ログインしてください。');
    });

    it('refuses a refresh token used as an access token', async () => {
      const { tokens } = await customer(t);
      expect((await me(bearer(tokens.refresh_token))).statusCode).toBe(401);
    });

    it('refuses an expired access token', async () => {
      const { headers } = await customer(t);
      expect((await me(headers)).statusCode).toBe(200);
      t.clock.advance(t.config.accessTokenTtlSeconds - 5);
      expect((await me(headers)).statusCode).toBe(200);
      t.clock.advance(10);
      const expired = await me(headers);
      expect(expired.statusCode).toBe(401);
      expect(expired.json().error.code).toBe('UNAUTHORIZED');
    });
  });

  describe('grant_type=refresh_token', () => {
    it('rotates: a new pair in the same family; the old refresh token is marked rotated', async () => {
      const { tokens, user } = await customer(t);
      const response = await refresh(t, tokens.refresh_token);
      expect(response.statusCode).toBe(200);
      const next = response.json();
      expect(next.token_type).toBe('Bearer');
      expect(next.expires_in).toBe(t.config.accessTokenTtlSeconds);
      expect(next.refresh_token).not.toBe(tokens.refresh_token);
      expect(next.access_token).not.toBe(tokens.access_token);
      const profile = await me(bearer(next.access_token));
      expect(profile.json().data.id).toBe(user.id);

      const families = new Set((await t.db.select().from(accessTokens).where(eq(accessTokens.userId, user.id))).map((row) => row.familyId));
      expect(families.size).toBe(1);
      const [family] = [...families];
      const rows = await t.db.select().from(refreshTokens).where(eq(refreshTokens.familyId, family!));
      expect(rows).toHaveLength(2);
      expect(rows.filter((row) => row.rotatedAt !== null)).toHaveLength(1);

      // The chain goes on.
      expect((await refresh(t, next.refresh_token)).statusCode).toBe(200);
    });

    it('refuses a reused token within the grace without revoking the family', async () => {
      const { tokens } = await customer(t);
      const next = (await refresh(t, tokens.refresh_token)).json();
      t.clock.advance(refreshReuseGraceSeconds - 2);
      const retry = await refresh(t, tokens.refresh_token);
      expect(retry.statusCode).toBe(400);
      expect(retry.json()).toEqual(invalidGrant);
      expect((await me(bearer(next.access_token))).statusCode).toBe(200);
      expect((await refresh(t, next.refresh_token)).statusCode).toBe(200);
    });

    it('revokes the whole family when a rotated token comes back after the grace', async () => {
      const { tokens } = await customer(t);
      const next = (await refresh(t, tokens.refresh_token)).json();
      t.clock.advance(refreshReuseGraceSeconds + 1);
      const reuse = await refresh(t, tokens.refresh_token);
      expect(reuse.statusCode).toBe(400);
      expect(reuse.json()).toEqual(invalidGrant);
      // Every token of the family is dead: the first access token, the rotated pair's access and refresh.
      expect((await me(bearer(tokens.access_token))).statusCode).toBe(401);
      expect((await me(bearer(next.access_token))).statusCode).toBe(401);
      expect((await refresh(t, next.refresh_token)).json()).toEqual(invalidGrant);
    });

    it("leaves the person's other sessions alone when one family is revoked", async () => {
      const { tokens, fields } = await customer(t);
      const otherDevice = (await login(t, fields.email)).json();
      await refresh(t, tokens.refresh_token);
      t.clock.advance(refreshReuseGraceSeconds + 1);
      await refresh(t, tokens.refresh_token);
      expect((await me(bearer(otherDevice.access_token))).statusCode).toBe(200);
      expect((await refresh(t, otherDevice.refresh_token)).statusCode).toBe(200);
    });

    it('lets one of two simultaneous exchanges of the same token win, and keeps the winner signed in', async () => {
      const { tokens } = await customer(t);
      const answers = await Promise.all([refresh(t, tokens.refresh_token), refresh(t, tokens.refresh_token)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
      const winner = answers.find((answer) => answer.statusCode === 200)!.json();
      expect((await me(bearer(winner.access_token))).statusCode).toBe(200);
      expect((await refresh(t, winner.refresh_token)).statusCode).toBe(200);
    });

    it('refuses an expired refresh token, an unknown one, and an access token', async () => {
      const { tokens } = await customer(t);
      expect((await refresh(t, tokens.access_token)).json()).toEqual(invalidGrant);
      expect((await refresh(t, 'x'.repeat(43))).json()).toEqual(invalidGrant);
      t.clock.advance(t.config.refreshTokenTtlSeconds + 1);
      const expired = await refresh(t, tokens.refresh_token);
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toEqual(invalidGrant);
    });
  });
});

describe.each(databaseKinds)('login rate limits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      limitRules: {
        loginPerAccount: { points: 3, windowSeconds: 900 },
        loginPerAddress: { points: 8, windowSeconds: 600 },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stops a guesser with 429 and Retry-After, even for the right password, without locking the owner out from elsewhere', async () => {
    const { fields } = await signUp(t);
    const from = (remoteAddress: string, password: string) =>
      t.inject({
        method: 'POST',
        url: '/api/v2/oauth/token',
        remoteAddress,
        payload: { grant_type: 'password', email: fields.email, password },
      });
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await from('192.0.2.1', 'wrong password')).statusCode).toBe(400);
    const locked = await from('192.0.2.1', testPassword);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ error: { code: 'RATE_LIMITED', message: 'Too many attempts. Please try again later.' } });
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // The owner, at home: the guesser's failures are not theirs.
    expect((await from('192.0.2.2', testPassword)).statusCode).toBe(200);
  });

  it("forgets an account's failures after a successful login", async () => {
    const { fields } = await signUp(t);
    const attempt = (password: string) =>
      t.inject({
        method: 'POST',
        url: '/api/v2/oauth/token',
        remoteAddress: '192.0.2.3',
        payload: { grant_type: 'password', email: fields.email, password },
      });
    expect((await attempt('wrong one')).statusCode).toBe(400);
    expect((await attempt('wrong two')).statusCode).toBe(400);
    expect((await attempt(testPassword)).statusCode).toBe(200);
    expect((await attempt('wrong three')).statusCode).toBe(400);
    expect((await attempt('wrong four')).statusCode).toBe(400);
    expect((await attempt(testPassword)).statusCode).toBe(200);
  });

  it('limits one address across accounts, not other addresses', async () => {
    const attempt = (remoteAddress: string) =>
      t.inject({
        method: 'POST',
        url: '/api/v2/oauth/token',
        remoteAddress,
        payload: { grant_type: 'password', email: uniqueEmail(), password: 'guess-guess' },
      });
    for (let n = 0; n < 8; n += 1) expect((await attempt('198.51.100.9')).statusCode).toBe(400);
    const blocked = await attempt('198.51.100.9');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(500);
    expect((await attempt('198.51.100.10')).statusCode).toBe(400);
  });
});

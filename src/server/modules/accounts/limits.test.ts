import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { emailVerificationCodes } from '../../db/schema';
import { bearer, customer, loginTokens, signUp } from '../../testing/accounts';
import { databaseKinds } from '../../testing/databases';
import { createTestApp, type TestApp } from '../../testing/test-app';

const hashing = vi.hoisted(() => ({ calls: 0 }));
vi.mock('./passwords', async (importOriginal) => {
  const original = await importOriginal<typeof import('./passwords')>();
  return {
    ...original,
    hashPassword: async (password: string) => {
      hashing.calls += 1;
      return original.hashPassword(password);
    },
  };
});

const newPassword = 'a brand new passphrase';

describe.each(databaseKinds)('reset links on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { limitRules: { resetAttemptsPerAddress: { points: 3, windowSeconds: 3600 } } });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => {
    hashing.calls = 0;
  });

  const tryReset = (token: string, remoteAddress: string) =>
    t.inject({
      method: 'PUT',
      url: '/api/v2/user/reset_password',
      remoteAddress,
      payload: { token, password: newPassword, password_confirmation: newPassword },
    });

  it('checks the token before hashing anything, and limits tries per address', async () => {
    for (let n = 0; n < 3; n += 1) {
      const response = await tryReset(`made-up-token-${n}`, '203.0.113.70');
      expect(response.statusCode).toBe(422);
      expect(response.json().error.code).toBe('RESET_LINK_INVALID');
    }
    expect(hashing.calls).toBe(0);
    const limited = await tryReset('made-up-token-4', '203.0.113.70');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500);
    expect((await tryReset('made-up-token-5', '203.0.113.71')).statusCode).toBe(422);
  });
});

describe.each(databaseKinds)('verification codes a day on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      limitRules: {
        verificationCodesPerHour: { points: 2, windowSeconds: 3600 },
        verificationCodesPerDay: { points: 3, windowSeconds: 86_400 },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('caps the codes of a day beside the codes of an hour (sign-up included)', async () => {
    const { fields } = await customer(t);
    // A fresh sign-in each time: access tokens last 15 minutes, and the clock moves by hours.
    const resend = async () =>
      t.inject({ method: 'POST', url: '/api/v2/user/verification', headers: bearer((await loginTokens(t, fields.email)).access_token) });
    expect((await resend()).statusCode).toBe(200);
    const hourly = await resend();
    expect(hourly.statusCode).toBe(429);
    expect(Number(hourly.headers['retry-after'])).toBeLessThanOrEqual(3600);
    t.clock.advance(3601);
    expect((await resend()).statusCode).toBe(200);
    t.clock.advance(3601);
    const daily = await resend();
    expect(daily.statusCode).toBe(429);
    expect(daily.json().error.code).toBe('TOO_MANY_CODES');
    expect(Number(daily.headers['retry-after'])).toBeGreaterThan(20 * 3600);
    t.clock.advance(86_400);
    expect((await resend()).statusCode).toBe(200);
  });
});

describe.each(databaseKinds)('a mail server that is down on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // Port 9 (discard) on the loopback: nothing listens, the connection is refused.
    t = await createTestApp(kind, { smtpUrl: 'smtp://127.0.0.1:9' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 503 MAIL_NOT_SENT for a new code, in the error shape, and the code does not count', async () => {
    const { user, tokens } = await signUp(t).then(async (signedUp) => ({
      user: signedUp.user,
      tokens: (
        await t.inject({
          method: 'POST',
          url: '/api/v2/oauth/token',
          payload: { grant_type: 'password', email: signedUp.fields.email, password: signedUp.fields.password },
        })
      ).json(),
    }));
    const before = await t.db.select().from(emailVerificationCodes).where(eq(emailVerificationCodes.userId, user.id));
    const response = await t.inject({
      method: 'POST',
      url: '/api/v2/user/verification',
      headers: { ...bearer(tokens.access_token), 'accept-language': 'fr-FR' },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: { code: 'MAIL_NOT_SENT', message: 'Nous n’avons pas pu envoyer l’e-mail pour le moment. Réessayez dans une minute.' },
    });
    expect(response.headers['retry-after']).toBe('60');
    const after = await t.db.select().from(emailVerificationCodes).where(eq(emailVerificationCodes.userId, user.id));
    expect(after).toHaveLength(before.length);
  });
});

describe.each(databaseKinds)('Redis down on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { REDIS_URL: 'redis://127.0.0.1:1' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sign-up and sign-in, both limited, still answer as usual (never a 500)', async () => {
    const { fields } = await signUp(t);
    expect(
      (
        await t.inject({
          method: 'POST',
          url: '/api/v2/oauth/token',
          payload: { grant_type: 'password', email: fields.email, password: 'wrong password' },
        })
      ).statusCode,
    ).toBe(400);
    expect((await loginTokens(t, fields.email)).token_type).toBe('Bearer');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpFields } from '../testing/accounts';
import { databaseKinds } from '../testing/databases';
import { createTestApp, type TestApp } from '../testing/test-app';

/** Per-address limits count the address the proxy saw, not what the client wrote into X-Forwarded-For. */
describe.each(databaseKinds)('client address behind a proxy on %s', (kind) => {
  const signUpFrom = (t: TestApp, remoteAddress: string, forwardedFor?: string) =>
    t.inject({
      method: 'POST',
      url: '/api/v2/user',
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      payload: signUpFields(),
    });

  describe('one hop (TRUST_PROXY=1)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { env: { TRUST_PROXY: '1' }, limitRules: { signUpsPerAddress: { points: 1, windowSeconds: 3600 } } });
    });
    afterAll(async () => t?.close());

    it('a client writing a new leftmost address each time is still one address', async () => {
      expect((await signUpFrom(t, '10.0.0.2', '6.6.6.1, 203.0.113.9')).statusCode).toBe(201);
      expect((await signUpFrom(t, '10.0.0.2', '6.6.6.2, 203.0.113.9')).statusCode).toBe(429);
    });

    it('two customers behind the same proxy are two addresses', async () => {
      expect((await signUpFrom(t, '10.0.0.2', '198.51.100.1')).statusCode).toBe(201);
      expect((await signUpFrom(t, '10.0.0.2', '198.51.100.2')).statusCode).toBe(201);
    });
  });

  describe('a list of proxy addresses', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, {
        env: { TRUST_PROXY: '10.0.0.0/8' },
        limitRules: { signUpsPerAddress: { points: 1, windowSeconds: 3600 } },
      });
    });
    afterAll(async () => t?.close());

    it('believes X-Forwarded-For only from a listed proxy', async () => {
      expect((await signUpFrom(t, '10.1.2.3', '198.51.100.7')).statusCode).toBe(201);
      expect((await signUpFrom(t, '10.1.2.3', '198.51.100.8')).statusCode).toBe(201);
      // Straight from the internet: the header is the client's own writing, and is ignored.
      expect((await signUpFrom(t, '203.0.113.50', '198.51.100.9')).statusCode).toBe(201);
      expect((await signUpFrom(t, '203.0.113.50', '198.51.100.10')).statusCode).toBe(429);
    });
  });
});

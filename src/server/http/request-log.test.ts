import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOpaqueToken } from '../modules/accounts/secrets';
import { createTestApp, type TestApp } from '../testing/test-app';
import { redactSecrets } from './request-log';

describe('what the server log keeps of a request', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { logStream: { write: (line: string) => lines.push(line) } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('never a token, an operator session, an automation token or a secret query value, whatever the address', async () => {
    const bare = newOpaqueToken();
    const session = `op_${newOpaqueToken()}`;
    const automation = `rtk_${newOpaqueToken()}`;
    const secrets = [bare, session, automation, 'query-token-value', 'query-key-value', 'reset-code-value'];
    lines.length = 0;
    for (const url of [
      `/api/v2/ops/invitations/${bare}`,
      `/api/v2/somewhere/${session}/else`,
      `/api/v2/${automation}?token=query-token-value&key=query-key-value`,
      `/api/v2/products?country_code=us&code=reset-code-value`,
      `/nowhere/${bare}?api_key=query-key-value`,
    ]) {
      await t.app.inject({ method: 'GET', url });
    }
    await t.app.inject({ method: 'POST', url: `/api/v2/ops/invitations/${bare}`, payload: {} });
    const log = lines.join('');
    expect(log).toContain('/api/v2/somewhere/');
    for (const secret of secrets) expect(log, secret).not.toContain(secret);
  });
});

describe('redactSecrets', () => {
  it('hides what looks like a secret and keeps what reads like an address', () => {
    const token = newOpaqueToken();
    expect(redactSecrets(`/api/v2/ops/invitations/${token}`)).toBe('/api/v2/ops/invitations/[redacted]');
    expect(redactSecrets(`Bearer op_${token}`)).not.toContain(token);
    expect(redactSecrets(`"x-ops-key":"rtk_${token}"`)).not.toContain(token);
    expect(redactSecrets('/reset?token=abc&lang=fr&key=xyz&password=p&code=1234')).toBe(
      '/reset?token=[redacted]&lang=fr&key=[redacted]&password=[redacted]&code=[redacted]',
    );
    // Identifiers and digests are not secrets, and are longer or shorter than a token.
    const id = '0b6a0e9c-3f4e-4c1e-9a57-2b7f1f1e2d3c';
    const digest = 'a'.repeat(64);
    expect(redactSecrets(`/api/v2/ops/operators/${id}/disable ${digest}`)).toBe(`/api/v2/ops/operators/${id}/disable ${digest}`);
  });
});

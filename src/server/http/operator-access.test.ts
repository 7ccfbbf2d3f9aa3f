import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../testing/databases';
import { createTestApp, type TestApp } from '../testing/test-app';

const localKey = 'local-key-for-proxy-headers-0123456789abcdef';

describe.each(databaseKinds)('the CLI’s local key and proxy headers (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { localOperatorKey: localKey });
  });
  afterAll(async () => {
    await t?.close();
  });
  const whoAmI = (headers: Record<string, string>) =>
    t.inject({ method: 'GET', url: '/api/v2/ops/me', headers: { 'x-ops-key': localKey, ...headers }, remoteAddress: '127.0.0.1' });

  it('is taken from loopback when nothing says a proxy relayed the request', async () => {
    const answer = await whoAmI({});
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toMatchObject({ kind: 'cli' });
  });

  // A proxy on the same host connects from loopback: any header a proxy adds (or a client hopes a
  // proxy passes on) means the person behind it may be anywhere, so the key is no key at all.
  it.each([
    ['via', '1.1 proxy.internal'],
    ['forwarded', 'for=203.0.113.9'],
    ['x-forwarded-for', '203.0.113.9'],
    ['x-forwarded-host', 'roundtrip.example'],
    ['x-forwarded-proto', 'https'],
    ['x-forwarded-port', '443'],
    ['x-forwarded-server', 'edge-1'],
    ['x-real-ip', '203.0.113.9'],
    ['x-client-ip', '203.0.113.9'],
    ['cf-connecting-ip', '203.0.113.9'],
    ['Via', ''],
  ])('is refused with %s: %s', async (name, value) => {
    const answer = await whoAmI({ [name]: value });
    expect(answer.statusCode, answer.body).toBe(403);
    expect(answer.json().error.code).toBe('OPS_KEY_INVALID');
  });
});

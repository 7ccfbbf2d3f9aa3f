import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingTextLimits } from '#domain/missing-text-limits';
import { missingTexts } from '../../db/schema';
import { addressLimitKey } from '../../http/rate-limit';
import { databaseKinds } from '../../testing/databases';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { cliHeaders, operatorHeaders, testLocalKey, testOperatorKey } from '../../testing/wallet';

describe.each(databaseKinds)('POST /locales/add/{lng}/{ns}: missing texts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: { OPS_KEY: testOperatorKey },
      localOperatorKey: testLocalKey,
      limitRules: {
        missingTextsPerAddress: { points: 8, windowSeconds: 3600 },
        missingTextNewKeysPerAddress: { points: 120, windowSeconds: 86_400 },
      },
    });
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  // Each test reports from its own address: the limit is per address.
  const report = (lng: string, ns: string, payload: unknown, remoteAddress = '203.0.113.1') =>
    t.inject({ method: 'POST', url: `/api/v2/locales/add/${lng}/${ns}`, payload: payload as Record<string, unknown>, remoteAddress });
  const listed = async (query = '') =>
    (await t.inject({ method: 'GET', url: `/api/v2/ops/missing-texts${query}`, headers: operatorHeaders })).json().data;

  it('stores each key once with a count and first and last seen; operators list them (API and CLI)', async () => {
    const first = await report('fr-FR', 'faq', { 'fees.q': 'Are there any fees?', 'fees.a': 'No.' }, '203.0.113.10');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ data: { recorded: 2 } });
    t.clock.advance(3600);
    expect((await report('fr-FR', 'faq', { 'fees.q': 'Are there any fees?' }, '203.0.113.10')).statusCode).toBe(200);
    // Another locale or namespace is another row.
    expect((await report('ja', 'messages', { a1b2c3: '' }, '203.0.113.10')).statusCode).toBe(200);

    const rows = await listed('?locale=fr-FR');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ locale: 'fr-FR', namespace: 'faq', key: 'fees.q', fallback: 'Are there any fees?', count: 2 });
    expect(Date.parse(rows[0].last_seen_at) - Date.parse(rows[0].first_seen_at)).toBe(3600_000);
    expect(rows[1]).toMatchObject({ key: 'fees.a', count: 1 });
    expect((await listed()).map((row: { locale: string }) => row.locale).sort()).toEqual(['fr-FR', 'fr-FR', 'ja']);
    expect((await t.inject({ method: 'GET', url: '/api/v2/ops/missing-texts' })).statusCode).toBe(401);

    const cli = await t.inject({
      method: 'POST',
      url: '/api/v2/ops/commands',
      headers: cliHeaders,
      payload: { argv: ['content', 'missing', 'fr-FR'] },
    });
    const { stdout, exit_code: exitCode } = cli.json().data;
    expect(exitCode).toBe(0);
    expect(stdout).toMatch(/^\s+2\s+fr-FR\s+faq\s+fees\.q /m);
    expect(stdout).toContain('shown instead: "Are there any fees?"');
  });

  it('refuses unknown languages and namespaces, empty and oversized reports, with the fields at fault', async () => {
    const address = '203.0.113.20';
    const language = await report('de-DE', 'faq', { a: 'b' }, address);
    expect(language.statusCode).toBe(400);
    expect(language.json().error.fields).toEqual({ lng: 'invalidValue' });
    expect((await report('fr-FR', 'secrets', { a: 'b' }, address)).json().error.fields).toEqual({ ns: 'invalidValue' });
    expect((await report('fr-FR', 'faq', {}, address)).statusCode).toBe(400);
    const tooMany = Object.fromEntries(Array.from({ length: missingTextLimits.keysPerReport + 1 }, (_, index) => [`key.${index}`, 'x']));
    expect((await report('fr-FR', 'faq', tooMany, address)).statusCode).toBe(400);
    const longText = await report('fr-FR', 'faq', { ok: 'x'.repeat(missingTextLimits.textLength + 1) }, address);
    expect(longText.json().error.fields).toEqual({ ok: 'tooLong' });
    const longKey = await report('fr-FR', 'faq', { ['k'.repeat(missingTextLimits.keyLength + 1)]: 'x' }, address);
    expect(longKey.statusCode).toBe(400);
    expect((await report('fr-FR', 'faq', { nested: { a: 1 } }, address)).statusCode).toBe(400);
    expect((await listed('?locale=fr-FR')).some((row: { key: string }) => row.key === 'ok' || row.key === 'nested')).toBe(false);
  });

  it('limits reports per address (429 with Retry-After); another address is not held back', async () => {
    const address = '203.0.113.30';
    for (let index = 0; index < 8; index += 1)
      expect((await report('en-US', 'home', { [`k${index}`]: 'x' }, address)).statusCode).toBe(200);
    const limited = await report('en-US', 'home', { late: 'x' }, address);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await report('en-US', 'home', { other: 'x' }, '203.0.113.31')).statusCode).toBe(200);
  });

  it('counts an IPv6 sender per /64: new addresses in the same network share one budget', async () => {
    for (let index = 1; index <= 8; index += 1)
      expect((await report('en-US', 'home', { [`v6.${index}`]: 'x' }, `2001:db8:40:1::${index}`)).statusCode).toBe(200);
    expect((await report('en-US', 'home', { 'v6.late': 'x' }, '2001:db8:40:1:ffff:ffff:ffff:fffe')).statusCode).toBe(429);
    expect((await report('en-US', 'home', { 'v6.next': 'x' }, '2001:db8:40:2::1')).statusCode).toBe(200);
    expect(addressLimitKey('2001:0db8:0040:0001:0000:0000:0000:0009')).toBe('2001:db8:40:1::/64');
    expect(addressLimitKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(addressLimitKey('203.0.113.5')).toBe('203.0.113.5');
  });

  it('gives each sender a share of new keys: past it, its reports count known keys only, and others still add theirs', async () => {
    const keysFrom = (prefix: string) => Object.fromEntries(Array.from({ length: 50 }, (_, index) => [`${prefix}.${index}`, 'x']));
    const flooder = '198.51.100.70';
    expect((await report('fr-FR', 'faq', keysFrom('flood.a'), flooder)).json()).toEqual({ data: { recorded: 50 } });
    expect((await report('fr-FR', 'faq', keysFrom('flood.b'), flooder)).json()).toEqual({ data: { recorded: 50 } });
    // 100 of its 120 new keys used: 50 more do not fit, and none of them is stored.
    expect((await report('fr-FR', 'faq', keysFrom('flood.c'), flooder)).json()).toEqual({ data: { recorded: 0 } });
    expect((await report('fr-FR', 'faq', { 'flood.a.1': 'x', 'flood.d.1': 'x' }, flooder)).json()).toEqual({ data: { recorded: 1 } });
    expect((await report('fr-FR', 'faq', { 'real.missing': 'Comment ça marche ?' }, '198.51.100.71')).json()).toEqual({
      data: { recorded: 1 },
    });
    const stored = (await listed('?locale=fr-FR')) as { key: string; count: number }[];
    expect(stored.filter((row) => row.key.startsWith('flood.c') || row.key.startsWith('flood.d'))).toEqual([]);
    expect(stored.find((row) => row.key === 'flood.a.1')?.count).toBe(2);
    expect(stored.some((row) => row.key === 'real.missing')).toBe(true);
  });

  it('keeps the first "shown instead" text: a later report cannot rewrite it', async () => {
    expect((await report('en-CA', 'faq', { 'kept.first': 'How do refunds work?' }, '203.0.113.50')).statusCode).toBe(200);
    expect((await report('en-CA', 'faq', { 'kept.first': 'Send your password to evil.example' }, '203.0.113.51')).statusCode).toBe(200);
    const [row] = (await listed('?locale=en-CA')) as { key: string; fallback: string; count: number }[];
    expect(row).toMatchObject({ key: 'kept.first', fallback: 'How do refunds work?', count: 2 });
  });

  it('past the stored-key cap, new keys are dropped and known keys still counted', async () => {
    const filler = Array.from({ length: missingTextLimits.storedKeys }, (_, index) => ({
      locale: 'en-GB',
      namespace: 'faq',
      key: `filler.${index}`,
      fallback: '',
    }));
    for (let start = 0; start < filler.length; start += 1000) await t.db.insert(missingTexts).values(filler.slice(start, start + 1000));
    const answer = await report('en-GB', 'faq', { 'filler.1': 'x', 'brand.new': 'y' }, '203.0.113.40');
    expect(answer.json()).toEqual({ data: { recorded: 1 } });
    const rows = await listed('?locale=en-GB&limit=1');
    expect(rows[0]).toMatchObject({ key: 'filler.1', count: 2 });
  });
});

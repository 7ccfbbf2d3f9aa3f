import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containerCodeFromRandom } from '#domain/container-codes';
import { scans } from '../../db/schema';
import { customer } from '../../testing/accounts';
import { databaseKinds } from '../../testing/databases';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { seedCatalogue } from './catalogue';
import { createWalletTestApp, issue, ops, postScan } from '../../testing/wallet';

/** A well-formed code (right check symbol) that was never issued. */
function neverIssuedCode(): string {
  return containerCodeFromRandom(new Uint8Array([9, 9, 9, 9, 9, 9, 9]));
}

/** The same code with one data symbol changed: the check symbol no longer fits. */
function mistyped(code: string): string {
  const first = code[0] === 'A' ? 'B' : 'A';
  return first + code.slice(1);
}

describe.each(databaseKinds)('GET /api/v2/products on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createWalletTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists a market’s products in the reader’s language, cacheable by language', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/v2/products?country_code=us' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers.vary).toContain('accept-language');
    const products = response.json().data;
    expect(products.length).toBeGreaterThanOrEqual(6);
    expect(products[0]).toEqual({
      id: 'us-cold-brew-350',
      name: 'Cold brew coffee, 350 ml glass bottle',
      image_url: '/images/products/bottle.svg',
      container_type: 'bottle',
      deposit: { currency: 'USD', value: '0.50' },
    });
    for (const product of products) {
      expect(product.deposit.currency).toBe('USD');
      expect(Number(product.deposit.value)).toBeGreaterThanOrEqual(0.25);
      expect(Number(product.deposit.value)).toBeLessThanOrEqual(1);
    }

    const french = await t.inject({
      method: 'GET',
      url: '/api/v2/products?country_code=us',
      headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    expect(french.json().data[0].name).toBe('Café infusé à froid, bouteille en verre de 350 ml');
    const japan = await t.inject({ method: 'GET', url: '/api/v2/products?country_code=jp', headers: { 'accept-language': 'ja' } });
    expect(japan.json().data[0]).toMatchObject({ name: '緑茶 500ml ボトル', deposit: { currency: 'JPY', value: '30' } });
    for (const country of ['ca', 'uk', 'fr']) {
      const list = (await t.inject({ method: 'GET', url: `/api/v2/products?country_code=${country}` })).json().data;
      expect(list.length).toBeGreaterThanOrEqual(6);
    }
  });

  it('refuses a missing or unknown country with 400', async () => {
    for (const url of ['/api/v2/products', '/api/v2/products?country_code=de']) {
      const response = await t.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { country_code: expect.any(String) } });
    }
  });
});

describe.each(databaseKinds)('POST /api/v2/scans on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createWalletTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const scanCount = async (id: string) =>
    (
      await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(scans)
        .where(eq(scans.id, id))
    )[0]!.n;

  it('records a PENDING scan: 201 the first time, 200 with the same record on a retry', async () => {
    const { headers } = await customer(t);
    const [code] = await issue(t, 'us-oat-milk-1l');
    const id = randomUUID();
    const first = await postScan(t, headers, code!, { id });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({
      id,
      code,
      status: 'PENDING',
      product: { id: 'us-oat-milk-1l', deposit: { currency: 'USD', value: '0.75' } },
    });
    expect(first.headers['cache-control']).toBe('no-store');
    t.clock.advance(30);
    const retry = await postScan(t, headers, code!, { id });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await scanCount(id)).toBe(1);
  });

  it('accepts the QR URL and a hand-typed code with dashes, lower case and O for 0', async () => {
    const { headers } = await customer(t);
    const [urlCode, typedCode] = await issue(t, 'us-greek-yogurt-170', 2);
    const viaUrl = await postScan(t, headers, `${t.publicUrl}/r/${urlCode}`);
    expect(viaUrl.statusCode).toBe(201);
    expect(viaUrl.json().data.code).toBe(urlCode);
    const typed = `${typedCode!.slice(0, 5)}-${typedCode!.slice(5)}`.toLowerCase().replace(/0/g, 'o');
    const viaTyping = await postScan(t, headers, typed);
    expect(viaTyping.statusCode).toBe(201);
    expect(viaTyping.json().data.code).toBe(typedCode);
  });

  it('makes one record of concurrent duplicates', async () => {
    const { headers } = await customer(t);
    const [code] = await issue(t, 'us-coffee-cup-16oz');
    const id = randomUUID();
    const answers = await Promise.all(Array.from({ length: 8 }, () => postScan(t, headers, code!, { id })));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.json().data.id))).toEqual(new Set([id]));
    expect(await scanCount(id)).toBe(1);
  });

  it('answers 409 SCAN_ID_CONFLICT for the same id with another code or from another customer', async () => {
    const alice = await customer(t);
    const bob = await customer(t);
    const [first, second] = await issue(t, 'us-coffee-cup-16oz', 2);
    const id = randomUUID();
    expect((await postScan(t, alice.headers, first!, { id })).statusCode).toBe(201);
    const otherCode = await postScan(t, alice.headers, second!, { id });
    expect(otherCode.statusCode).toBe(409);
    expect(otherCode.json().error.code).toBe('SCAN_ID_CONFLICT');
    const otherPerson = await postScan(t, bob.headers, first!, { id });
    expect(otherPerson.statusCode).toBe(409);
    expect(otherPerson.json().error.code).toBe('SCAN_ID_CONFLICT');
    expect(otherPerson.body).not.toContain(alice.user.id);
  });

  it('explains each bad code clearly, in the reader’s language', async () => {
    const { headers } = await customer(t);
    const [code] = await issue(t, 'us-peanut-butter-450');

    const typo = await postScan(t, headers, mistyped(code!));
    expect(typo.statusCode).toBe(400);
    expect(typo.json().error).toEqual({
      code: 'CONTAINER_CHECKSUM',
      message: 'This code has a typo: please check each character and try again.',
      fields: { code: 'invalidValue' },
    });

    for (const garbage of ['hello', '12345', 'https://example.com/r/' + code, `${t.publicUrl}/x/${code}`]) {
      const response = await postScan(t, headers, garbage);
      expect(response.statusCode, garbage).toBe(400);
      expect(response.json().error.code, garbage).toBe('CONTAINER_CODE_FORMAT');
    }

    const unknown = await postScan(t, headers, neverIssuedCode());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({ code: 'CONTAINER_UNKNOWN', message: "Sorry, we don't recognise this code." });
    const unknownFr = await postScan(t, headers, neverIssuedCode(), { extraHeaders: { 'accept-language': 'fr' } });
    expect(unknownFr.json().error.message).toBe('Désolé, nous ne reconnaissons pas ce code.');
    const unknownJa = await postScan(t, headers, neverIssuedCode(), { extraHeaders: { 'accept-language': 'ja' } });
    expect(unknownJa.json().error.message).toBe('申し訳ありませんが、このコードは認識できません。');
  });

  it('refuses a container of another market with 422', async () => {
    const { headers } = await customer(t);
    const [frenchCode] = await issue(t, 'fr-yaourt-nature');
    const response = await postScan(t, headers, frenchCode!);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('CONTAINER_OTHER_MARKET');
  });

  it('refuses a container already pending (409), also when two people scan it at once', async () => {
    const alice = await customer(t);
    const bob = await customer(t);
    const [code, raced] = await issue(t, 'us-hand-soap-500', 2);
    expect((await postScan(t, alice.headers, code!)).statusCode).toBe(201);
    // Alice's own scan again: already pending. Bob's: refused too, and recorded as his competing claim.
    for (const [who, code409] of [
      [alice, 'CONTAINER_ALREADY_PENDING'],
      [bob, 'CONTAINER_CLAIM_RECORDED'],
    ] as const) {
      const again = await postScan(t, who.headers, code!);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe(code409);
    }

    const answers = await Promise.all([alice, bob, alice, bob].map((who) => postScan(t, who.headers, raced!)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const pending = await t.db.select().from(scans).where(eq(scans.containerCode, raced!));
    expect(pending).toHaveLength(1);
  });

  it('takes a container back after its check-in (containers go around again)', async () => {
    const { headers } = await customer(t);
    const [code] = await issue(t, 'us-ice-cream-pint');
    expect((await postScan(t, headers, code!)).statusCode).toBe(201);
    expect((await ops(t, '/checkins', { codes: [code] })).statusCode).toBe(200);
    expect((await postScan(t, headers, code!)).statusCode).toBe(201);
  });

  it('checks the scan time: a little clock skew is fine, the future and a week ago are not', async () => {
    const { headers } = await customer(t);
    const [skewed, future, old, lastWeek] = await issue(t, 'us-kombucha-growler', 4);
    const now = t.clock.now().getTime();
    expect((await postScan(t, headers, skewed!, { scannedAt: new Date(now + 60_000) })).statusCode).toBe(201);
    const inFuture = await postScan(t, headers, future!, { scannedAt: new Date(now + 3_600_000) });
    expect(inFuture.statusCode).toBe(400);
    expect(inFuture.json().error).toMatchObject({ code: 'SCAN_IN_FUTURE', fields: { scanned_at: 'invalidValue' } });
    const tooOld = await postScan(t, headers, old!, { scannedAt: new Date(now - 8 * 86_400_000) });
    expect(tooOld.statusCode).toBe(422);
    expect(tooOld.json().error.code).toBe('SCAN_TOO_OLD');
    expect((await postScan(t, headers, lastWeek!, { scannedAt: new Date(now - 6 * 86_400_000) })).statusCode).toBe(201);
  });

  it('validates the body and asks for a login', async () => {
    const { headers } = await customer(t);
    const bad = await t.inject({
      method: 'POST',
      url: '/api/v2/scans',
      headers,
      payload: { id: 'nope', code: '', scanned_at: 'yesterday', extra: 1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { id: 'invalidValue', code: 'required', scanned_at: 'invalidValue', extra: 'unknownField' },
    });
    const anonymous = await t.inject({
      method: 'POST',
      url: '/api/v2/scans',
      payload: { id: randomUUID(), code: neverIssuedCode(), scanned_at: new Date().toISOString() },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe.each(databaseKinds)('POST /api/v2/scans rate limit on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { limitRules: { scansPerUser: { points: 3, windowSeconds: 60 } } });
    await seedCatalogue(t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 429 with Retry-After past the per-person limit, without touching another person', async () => {
    const first = await customer(t);
    const second = await customer(t);
    const codes = await issue(t, 'us-oat-milk-1l', 5);
    for (const code of codes.slice(0, 3)) expect((await postScan(t, first.headers, code)).statusCode).toBe(201);
    const limited = await postScan(t, first.headers, codes[3]!);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await postScan(t, second.headers, codes[4]!)).statusCode).toBe(201);
  });
});

import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containerCodeFromRandom } from '#domain/container-codes';
import { scanBatchResponse } from '#domain/schemas/wallet';
import { scans } from '../../db/schema';
import { customer } from '../../testing/accounts';
import { databaseKinds } from '../../testing/databases';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { seedCatalogue } from './catalogue';
import { createWalletTestApp, issue, postScan } from '../../testing/wallet';

function postBatch(t: TestApp, headers: Record<string, string>, items: { id?: string; code: string }[], extraHeaders = {}) {
  return t.inject({
    method: 'POST',
    url: '/api/v2/scans/batch',
    headers: { ...headers, ...extraHeaders },
    payload: { scans: items.map((item) => ({ id: item.id ?? randomUUID(), code: item.code, scanned_at: t.clock.now().toISOString() })) },
  });
}

describe.each(databaseKinds)('POST /api/v2/scans/batch on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createWalletTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const recordsOf = async (ids: string[]) =>
    (
      await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(scans)
        .where(inArray(scans.id, ids))
    )[0]!.n;

  it('records each scan of a frame as POST /scans would, in order, and a retry of the call records none twice', async () => {
    const { headers } = await customer(t);
    const codes = await issue(t, 'us-oat-milk-1l', 6);
    const items = codes.map((code) => ({ id: randomUUID(), code }));
    const first = await postBatch(t, headers, items);
    expect(first.statusCode).toBe(200);
    const answer = scanBatchResponse.parse(first.json());
    expect(answer.data.map((item) => [item.id, item.status])).toEqual(items.map((item) => [item.id, 201]));
    expect(answer.data.map((item) => item.data?.code)).toEqual(codes);
    expect(answer.data[0]!.data).toMatchObject({ status: 'PENDING', product: { id: 'us-oat-milk-1l' } });

    // The answer was lost: the outbox sends the same call again.
    t.clock.advance(30);
    const retry = await postBatch(t, headers, items);
    expect(retry.statusCode).toBe(200);
    const replayed = scanBatchResponse.parse(retry.json());
    expect(replayed.data.map((item) => item.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(replayed.data.map((item) => item.data)).toEqual(answer.data.map((item) => item.data));
    expect(await recordsOf(items.map((item) => item.id))).toBe(6);

    // One of them sent alone (the service worker's single send, an older app): the same record.
    const alone = await postScan(t, headers, items[2]!.code, { id: items[2]!.id });
    expect(alone.statusCode).toBe(200);
    expect(alone.json().data).toEqual(answer.data[2]!.data);
  });

  it('answers each refused scan with its own status and reason, in the reader’s language, and records the rest', async () => {
    const { headers } = await customer(t);
    const [good, otherMarketGood] = await issue(t, 'us-hand-soap-500', 2);
    const [french] = await issue(t, 'fr-yaourt-nature');
    const unknown = containerCodeFromRandom(new Uint8Array([9, 9, 9, 9, 9, 9, 9]));
    const items = [{ code: good! }, { code: unknown }, { code: french! }, { code: 'hello' }, { code: otherMarketGood! }].map((item) => ({
      id: randomUUID(),
      ...item,
    }));
    const response = await postBatch(t, headers, items, { 'accept-language': 'fr' });
    expect(response.statusCode).toBe(200);
    const answer = scanBatchResponse.parse(response.json());
    expect(answer.data.map((item) => [item.status, item.error?.code])).toEqual([
      [201, undefined],
      [404, 'CONTAINER_UNKNOWN'],
      [422, 'CONTAINER_OTHER_MARKET'],
      [400, 'CONTAINER_CODE_FORMAT'],
      [201, undefined],
    ]);
    expect(answer.data[1]!.error).toMatchObject({
      message: 'Désolé, nous ne reconnaissons pas ce code.',
      fields: { code: 'invalidValue' },
    });
    expect(await recordsOf(items.map((item) => item.id))).toBe(2);
    const [recorded] = await t.db.select({ code: scans.containerCode }).from(scans).where(eq(scans.id, items[4]!.id));
    expect(recorded?.code).toBe(otherMarketGood);
  });

  it('refuses an empty batch, more than a frame’s worth, a malformed scan, and a guest', async () => {
    const { headers } = await customer(t);
    const [code] = await issue(t, 'us-oat-milk-1l');
    const empty = await t.inject({ method: 'POST', url: '/api/v2/scans/batch', headers, payload: { scans: [] } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('VALIDATION_FAILED');
    const tooMany = await postBatch(
      t,
      headers,
      Array.from({ length: 13 }, () => ({ code: code! })),
    );
    expect(tooMany.statusCode).toBe(400);
    const malformed = await t.inject({
      method: 'POST',
      url: '/api/v2/scans/batch',
      headers,
      payload: { scans: [{ id: 'not-a-uuid', code: code!, scanned_at: t.clock.now().toISOString() }] },
    });
    expect(malformed.statusCode).toBe(400);
    const guest = await postBatch(t, {}, [{ code: code! }]);
    expect(guest.statusCode).toBe(401);
    // None of these recorded anything: the code is still free.
    expect((await postScan(t, headers, code!)).statusCode).toBe(201);
  });
});

describe.each(databaseKinds)('POST /api/v2/scans/batch rate limit on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { limitRules: { scansPerUser: { points: 5, windowSeconds: 60 } } });
    await seedCatalogue(t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts each scan of a batch against the per-person limit, as if sent one by one', async () => {
    const { headers } = await customer(t);
    const codes = await issue(t, 'us-oat-milk-1l', 6);
    const four = await postBatch(
      t,
      headers,
      codes.slice(0, 4).map((code) => ({ code })),
    );
    expect(four.statusCode).toBe(200);
    // One point left: a batch of two is refused whole (the outbox tries both again later).
    const two = await postBatch(
      t,
      headers,
      codes.slice(4).map((code) => ({ code })),
    );
    expect(two.statusCode).toBe(429);
    expect(two.json().error.code).toBe('RATE_LIMITED');
    expect(Number(two.headers['retry-after'])).toBeGreaterThan(0);
    // Another person's scans are their own count.
    const other = await customer(t);
    expect((await postScan(t, other.headers, codes[4]!)).statusCode).toBe(201);
  });
});

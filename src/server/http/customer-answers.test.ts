import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, customer, loginTokens, testPassword } from '../testing/accounts';
import { databaseKinds } from '../testing/databases';
import type { TestApp } from '../testing/test-app';
import { createWalletTestApp, issue, ops, postScan } from '../testing/wallet';
import { adjustBalance } from '../modules/wallet/operator-actions';
import { testActor } from '../testing/actor';
import { createCustomerAnswers } from './customer-answers';

describe.each(databaseKinds)('answers kept per data version (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createWalletTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const balanceOf = async (headers: Record<string, string>) => {
    const response = await t.inject({ method: 'GET', url: '/api/v2/user/balance', headers });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: { balance: { value: string } } }>().data.balance.value;
  };

  it('shows a write made outside the request path (an operator adjustment) on the very next call', async () => {
    const { user, headers } = await customer(t);
    expect(await balanceOf(headers)).toBe('0.00');
    expect(await balanceOf(headers)).toBe('0.00');
    await adjustBalance(t.db, testActor, { userId: user.id, amount: '1.25', comment: 'Goodwill' }, t.clock.now());
    expect(await balanceOf(headers)).toBe('1.25');
    const history = await t.inject({ method: 'GET', url: '/api/v2/merged_transactions', headers });
    expect(history.json<{ data: { category: string }[] }>().data.map((row) => row.category)).toEqual(['ADJUSTMENT']);
  });

  it('answers 304 to a matching If-None-Match until the customer’s data changes', async () => {
    const { headers } = await customer(t);
    const first = await t.inject({ method: 'GET', url: '/api/v2/merged_transactions', headers });
    const etag = first.headers.etag;
    expect(typeof etag).toBe('string');
    const again = await t.inject({
      method: 'GET',
      url: '/api/v2/merged_transactions',
      headers: { ...headers, 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const [code] = await issue(t, 'us-oat-milk-1l');
    expect((await postScan(t, headers, code!)).statusCode).toBe(201);
    const changed = await t.inject({
      method: 'GET',
      url: '/api/v2/merged_transactions',
      headers: { ...headers, 'if-none-match': String(etag) },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json<{ data: { status: string }[] }>().data.map((row) => row.status)).toEqual(['PENDING']);
  });

  it('keeps one customer’s answer and ETag from another, and a language’s from another', async () => {
    const first = await customer(t);
    const second = await customer(t);
    await adjustBalance(t.db, testActor, { userId: first.user.id, amount: '3.00', comment: 'Goodwill' }, t.clock.now());
    const a = await t.inject({ method: 'GET', url: '/api/v2/user', headers: first.headers });
    const b = await t.inject({
      method: 'GET',
      url: '/api/v2/user',
      headers: { ...second.headers, 'if-none-match': String(a.headers.etag) },
    });
    expect(b.statusCode).toBe(200);
    expect(b.json<{ data: { email: string } }>().data.email).toBe(second.fields.email);
    expect(await balanceOf(second.headers)).toBe('0.00');
    const english = await t.inject({ method: 'GET', url: '/api/v2/user/balance', headers: first.headers });
    const french = await t.inject({
      method: 'GET',
      url: '/api/v2/user/balance',
      headers: { ...first.headers, 'accept-language': 'fr-FR', 'if-none-match': String(english.headers.etag) },
    });
    expect(french.statusCode).toBe(200);
  });

  it('compresses a large history for a client that takes gzip, and the JSON is the same', async () => {
    const { user, headers } = await customer(t);
    for (let index = 0; index < 40; index += 1) {
      await adjustBalance(t.db, testActor, { userId: user.id, amount: '0.10', comment: `Goodwill number ${index}` }, t.clock.now());
    }
    const plain = await t.inject({ method: 'GET', url: '/api/v2/merged_transactions?items_per_page=100', headers });
    const zipped = await t.inject({
      method: 'GET',
      url: '/api/v2/merged_transactions?items_per_page=100',
      headers: { ...headers, 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
    expect(plain.json<{ data: unknown[] }>().data).toHaveLength(40);
  });

  it('sends the history an operator’s adjustment made, compressed as the one before it, with the new row', async () => {
    const { user, headers } = await customer(t);
    for (let index = 0; index < 30; index += 1) {
      await adjustBalance(t.db, testActor, { userId: user.id, amount: '0.10', comment: `Goodwill number ${index}` }, t.clock.now());
    }
    const url = '/api/v2/merged_transactions?items_per_page=100';
    const read = async (encoding: string) => {
      const response = await t.inject({ method: 'GET', url, headers: { ...headers, 'accept-encoding': encoding } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      const json = (encoding === 'br' ? brotliDecompressSync : gunzipSync)(response.rawPayload).toString('utf8');
      return { etag: response.headers.etag, page: JSON.parse(json) as { data: { comment: string }[] } };
    };
    for (const encoding of ['br', 'gzip']) {
      const before = await read(encoding);
      expect(before.page.data).toHaveLength(30 + ['br', 'gzip'].indexOf(encoding));
      // Through the operators' route: the writer keeps the answer (and starts its compression).
      const comment = `Counter correction in ${encoding}`;
      const adjusted = await ops(t, '/adjustments', { user_id: user.id, amount: '0.25', comment });
      expect(adjusted.statusCode).toBe(201);
      const after = await read(encoding);
      expect(after.etag).not.toBe(before.etag);
      expect(after.page.data[0]?.comment).toBe(comment);
      const plain = await t.inject({ method: 'GET', url, headers });
      expect(after.page).toEqual(plain.json());
    }
  });

  it('refuses a token at once after sign-out everywhere, even one answered a moment before', async () => {
    const { fields, headers } = await customer(t);
    const other = await loginTokens(t, fields.email);
    expect((await t.inject({ method: 'GET', url: '/api/v2/user', headers: bearer(other.access_token) })).statusCode).toBe(200);
    const changed = await t.inject({
      method: 'POST',
      url: '/api/v2/user/change_password',
      headers,
      payload: { current_password: testPassword, password: 'another long passphrase', password_confirmation: 'another long passphrase' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/v2/user', headers: bearer(other.access_token) })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/v2/user/balance', headers: bearer(other.access_token) })).statusCode).toBe(401);
  });

  it('checks many tokens arriving together each on its own: the revoked one is refused, the others pass', async () => {
    const people = await Promise.all(Array.from({ length: 12 }, () => customer(t)));
    const revoked = people[5]!;
    const signedOut = await t.inject({
      method: 'POST',
      url: '/api/v2/oauth/revoke',
      payload: { token: revoked.tokens.refresh_token, token_type_hint: 'refresh_token' },
    });
    expect(signedOut.statusCode).toBe(200);
    const answers = await Promise.all(
      people.flatMap((person) => [0, 1].map(() => t.inject({ method: 'GET', url: '/api/v2/user', headers: person.headers }))),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses).toEqual(people.flatMap((person) => (person === revoked ? [401, 401] : [200, 200])));
    const emails = answers
      .filter((answer) => answer.statusCode === 200)
      .map((answer) => answer.json<{ data: { email: string } }>().data.email);
    expect(emails).toEqual(people.filter((person) => person !== revoked).flatMap((person) => [person.fields.email, person.fields.email]));
  });

  it('refuses a deleted customer’s token at once', async () => {
    const { headers } = await customer(t);
    expect(await balanceOf(headers)).toBe('0.00');
    const deleted = await t.inject({ method: 'DELETE', url: '/api/v2/user', headers, payload: { password: testPassword, confirm: true } });
    expect(deleted.statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/v2/user/balance', headers })).statusCode).toBe(401);
  });
});

describe('a read between a writer’s commit and its offer', () => {
  const userId = 'customer-1';

  /** A route answering from `answers` at the version the test sets, after one read at version 1. */
  async function setUp() {
    const answers = createCustomerAnswers();
    let version = 1;
    let arrive: () => void = () => undefined;
    const compute = vi.fn(async () => ({ data: `computed at ${version}` }));
    const app = Fastify();
    app.get('/answer', (request, reply) => {
      arrive();
      return answers.send(request, reply, { userId, familyId: 'family-1', version, countryCode: 'us' }, compute);
    });
    await app.ready();
    expect((await app.inject('/answer')).json()).toEqual({ data: 'computed at 1' });
    /** A read that finds `next` in the database, once it is waiting or computing. */
    const readAt = async (next: number) => {
      version = next;
      const arrived = new Promise<void>((resolve) => (arrive = resolve));
      const reading = app.inject('/answer');
      await arrived;
      await new Promise((resolve) => setImmediate(resolve));
      return { reading };
    };
    return { answers, compute, app, readAt };
  }

  it('waits for the writer of the version it found and sends its answer, computing nothing', async () => {
    const { answers, compute, app, readAt } = await setUp();
    const [kept] = answers.keptFor(userId, '/answer');
    // The writer made version 2 and committed; its offer has not come yet.
    const settle = answers.expect(userId, 2);
    const { reading } = await readAt(2);
    expect(compute).toHaveBeenCalledTimes(1);

    answers.offer(kept!, 2, { data: 'offered by the writer at 2' });
    settle();
    expect((await reading).json()).toEqual({ data: 'offered by the writer at 2' });
    expect(compute).toHaveBeenCalledTimes(1);
    await app.close();
  });

  it('computes once the writer gives up without an offer, and waits for no writer of another version', async () => {
    const { answers, compute, app, readAt } = await setUp();
    const settle = answers.expect(userId, 2);
    const { reading } = await readAt(2);
    expect(compute).toHaveBeenCalledTimes(1);
    settle();
    expect((await reading).json()).toEqual({ data: 'computed at 2' });

    // A writer still running at version 4 holds no read of version 3.
    answers.expect(userId, 4);
    expect((await (await readAt(3)).reading).json()).toEqual({ data: 'computed at 3' });
    await app.close();
  });
});

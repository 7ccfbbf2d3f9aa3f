import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkinBatches, ledgerEntries } from '../../db/schema';
import { customer } from '../../testing/accounts';
import { databaseKinds } from '../../testing/databases';
import { signedInOperator } from '../../testing/operators';
import type { TestApp } from '../../testing/test-app';
import { createWalletTestApp, issue, postScan } from '../../testing/wallet';
import { checkInUndoMinutes } from './checkin-undo';

type Headers = Record<string, string>;

describe.each(databaseKinds)('a check-in sent again with its key (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // Fresh codes above 25 dollars wait for a second operator (the kept batch may be one of them).
    t = await createWalletTestApp(kind, { APPROVAL_LIMITS: '{"USD": "25.00"}' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, headers: Headers, payload: Record<string, unknown>) =>
    t.inject({ method: 'POST', url: `/api/v2/ops${url}`, headers, payload });
  const balance = async (headers: Headers) =>
    (await t.inject({ method: 'GET', url: '/api/v2/user/balance', headers })).json().data.balance.value as string;
  const recent = async (headers: Headers) => {
    const response = await t.inject({ method: 'GET', url: '/api/v2/ops/checkins/recent', headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as {
      batch_id: string;
      containers: number;
      customers: number;
      undone_at: string | null;
      undo_until: string;
    }[];
  };

  async function pending(count: number) {
    const person = await customer(t);
    const codes = await issue(t, 'us-oat-milk-1l', count);
    for (const code of codes) expect((await postScan(t, person.headers, code)).statusCode).toBe(201);
    return { ...person, codes };
  }

  it('answers the same key with the first answer and credits once, even when the codes were scanned again meanwhile', async () => {
    const alice = await pending(3);
    const checker = await signedInOperator(t, ['check-in']);
    const id = randomUUID();
    const first = await post('/checkins', checker.headers, { id, codes: alice.codes });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.checked_in).toHaveLength(3);
    expect(await balance(alice.headers)).toBe('2.25');

    // The answer was lost; the batch goes again with its key: the same answer, nothing more.
    const again = await post('/checkins', checker.headers, { id, codes: alice.codes });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await balance(alice.headers)).toBe('2.25');
    const entries = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, alice.user.id));
    expect(entries).toHaveLength(1);

    // A key that found nothing pending keeps that answer: a container scanned after it is not
    // credited by the same send arriving late.
    const empty = randomUUID();
    const late = await issue(t, 'us-oat-milk-1l', 1);
    const nothing = await post('/checkins', checker.headers, { id: empty, codes: late });
    expect(nothing.json().data).toMatchObject({ batch_id: null, not_pending: late });
    expect((await postScan(t, alice.headers, late[0]!)).statusCode).toBe(201);
    const replayed = await post('/checkins', checker.headers, { id: empty, codes: late });
    expect(replayed.json()).toEqual(nothing.json());
    expect(await balance(alice.headers)).toBe('2.25');

    // Another person's same key is their own request.
    const other = await signedInOperator(t, ['check-in']);
    const theirs = await post('/checkins', other.headers, { id: empty, codes: late });
    expect(theirs.json().data.checked_in).toHaveLength(1);
  });

  it('two sends of one key at once make one batch and one answer', async () => {
    const bob = await pending(2);
    const checker = await signedInOperator(t, ['check-in']);
    const id = randomUUID();
    const [a, b] = await Promise.all([
      post('/checkins', checker.headers, { id, codes: bob.codes }),
      post('/checkins', checker.headers, { id, codes: bob.codes }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toEqual(b.json());
    expect(a.json().data.checked_in).toHaveLength(2);
    expect(await balance(bob.headers)).toBe('1.50');
    expect(await recent(checker.headers)).toHaveLength(1);
  });

  it('a batch waiting for a second operator, sent again, is the same request', async () => {
    const carol = await pending(40);
    const checker = await signedInOperator(t, ['check-in']);
    const id = randomUUID();
    const held = await post('/checkins', checker.headers, { id, codes: carol.codes });
    expect(held.statusCode, held.body).toBe(202);
    const again = await post('/checkins', checker.headers, { id, codes: carol.codes });
    expect(again.statusCode).toBe(202);
    expect(again.json().data.id).toBe(held.json().data.id);
    const approvals = await t.inject({
      method: 'GET',
      url: '/api/v2/ops/approvals',
      headers: (await signedInOperator(t, ['care'])).headers,
    });
    expect(approvals.json().data.filter((row: { record_id: string }) => row.record_id === id)).toHaveLength(1);
    expect(await balance(carol.headers)).toBe('0.00');
  });

  it("looks up what the codes of a batch are, in the caller's language, leaving out codes never issued", async () => {
    const [bottle] = await issue(t, 'fr-jus-pomme-1l', 1);
    const checker = await signedInOperator(t, ['check-in']);
    const looked = await post('/containers/lookup', { ...checker.headers, 'accept-language': 'fr-FR' }, { codes: [bottle!, 'NOT-A-CODE'] });
    expect(looked.statusCode, looked.body).toBe(200);
    expect(looked.json().data).toEqual([
      {
        code: bottle,
        product_id: 'fr-jus-pomme-1l',
        product_name: 'Jus de pomme, bouteille de 1 L',
        deposit: { currency: 'EUR', value: '0.50' },
      },
    ]);
  });

  it("lists the operator's own batches of the last 15 minutes with their counts and deposits, undone ones marked", async () => {
    const dave = await pending(2);
    const erin = await pending(1);
    const checker = await signedInOperator(t, ['check-in']);
    const other = await signedInOperator(t, ['check-in']);
    const first = (await post('/checkins', checker.headers, { codes: [...dave.codes, ...erin.codes] })).json().data;
    t.clock.advance(60);
    const extra = await pending(1);
    const second = (await post('/checkins', checker.headers, { codes: extra.codes })).json().data;
    expect((await post(`/checkins/${second.batch_id as string}/undo`, checker.headers, {})).statusCode).toBe(200);

    expect(await recent(checker.headers)).toEqual([
      {
        batch_id: second.batch_id,
        created_at: expect.any(String),
        undo_until: expect.any(String),
        undone_at: expect.any(String),
        containers: 1,
        customers: 1,
        deposits: [{ currency: 'USD', value: '0.75' }],
      },
      {
        batch_id: first.batch_id,
        created_at: expect.any(String),
        undo_until: expect.any(String),
        undone_at: null,
        containers: 3,
        customers: 2,
        deposits: [{ currency: 'USD', value: '2.25' }],
      },
    ]);
    const [batch] = await t.db.select().from(checkinBatches).where(eq(checkinBatches.id, first.batch_id));
    expect(new Date((await recent(checker.headers))[1]!.undo_until).getTime()).toBe(
      batch!.createdAt.getTime() + checkInUndoMinutes * 60_000,
    );
    // Someone else's batches are theirs.
    expect(await recent(other.headers)).toEqual([]);
    // Past the undo window, a batch leaves the list.
    t.clock.advance(checkInUndoMinutes * 60 - 30);
    expect((await recent(checker.headers)).map((row) => row.batch_id)).toEqual([second.batch_id]);
  });
});

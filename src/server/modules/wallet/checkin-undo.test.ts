import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, ledgerEntries, scans } from '../../db/schema';
import { customer } from '../../testing/accounts';
import { databaseKinds } from '../../testing/databases';
import type { TestApp } from '../../testing/test-app';
import { createWalletTestApp, issue, ops, operatorHeaders, postScan } from '../../testing/wallet';
import { checkInUndoMinutes } from './checkin-undo';

describe.each(databaseKinds)('undoing a check-in on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createWalletTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (url: string, headers: Record<string, string>) => {
    const response = await t.inject({ method: 'GET', url: `/api/v2${url}`, headers });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  /** A customer with `count` oat-milk bottles checked in by one batch. */
  async function checkedIn(count: number) {
    const person = await customer(t);
    const codes = await issue(t, 'us-oat-milk-1l', count);
    for (const code of codes) expect((await postScan(t, person.headers, code)).statusCode).toBe(201);
    const checkin = (await ops(t, '/checkins', { codes })).json().data;
    expect(checkin.checked_in).toHaveLength(count);
    return { ...person, codes, batchId: checkin.batch_id as string };
  }

  it('puts the scans back to pending and takes the credit back, in the balance, history, news and impact; again, the same answer', async () => {
    const alice = await checkedIn(2);
    const bob = await checkedIn(1);
    // One batch of both customers' containers, undone together.
    const extraAlice = await issue(t, 'us-oat-milk-1l', 1);
    const extraBob = await issue(t, 'us-oat-milk-1l', 1);
    expect((await postScan(t, alice.headers, extraAlice[0]!)).statusCode).toBe(201);
    expect((await postScan(t, bob.headers, extraBob[0]!)).statusCode).toBe(201);
    const shared = (await ops(t, '/checkins', { codes: [...extraAlice, ...extraBob] })).json().data;
    expect((await get('/user/balance', alice.headers)).data.balance.value).toBe('2.25');
    expect((await get('/user/news', alice.headers)).data).toHaveLength(2);

    const undone = await ops(t, `/checkins/${shared.batch_id}/undo`, {});
    expect(undone.statusCode).toBe(200);
    expect(undone.json().data).toEqual({ batch_id: shared.batch_id, undone_at: expect.any(String), scans: 2, customers: 2 });

    expect(await get('/user/balance', alice.headers)).toMatchObject({
      data: { balance: { value: '1.50' }, pending_deposit: { value: '0.75' }, pending_items: 1, returned_items: 2 },
    });
    expect((await get('/user/balance', bob.headers)).data.balance.value).toBe('0.75');
    const history = (await get('/merged_transactions', alice.headers)).data;
    expect(history.map((row: { status: string; amount: { value: string } }) => [row.status, row.amount.value])).toEqual([
      ['PENDING', '0.75'],
      ['COMPLETED', '1.50'],
    ]);
    const news = (await get('/user/news', alice.headers)).data;
    expect(news).toHaveLength(1);
    expect((await get('/user/impact', alice.headers)).data).toMatchObject({ returned_items: 2, deposits_earned: { value: '1.50' } });

    const again = await ops(t, `/checkins/${shared.batch_id}/undo`, {});
    expect(again.json().data).toEqual(undone.json().data);
    const reversals = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'DEPOSIT_REVERSAL'));
    expect(reversals.filter((entry) => entry.comment === `checkin-undo:${shared.batch_id}`)).toHaveLength(2);
    const audit = await t.db.select().from(auditEntries).where(eq(auditEntries.recordId, shared.batch_id));
    expect(audit.map((entry) => [entry.action, entry.amountMinor])).toEqual([
      ['checkin', 150],
      ['checkin.undo', -150],
    ]);

    // The containers wait for a check-in again, which credits them once.
    const redone = (await ops(t, '/checkins', { codes: [...extraAlice, ...extraBob] })).json().data;
    expect(redone.checked_in).toHaveLength(2);
    expect((await get('/user/balance', alice.headers)).data.balance.value).toBe('2.25');
  });

  it(`refuses a batch older than ${checkInUndoMinutes} minutes, and one whose credit was spent, changing nothing`, async () => {
    const late = await checkedIn(1);
    t.clock.advance(checkInUndoMinutes * 60 + 1);
    const tooLate = await ops(t, `/checkins/${late.batchId}/undo`, {});
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().error.code).toBe('CHECKIN_UNDO_TOO_LATE');

    const spender = await checkedIn(2);
    const debit = await ops(t, '/adjustments', { email: spender.fields.email, amount: '-0.75', comment: 'Paid out by hand' });
    expect(debit.statusCode).toBe(201);
    const spent = await ops(t, `/checkins/${spender.batchId}/undo`, {}, { ...operatorHeaders, 'accept-language': 'fr-FR' });
    expect(spent.statusCode).toBe(409);
    expect(spent.json().error).toMatchObject({ code: 'CHECKIN_CREDIT_SPENT', message: expect.stringContaining('ajustement') });
    expect((await get('/user/balance', spender.headers)).data.balance.value).toBe('0.75');
    const stillCredited = await t.db.select().from(scans).where(eq(scans.checkinBatchId, spender.batchId));
    expect(stillCredited.map((scan) => scan.status)).toEqual(['COMPLETED', 'COMPLETED']);
  });

  it('answers 404 for a batch that does not exist and 400 for a batch id that is not one', async () => {
    expect((await ops(t, '/checkins/00000000-0000-4000-8000-000000000000/undo', {})).statusCode).toBe(404);
    expect((await ops(t, '/checkins/batch-1/undo', {})).statusCode).toBe(400);
  });
});

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { customer } from '../../testing/accounts';
import { databaseKinds } from '../../testing/databases';
import type { TestApp } from '../../testing/test-app';
import { createWalletTestApp, issue, ops } from '../../testing/wallet';
import { recordScan } from './scans';

/** Refusals the database makes answer 4xx in the error shape, never 500. */
describe.each(databaseKinds)('refusals by the database on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createWalletTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('an adjustment that would carry a balance past the 32-bit column is 422 with the amount field', async () => {
    const { user } = await customer(t);
    // 10,000,000.00 USD is 10^9 cents, the largest one adjustment may be; the column holds 2^31 − 1.
    for (let n = 0; n < 2; n += 1)
      expect(
        (await ops(t, '/adjustments', { id: randomUUID(), user_id: user.id, amount: '10000000.00', comment: 'Large' })).statusCode,
      ).toBe(201);
    const third = await ops(t, '/adjustments', { id: randomUUID(), user_id: user.id, amount: '10000000.00', comment: 'Too large' });
    expect(third.statusCode).toBe(422);
    expect(third.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: expect.any(String), fields: { amount: 'invalidValue' } } });
  });

  it('a scan the deletion trigger refuses (account erased between the token check and the insert) is 401', async () => {
    const { user } = await customer(t);
    const [code] = await issue(t, 'us-oat-milk-1l');
    await t.db.update(users).set({ deletedAt: t.clock.now() }).where(eq(users.id, user.id));
    const refusal = await recordScan(
      { db: t.db, now: t.clock.now(), publicUrl: t.publicUrl },
      user.id,
      { id: randomUUID(), code: code!, scanned_at: t.clock.now().toISOString() },
      'en',
    ).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });
});

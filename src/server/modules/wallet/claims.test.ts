import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scans } from '../../db/schema';
import { bearer, customer, loginTokens } from '../../testing/accounts';
import { databaseKinds } from '../../testing/databases';
import type { TestApp } from '../../testing/test-app';
import { createWalletTestApp, issue, ops, postScan } from '../../testing/wallet';
import { maxPendingScansPerCustomer, pendingScanLifetimeDays } from './scans';

const day = 86_400;

describe.each(databaseKinds)('claims on a container on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createWalletTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const balanceOf = async (headers: Record<string, string>) =>
    (await t.inject({ method: 'GET', url: '/api/v2/user/balance', headers })).json().data.balance.value as string;

  it('a second person scanning a pending code is recorded as a competing claim, told so, and shown at check-in', async () => {
    const shelf = await customer(t);
    const returner = await customer(t);
    const [code] = await issue(t, 'us-oat-milk-1l');
    expect((await postScan(t, shelf.headers, code!)).statusCode).toBe(201);
    const second = await postScan(t, returner.headers, code!);
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({ code: 'CONTAINER_CLAIM_RECORDED', fields: { code: 'invalidValue' } });
    // Scanning again adds no second claim; the first scanner scanning again is told it is already pending.
    expect((await postScan(t, returner.headers, code!)).json().error.code).toBe('CONTAINER_CLAIM_RECORDED');
    expect((await postScan(t, shelf.headers, code!)).json().error.code).toBe('CONTAINER_ALREADY_PENDING');

    const checkin = (await ops(t, '/checkins', { codes: [code] })).json().data;
    expect(checkin.checked_in).toEqual([expect.objectContaining({ code, user_id: shelf.user.id })]);
    expect(checkin.competing_claims).toEqual([
      {
        code,
        credited_scan_id: checkin.checked_in[0].scan_id,
        credited_user_id: shelf.user.id,
        claims: [{ user_id: returner.user.id, scanned_at: expect.any(String) }],
      },
    ]);
  });

  it('a pending scan expires after 32 days: the next person takes the container, a check-in does not credit it', async () => {
    const first = await customer(t);
    const [held, forgotten] = await issue(t, 'us-oat-milk-1l', 2);
    expect((await postScan(t, first.headers, held!)).statusCode).toBe(201);
    expect((await postScan(t, first.headers, forgotten!)).statusCode).toBe(201);
    t.clock.advance(pendingScanLifetimeDays * day + 60);

    const later = await customer(t);
    const taken = await postScan(t, later.headers, held!);
    expect(taken.statusCode).toBe(201);
    const [expiredScan] = await t.db
      .select()
      .from(scans)
      .where(and(eq(scans.userId, first.user.id), eq(scans.containerCode, held!)));
    expect(expiredScan).toMatchObject({ status: 'CANCELLED', reason: 'Not checked in within 32 days of the scan.' });

    const checkin = (await ops(t, '/checkins', { codes: [held, forgotten] })).json().data;
    expect(checkin.checked_in.map((row: { user_id: string }) => row.user_id)).toEqual([later.user.id]);
    expect(checkin.expired).toEqual([forgotten]);
    const firstHeaders = bearer((await loginTokens(t, first.fields.email)).access_token);
    expect(await balanceOf(firstHeaders)).toBe('0.00');
    const history = (await t.inject({ method: 'GET', url: '/api/v2/merged_transactions?type=SCAN', headers: firstHeaders })).json().data;
    expect(history.every((row: { status: string }) => row.status === 'CANCELLED')).toBe(true);
  });

  it(`a customer holds at most ${maxPendingScansPerCustomer} pending scans`, async () => {
    const person = await customer(t);
    const codes = await issue(t, 'us-oat-milk-1l', maxPendingScansPerCustomer + 1);
    const now = t.clock.now();
    await t.db.insert(scans).values(
      codes.slice(0, maxPendingScansPerCustomer).map((code) => ({
        id: randomUUID(),
        userId: person.user.id,
        containerCode: code,
        productId: 'us-oat-milk-1l',
        scannedAt: now,
        createdAt: now,
      })),
    );
    const refused = await postScan(t, person.headers, codes[maxPendingScansPerCustomer]!);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toEqual({ code: 'TOO_MANY_PENDING_SCANS', message: expect.stringContaining('100 containers') });
    await ops(t, '/checkins', { codes: [codes[0]] });
    expect((await postScan(t, person.headers, codes[maxPendingScansPerCustomer]!)).statusCode).toBe(201);
  });
});

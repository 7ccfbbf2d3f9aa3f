import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCheckViolation } from '../../db/errors';
import { checkinBatches, ledgerEntries, scanClaims, scans } from '../../db/schema';
import { bearer, customer, loginTokens, testPassword } from '../../testing/accounts';
import { databaseKinds } from '../../testing/databases';
import type { TestApp } from '../../testing/test-app';
import { createWalletTestApp, issue, ops, cliHeaders, operatorHeaders, postScan } from '../../testing/wallet';
import { pendingProcessingDays } from '#domain/pending-rule';
import { maxPendingScansPerCustomer } from './scans';

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

  const operatorGet = (url: string) => t.inject({ method: 'GET', url: `/api/v2/ops${url}`, headers: operatorHeaders });
  const history = async (headers: Record<string, string>) =>
    (await t.inject({ method: 'GET', url: '/api/v2/merged_transactions', headers })).json().data as { id: string; status: string }[];
  const fileDispute = (headers: Record<string, string>, transactionId: string) =>
    t.inject({
      method: 'POST',
      url: '/api/v2/disputes',
      headers,
      payload: { id: randomUUID(), transaction_id: transactionId, reason: 'returned' },
    });
  /** Every ledger credit of these people: who was paid, and how often. */
  const creditsOf = async (...userIds: string[]) =>
    (await t.db.select().from(ledgerEntries).where(inArray(ledgerEntries.userId, userIds))).map((entry) => ({
      user: entry.userId,
      kind: entry.kind,
      minor: entry.amountMinor,
    }));

  it('a second person scanning a pending code is recorded as a competing claim, told so, and the check-in credits nobody until it is resolved', async () => {
    const shelf = await customer(t);
    const returner = await customer(t);
    const [code] = await issue(t, 'us-oat-milk-1l');
    const first = await postScan(t, shelf.headers, code!);
    expect(first.statusCode).toBe(201);
    const second = await postScan(t, returner.headers, code!);
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({ code: 'CONTAINER_CLAIM_RECORDED', fields: { code: 'invalidValue' } });
    // Scanning again adds no second claim; the first scanner scanning again is told it is already pending.
    expect((await postScan(t, returner.headers, code!)).json().error.code).toBe('CONTAINER_CLAIM_RECORDED');
    expect((await postScan(t, shelf.headers, code!)).json().error.code).toBe('CONTAINER_ALREADY_PENDING');

    const checkin = (await ops(t, '/checkins', { codes: [code] })).json().data;
    expect(checkin).toMatchObject({ batch_id: null, checked_in: [], held: [code], not_pending: [] });
    expect(checkin.competing_claims).toEqual([
      {
        code,
        first_scan: expect.objectContaining({ scan_id: first.json().data.id, user_id: shelf.user.id, status: 'PENDING' }),
        claims: [{ id: expect.any(String), user_id: returner.user.id, scanned_at: expect.any(String), received_at: expect.any(String) }],
      },
    ]);
    const claimId = checkin.competing_claims[0].claims[0].id as string;

    // Dismissed: the first scan stands and the next check-in credits it; awarding now is refused.
    const dismissed = await ops(t, `/claims/${claimId}/dismiss`, { note: 'The shop saw them bring it.' });
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json().data).toMatchObject({ claim: { id: claimId, status: 'DISMISSED' }, scan_id: null });
    expect((await ops(t, `/claims/${claimId}/dismiss`, {})).statusCode).toBe(200);
    expect((await ops(t, `/claims/${claimId}/award`, {})).json().error.code).toBe('CLAIM_NOT_OPEN');
    const again = (await ops(t, '/checkins', { codes: [code] })).json().data;
    expect(again).toMatchObject({
      checked_in: [expect.objectContaining({ code, user_id: shelf.user.id })],
      held: [],
      competing_claims: [],
    });
    expect(await creditsOf(shelf.user.id, returner.user.id)).toEqual([{ user: shelf.user.id, kind: 'DEPOSIT_CREDIT', minor: 75 }]);
  });

  it('a claim whose claimant deleted their account cannot be awarded (a typed refusal, not a 500); it can be dismissed', async () => {
    const shelf = await customer(t);
    const returner = await customer(t);
    const [code] = await issue(t, 'us-oat-milk-1l');
    expect((await postScan(t, shelf.headers, code!)).statusCode).toBe(201);
    expect((await postScan(t, returner.headers, code!)).statusCode).toBe(409);
    const deleted = await t.inject({
      method: 'DELETE',
      url: '/api/v2/user',
      headers: returner.headers,
      payload: { password: testPassword, confirm: true },
    });
    expect(deleted.statusCode).toBe(200);
    const [claim] = await t.db.select().from(scanClaims).where(eq(scanClaims.containerCode, code!));

    const award = await ops(t, `/claims/${claim!.id}/award`, {});
    expect(award.statusCode).toBe(409);
    expect(award.json().error.code).toBe('CLAIMANT_ACCOUNT_DELETED');
    expect((await ops(t, `/claims/${claim!.id}/dismiss`, { note: 'The claimant left.' })).statusCode).toBe(200);
    const checkin = (await ops(t, '/checkins', { codes: [code] })).json().data;
    expect(checkin.checked_in).toEqual([expect.objectContaining({ code, user_id: shelf.user.id })]);
  });

  it('the shelf photo: a back-dated first scan, the returner’s claim, a dispute at 32 days — the deposit goes to the returner, once', async () => {
    const shelf = await customer(t);
    const returner = await customer(t);
    const [code] = await issue(t, 'us-oat-milk-1l');
    // The code photographed on a shelf, sent dated a week back (the most the server takes).
    expect(
      (await postScan(t, shelf.headers, code!, { scannedAt: new Date(t.clock.now().getTime() - 7 * day * 1000 + 60_000) })).statusCode,
    ).toBe(201);
    t.clock.advance(60);
    expect((await postScan(t, returner.headers, code!)).json().error.code).toBe('CONTAINER_CLAIM_RECORDED');
    const pendingLine = (await history(shelf.headers)).find((row) => row.id.startsWith('scan-pending:'))!.id;

    // 25 days after the server received it: 32 days after the date it claims, but not late yet.
    t.clock.advance(25 * day);
    // Access tokens do not live for weeks: each person signs in again after the clock moves.
    const signedIn = async (person: { fields: { email: string } }) => bearer((await loginTokens(t, person.fields.email)).access_token);
    const early = await fileDispute(await signedIn(shelf), pendingLine);
    expect(early.statusCode).toBe(422);
    expect(early.json().error.code).toBe('DISPUTE_NOT_ALLOWED');

    // 32 days after it was received: the shelf scanner disputes; the claim does not vanish.
    t.clock.advance((pendingProcessingDays - 25) * day);
    const shelfHeaders = await signedIn(shelf);
    const filed = await fileDispute(shelfHeaders, pendingLine);
    expect(filed.statusCode).toBe(201);
    const disputeId = filed.json().data.id as string;
    const [claim] = (await operatorGet('/claims')).json().data.filter((row: { code: string }) => row.code === code);
    expect(claim).toMatchObject({ status: 'OPEN', user_id: returner.user.id, first_scan: { user_id: shelf.user.id, status: 'CANCELLED' } });
    const listed = (await operatorGet('/disputes')).json().data.find((row: { id: string }) => row.id === disputeId);
    expect(listed.claims).toEqual([expect.objectContaining({ id: claim.id, user_id: returner.user.id, status: 'OPEN' })]);

    // The dispute cannot be credited while the claim is open; the check-in shows the claim on the expired scan.
    const credit = await ops(t, `/disputes/${disputeId}/credit`, {});
    expect(credit.statusCode).toBe(409);
    expect(credit.json().error.code).toBe('CONTAINER_CLAIM_OPEN');
    const checkin = (await ops(t, '/checkins', { codes: [code] })).json().data;
    expect(checkin).toMatchObject({ checked_in: [], not_pending: [code] });
    expect(checkin.competing_claims).toEqual([
      expect.objectContaining({
        code,
        first_scan: expect.objectContaining({ status: 'CANCELLED' }),
        claims: [expect.objectContaining({ id: claim.id })],
      }),
    ]);

    // The operator finds the returner brought it: awarded, their scan holds the container, the check-in pays them.
    const award = await ops(t, `/claims/${claim.id}/award`, { note: 'Bin camera, 14:02.' });
    expect(award.statusCode).toBe(200);
    const heldBy = award.json().data.scan_id as string;
    expect(award.json().data.claim).toMatchObject({ status: 'AWARDED', resolved_at: expect.any(String) });
    expect((await ops(t, `/claims/${claim.id}/award`, {})).json().data).toMatchObject({ claim: { status: 'AWARDED' }, scan_id: heldBy });
    const paid = (await ops(t, '/checkins', { codes: [code] })).json().data;
    expect(paid.checked_in).toEqual([expect.objectContaining({ code, scan_id: heldBy, user_id: returner.user.id })]);
    expect(paid.competing_claims).toEqual([]);
    expect((await ops(t, '/checkins', { codes: [code] })).json().data.checked_in).toEqual([]);

    // The shelf scanner's dispute can no longer be credited: it is upheld.
    expect((await ops(t, `/disputes/${disputeId}/credit`, {})).json().error.code).toBe('CONTAINER_CLAIM_AWARDED');
    expect((await ops(t, `/disputes/${disputeId}/uphold`, { answer: 'Someone else returned this container.' })).statusCode).toBe(200);

    expect(await balanceOf(await signedIn(returner))).toBe('0.75');
    expect(await balanceOf(await signedIn(shelf))).toBe('0.00');
    expect(await creditsOf(shelf.user.id, returner.user.id)).toEqual([{ user: returner.user.id, kind: 'DEPOSIT_CREDIT', minor: 75 }]);
    // What the shelf scanner sees names nobody.
    const seen = JSON.stringify(
      (await t.inject({ method: 'GET', url: '/api/v2/merged_transactions', headers: await signedIn(shelf) })).json(),
    );
    expect(seen).not.toContain(returner.user.id);
    expect(seen).not.toContain(returner.fields.email);
  });

  it.each(['expired', 'disputed'] as const)(
    'the claim stays when the first scan is %s (no back-dating): check-in and the dispute list show it, the dispute is not credited',
    async (fate) => {
      const shelf = await customer(t);
      const returner = await customer(t);
      const [code] = await issue(t, 'us-oat-milk-1l');
      expect((await postScan(t, shelf.headers, code!)).statusCode).toBe(201);
      expect((await postScan(t, returner.headers, code!)).json().error.code).toBe('CONTAINER_CLAIM_RECORDED');
      const pendingLine = (await history(shelf.headers)).find((row) => row.id.startsWith('scan-pending:'))!.id;
      t.clock.advance(pendingProcessingDays * day + 60);
      let disputeId: string | undefined;
      if (fate === 'disputed') {
        const filed = await fileDispute(bearer((await loginTokens(t, shelf.fields.email)).access_token), pendingLine);
        expect(filed.statusCode).toBe(201);
        disputeId = filed.json().data.id as string;
      }
      const checkin = (await ops(t, '/checkins', { codes: [code] })).json().data;
      expect(checkin.checked_in).toEqual([]);
      expect(checkin.competing_claims).toEqual([
        expect.objectContaining({
          code,
          first_scan: expect.objectContaining({ user_id: shelf.user.id, status: 'CANCELLED' }),
          claims: [expect.objectContaining({ user_id: returner.user.id })],
        }),
      ]);
      if (disputeId) {
        const listed = (await operatorGet('/disputes')).json().data.find((row: { id: string }) => row.id === disputeId);
        expect(listed.claims).toEqual([expect.objectContaining({ user_id: returner.user.id, status: 'OPEN' })]);
        const credit = await ops(t, `/disputes/${disputeId}/credit`, {});
        expect(credit.statusCode).toBe(409);
        expect(credit.json().error.code).toBe('CONTAINER_CLAIM_OPEN');
        expect(await creditsOf(shelf.user.id, returner.user.id)).toEqual([]);
      }
    },
  );

  it('a back-dated scan holds its container 32 days from when the server received it', async () => {
    const person = await customer(t);
    const [code] = await issue(t, 'us-oat-milk-1l');
    expect(
      (await postScan(t, person.headers, code!, { scannedAt: new Date(t.clock.now().getTime() - 7 * day * 1000 + 60_000) })).statusCode,
    ).toBe(201);
    t.clock.advance(26 * day);
    // Someone scanning it now is a competing claim, not the new holder.
    expect((await postScan(t, (await customer(t)).headers, code!)).json().error.code).toBe('CONTAINER_CLAIM_RECORDED');
    const claimId = (await operatorGet('/claims')).json().data.find((row: { code: string }) => row.code === code).id as string;
    expect((await ops(t, `/claims/${claimId}/dismiss`, {})).statusCode).toBe(200);
    const checkin = (await ops(t, '/checkins', { codes: [code] })).json().data;
    expect(checkin).toMatchObject({ checked_in: [expect.objectContaining({ code, user_id: person.user.id })], expired: [] });
  });

  it('the database refuses a credit while a claim on the container is open, and an award after the first scan was paid', async () => {
    const shelf = await customer(t);
    const returner = await customer(t);
    const [code] = await issue(t, 'us-oat-milk-1l');
    const first = (await postScan(t, shelf.headers, code!)).json().data.id as string;
    await postScan(t, returner.headers, code!);
    const [claim] = await t.db.select().from(scanClaims).where(eq(scanClaims.containerCode, code!));
    const [batch] = await t.db.insert(checkinBatches).values({ createdAt: t.clock.now() }).returning();
    const complete = () =>
      t.db
        .update(scans)
        .set({ status: 'COMPLETED', creditedMinor: 75, checkinBatchId: batch!.id, resolvedAt: t.clock.now() })
        .where(eq(scans.id, first));
    await expect(complete()).rejects.toSatisfy((error) => isCheckViolation(error, 'scans_claimed_not_credited'));
    // Dismissed, the first scan may be credited; the claim may then not be awarded.
    await t.db.update(scanClaims).set({ status: 'DISMISSED', resolvedAt: t.clock.now() }).where(eq(scanClaims.id, claim!.id));
    await complete();
    await expect(t.db.update(scanClaims).set({ status: 'AWARDED' }).where(eq(scanClaims.id, claim!.id))).rejects.toSatisfy((error) =>
      isCheckViolation(error, 'scan_claims_award_uncredited'),
    );
  });

  it('the ops CLI lists and resolves claims, printing the claimant’s outside text escaped', async () => {
    const shelf = await customer(t);
    const returner = await customer(t);
    const [code] = await issue(t, 'us-oat-milk-1l');
    await postScan(t, shelf.headers, code!);
    await postScan(t, returner.headers, code!);
    const [claim] = await t.db.select().from(scanClaims).where(eq(scanClaims.containerCode, code!));
    const run = async (argv: string[]) =>
      (await t.inject({ method: 'POST', url: '/api/v2/ops/commands', headers: cliHeaders, payload: { argv } })).json().data as {
        exit_code: number;
        stdout: string;
        stderr: string;
      };
    const listed = await run(['claims', 'list']);
    expect(listed.exit_code).toBe(0);
    expect(listed.stdout).toContain(`${claim!.id}  ${code}  OPEN`);
    const dismissed = await run(['claims', 'dismiss', claim!.id, '--note', 'seen \u001b[2Jon camera']);
    expect(dismissed.exit_code).toBe(0);
    expect(dismissed.stdout).toContain('note: seen \\x1b[2Jon camera');
    expect(dismissed.stdout).not.toContain('\u001b');
    const refused = await run(['claims', 'award', claim!.id]);
    expect(refused).toMatchObject({ exit_code: 2, stderr: expect.stringContaining('CLAIM_NOT_OPEN') });
  });

  it('a pending scan expires after 32 days: the next person takes the container, a check-in does not credit it', async () => {
    const first = await customer(t);
    const [held, forgotten] = await issue(t, 'us-oat-milk-1l', 2);
    expect((await postScan(t, first.headers, held!)).statusCode).toBe(201);
    expect((await postScan(t, first.headers, forgotten!)).statusCode).toBe(201);
    t.clock.advance(pendingProcessingDays * day + 60);

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

  /** Pending scans of these oat milk containers, received at `at`, written straight to the table. */
  const holdPending = (userId: string, codes: string[], at: Date) =>
    t.db
      .insert(scans)
      .values(
        codes.map((code) => ({ id: randomUUID(), userId, containerCode: code, productId: 'us-oat-milk-1l', scannedAt: at, createdAt: at })),
      );

  it(`a customer holds at most ${maxPendingScansPerCustomer} pending scans`, async () => {
    const person = await customer(t);
    const codes = await issue(t, 'us-oat-milk-1l', maxPendingScansPerCustomer + 1);
    await holdPending(person.user.id, codes.slice(0, maxPendingScansPerCustomer), t.clock.now());
    const refused = await postScan(t, person.headers, codes[maxPendingScansPerCustomer]!);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toEqual({ code: 'TOO_MANY_PENDING_SCANS', message: expect.stringContaining('100 containers') });
    await ops(t, '/checkins', { codes: [codes[0]] });
    expect((await postScan(t, person.headers, codes[maxPendingScansPerCustomer]!)).statusCode).toBe(201);
  });

  it(`pending scans received more than ${pendingProcessingDays} days ago hold nothing, and do not count towards the ${maxPendingScansPerCustomer}`, async () => {
    const person = await customer(t);
    const codes = await issue(t, 'us-oat-milk-1l', maxPendingScansPerCustomer + 1);
    const longAgo = new Date(t.clock.now().getTime() - (pendingProcessingDays + 1) * day * 1000);
    await holdPending(person.user.id, codes.slice(0, maxPendingScansPerCustomer), longAgo);
    expect((await postScan(t, person.headers, codes[maxPendingScansPerCustomer]!)).statusCode).toBe(201);
  });
});

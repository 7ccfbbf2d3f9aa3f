import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { dsarRequests, scans } from '../../db/schema';
import { customer } from '../../testing/accounts';
import { databaseKinds } from '../../testing/databases';
import type { TestApp } from '../../testing/test-app';
import { cliHeaders, createWalletTestApp, issue, ops, operatorHeaders, postScan } from '../../testing/wallet';
import { saveMethod, usBankAccount, verifiedCustomer, withdraw } from '../../testing/withdrawals';
import { localCliActor } from '../../operator-cli/local-actor';
import { generatePaymentDataKey, openPaymentCipher } from '../payments/encryption';
import { rotatePaymentDataKey } from '../payments/key-rotation';
import { testActor } from '../../testing/actor';
import { signedInOperator } from '../../testing/operators';
import { softwarePasskey } from '../../testing/software-authenticator';
import { verifyAuditChain } from './audit';

interface EntryRow {
  seq: string | number;
  actor: string;
  action: string;
  record_type: string;
  record_id: string;
  amount_minor: string | number | null;
  currency: string | null;
  detail: Record<string, unknown> | null;
}

interface Expected {
  action: string;
  recordType: string;
  /** The id, or a matcher for one the call made up (a bins import's). */
  recordId: unknown;
  amountMinor?: number | null;
  currency?: string | null;
  detail?: Record<string, unknown>;
  /** Who the entry names; OPS_KEY unless the call was the CLI's. */
  actor?: string;
}

describe.each(databaseKinds)('every operator change leaves one audit entry on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createWalletTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const lastSeq = async () =>
    Number(rowsOf<{ seq: string | number | null }>(await t.db.execute(sql`SELECT max(seq) AS seq FROM audit_entries`))[0]?.seq ?? 0);
  const entriesAfter = async (seq: number) =>
    rowsOf<EntryRow>(
      await t.db.execute(sql`
        SELECT seq, actor, action, record_type, record_id, amount_minor, currency, detail
          FROM audit_entries WHERE seq > ${seq} ORDER BY seq`),
    );

  /** Runs one operator call and checks it left exactly one entry, by OPS_KEY, saying `expected`. */
  const audited = async <T>(call: () => Promise<T>, expected: (result: T) => Expected): Promise<T> => {
    const before = await lastSeq();
    const result = await call();
    const entries = await entriesAfter(before);
    const want = expected(result);
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect({
      actor: entry?.actor,
      action: entry?.action,
      recordType: entry?.record_type,
      recordId: entry?.record_id,
      amountMinor: entry?.amount_minor === null || entry?.amount_minor === undefined ? null : Number(entry.amount_minor),
      currency: entry?.currency,
    }).toEqual({
      actor: want.actor ?? 'OPS_KEY',
      action: want.action,
      recordType: want.recordType,
      recordId: want.recordId,
      amountMinor: want.amountMinor ?? null,
      currency: want.currency ?? null,
    });
    if (want.detail) expect(entry?.detail).toMatchObject(want.detail);
    return result;
  };

  /** A call that changes nothing (a repeat) writes nothing. */
  const unaudited = async (call: () => Promise<unknown>) => {
    const before = await lastSeq();
    await call();
    expect(await entriesAfter(before)).toEqual([]);
  };

  /** A pending scan of a new oat-milk bottle (75 cents) by a new customer. */
  const pendingBottle = async () => {
    const person = await customer(t);
    const [code] = await issue(t, 'us-oat-milk-1l');
    const scan = await postScan(t, person.headers, code!);
    expect(scan.statusCode).toBe(201);
    return { person, code: code!, scanId: scan.json().data.id as string };
  };

  it('a check-in of several codes: one entry for the batch, with the total credited', async () => {
    const bottles = [await pendingBottle(), await pendingBottle(), await pendingBottle()];
    const person = await customer(t);
    const [jar] = await issue(t, 'us-peanut-butter-450');
    expect((await postScan(t, person.headers, jar!)).statusCode).toBe(201);
    const codes = [...bottles.map((bottle) => bottle.code), jar!];
    const response = await audited(
      () => ops(t, '/checkins', { codes, note: 'Portland facility' }),
      (answer) => ({
        action: 'checkin',
        recordType: 'checkin_batch',
        recordId: answer.json().data.batch_id as string,
        amountMinor: 3 * 75 + 50,
        currency: 'USD',
        detail: { codes: 4, customers: 4 },
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data.checked_in).toHaveLength(4);
    // The same codes again find nothing pending: nothing changes, nothing is written.
    await unaudited(() => ops(t, '/checkins', { codes }));

    const batchId = response.json().data.batch_id as string;
    await audited(
      () => ops(t, `/checkins/${batchId}/undo`, {}),
      () => ({
        action: 'checkin.undo',
        recordType: 'checkin_batch',
        recordId: batchId,
        amountMinor: -(3 * 75 + 50),
        currency: 'USD',
        detail: { scans: 4, customers: 4 },
      }),
    );
    // Undone already: the same answer, nothing written.
    await unaudited(() => ops(t, `/checkins/${batchId}/undo`, {}));
  });

  it('a check-in that only cancelled expired scans: one entry naming them, none when nothing is left to expire', async () => {
    // Scans received 33 days ago: a check-in finds them expired, cancels them and credits nobody.
    const received = new Date(t.clock.now().getTime() - 33 * 86_400_000);
    const expired = async () => {
      const person = await customer(t);
      const [code] = await issue(t, 'us-oat-milk-1l');
      const id = randomUUID();
      await t.db.insert(scans).values({
        id,
        userId: person.user.id,
        containerCode: code!,
        productId: 'us-oat-milk-1l',
        scannedAt: received,
        createdAt: received,
      });
      return { code: code!, scanId: id };
    };
    const one = await expired();
    const lone = await audited(
      () => ops(t, '/checkins', { codes: [one.code] }),
      () => ({ action: 'checkin.expire', recordType: 'scan', recordId: one.scanId, detail: { expired: 1 } }),
    );
    expect(lone.json().data).toMatchObject({ batch_id: null, checked_in: [], expired: [one.code] });
    const [two, three] = [await expired(), await expired()];
    await audited(
      () => ops(t, '/checkins', { codes: [two.code, three.code] }),
      () => ({
        action: 'checkin.expire',
        recordType: 'scan_batch',
        recordId: [two.scanId, three.scanId].sort().join(','),
        detail: { expired: 2 },
      }),
    );
    // Cancelled already: the same codes again change nothing.
    await unaudited(() => ops(t, '/checkins', { codes: [one.code, two.code] }));
  });

  it('a rejection: one entry naming the scans', async () => {
    const one = await pendingBottle();
    const two = await pendingBottle();
    const response = await audited(
      () => ops(t, '/rejections', { codes: [one.code, two.code], reason: 'Damaged' }),
      () => ({ action: 'reject', recordType: 'scan_batch', recordId: [one.scanId, two.scanId].sort().join(','), detail: { codes: 2 } }),
    );
    expect(response.json().data.rejected).toHaveLength(2);
    const three = await pendingBottle();
    await audited(
      () => ops(t, '/rejections', { codes: [three.code], reason: 'Damaged' }),
      (answer) => ({ action: 'reject', recordType: 'scan', recordId: answer.json().data.rejected[0].scan_id as string }),
    );
    await unaudited(() => ops(t, '/rejections', { codes: [one.code], reason: 'Damaged' }));
  });

  it('a cancellation: one entry for the scan', async () => {
    const bottle = await pendingBottle();
    const response = await audited(
      () => ops(t, '/cancellations', { code: bottle.code, reason: 'Customer care' }),
      () => ({ action: 'scan.cancel', recordType: 'scan', recordId: bottle.scanId }),
    );
    expect(response.statusCode).toBe(200);
    // Refused (no longer pending): nothing written.
    await unaudited(async () => expect((await ops(t, '/cancellations', { scan_id: bottle.scanId })).statusCode).toBe(409));
  });

  it('an adjustment: one entry with its amount, none for its retry', async () => {
    const person = await customer(t);
    const payload = { id: randomUUID(), user_id: person.user.id, amount: '-0.00', comment: 'Goodwill' };
    await unaudited(async () => expect((await ops(t, '/adjustments', payload)).statusCode).toBe(400));
    const credit = { ...payload, amount: '2.50' };
    const response = await audited(
      () => ops(t, '/adjustments', credit),
      (answer) => ({
        action: 'balance.adjust',
        recordType: 'ledger_entry',
        recordId: String(answer.json().data.id),
        amountMinor: 250,
        currency: 'USD',
        detail: { user_id: person.user.id },
      }),
    );
    expect(response.statusCode).toBe(201);
    await unaudited(async () => expect((await ops(t, '/adjustments', credit)).statusCode).toBe(200));
  });

  it('issuing containers: one entry for the product and the count', async () => {
    const response = await audited(
      () => ops(t, '/containers', { product_id: 'us-oat-milk-1l', count: 3 }),
      () => ({ action: 'containers.issue', recordType: 'product', recordId: 'us-oat-milk-1l', detail: { count: 3 } }),
    );
    expect(response.statusCode).toBe(201);
    await unaudited(async () => expect((await ops(t, '/containers', { product_id: 'nothing', count: 3 })).statusCode).toBe(404));
  });

  /** A container two people scanned, and the open claim of the second. */
  const claimed = async () => {
    const first = await pendingBottle();
    const returner = await customer(t);
    expect((await postScan(t, returner.headers, first.code)).statusCode).toBe(409);
    const checkin = (await ops(t, '/checkins', { codes: [first.code] })).json().data;
    return { first, claimId: checkin.competing_claims[0].claims[0].id as string };
  };

  it('a claim awarded or dismissed: one entry each, none for the same resolution again', async () => {
    const awarded = await claimed();
    await audited(
      () => ops(t, `/claims/${awarded.claimId}/award`, { note: 'Seen returning it' }),
      () => ({ action: 'claim.award', recordType: 'claim', recordId: awarded.claimId, detail: { code: awarded.first.code } }),
    );
    await unaudited(() => ops(t, `/claims/${awarded.claimId}/award`, {}));
    const dismissed = await claimed();
    await audited(
      () => ops(t, `/claims/${dismissed.claimId}/dismiss`, {}),
      () => ({ action: 'claim.dismiss', recordType: 'claim', recordId: dismissed.claimId }),
    );
    await unaudited(() => ops(t, `/claims/${dismissed.claimId}/dismiss`, {}));
  });

  /** A dispute over a rejected oat-milk bottle (75 cents). */
  const openDispute = async () => {
    const bottle = await pendingBottle();
    expect((await ops(t, '/rejections', { codes: [bottle.code], reason: 'Cracked' })).statusCode).toBe(200);
    const filed = await t.inject({
      method: 'POST',
      url: '/api/v2/disputes',
      headers: bottle.person.headers,
      payload: { id: randomUUID(), reason: 'returned', transaction_id: `scan:${bottle.scanId}` },
    });
    expect(filed.statusCode).toBe(201);
    return { id: filed.json().data.id as string, userId: bottle.person.user.id };
  };

  it('a dispute credited or upheld: one entry each, the credit with its amount; none for a repeat', async () => {
    const credited = await openDispute();
    await audited(
      () => ops(t, `/disputes/${credited.id}/credit`, { answer: 'Our mistake' }),
      () => ({
        action: 'dispute.credit',
        recordType: 'dispute',
        recordId: credited.id,
        amountMinor: 75,
        currency: 'USD',
        detail: { user_id: credited.userId },
      }),
    );
    await unaudited(() => ops(t, `/disputes/${credited.id}/credit`, {}));
    const upheld = await openDispute();
    await audited(
      () => ops(t, `/disputes/${upheld.id}/uphold`, { answer: 'Cracked' }),
      () => ({ action: 'dispute.uphold', recordType: 'dispute', recordId: upheld.id }),
    );
    await unaudited(() => ops(t, `/disputes/${upheld.id}/uphold`, { answer: 'Cracked' }));
  });

  /** A pending withdrawal of 10.00 to a US bank account. */
  const pendingWithdrawal = async () => {
    const person = await verifiedCustomer(t, { balance: '30.00' });
    expect((await saveMethod(t, person.headers, 'TRANSFERWISE', usBankAccount)).statusCode).toBe(200);
    const response = await withdraw(t, person.headers, { amount: '10.00' });
    expect(response.statusCode).toBe(201);
    return { id: response.json().data.id as string, userId: person.user.id };
  };

  it('payouts exported by the CLI: one entry for the batch, naming the CLI, with what the bank pays', async () => {
    const first = await pendingWithdrawal();
    const second = await pendingWithdrawal();
    const rows = rowsOf<{ amount_minor: number; fee_minor: number }>(
      await t.db.execute(sql`SELECT amount_minor, fee_minor FROM withdrawals WHERE id IN (${first.id}, ${second.id})`),
    );
    const paid = rows.reduce((sum, row) => sum + Number(row.amount_minor) - Number(row.fee_minor), 0);
    const run = (argv: string[]) => ops(t, '/commands', { argv, cwd: '/srv/ops' }, cliHeaders);
    const batchOf = (stdout: string) => /, batch (\S+) /.exec(stdout)?.[1] ?? 'none';
    const exported = await audited(
      () => run(['payouts', 'export', '--out', 'payouts']),
      (answer) => ({
        actor: localCliActor().name,
        action: 'payouts.export',
        recordType: 'payout_batch',
        recordId: batchOf(answer.json().data.stdout as string),
        amountMinor: paid,
        currency: 'USD',
        detail: { payouts: 2 },
      }),
    );
    expect(exported.json().data.exit_code).toBe(0);
    // Written again: the bank details are handed out once more, so that is an entry of its own.
    const batch = batchOf(exported.json().data.stdout as string);
    await audited(
      () => run(['payouts', 'export', '--out', 'payouts', '--repeat', batch]),
      () => ({
        actor: localCliActor().name,
        action: 'payouts.reexport',
        recordType: 'payout_batch',
        recordId: batch,
        amountMinor: paid,
        currency: 'USD',
        detail: { payouts: 2 },
      }),
    );
    // Exported with nothing new, or an earlier batch with nothing left pending: no bank detail leaves, nothing written.
    await unaudited(() => run(['payouts', 'export', '--out', 'payouts']));
    await unaudited(() => run(['payouts', 'export', '--out', 'payouts', '--repeat', 'NO-SUCH-BATCH']));
  });

  it('payouts exported from the console: one entry naming the finance operator, the files to their device; a token is refused', async () => {
    const pending = await pendingWithdrawal();
    const finance = await signedInOperator(t, ['finance']);
    const exported = await audited(
      () => t.inject({ method: 'POST', url: '/api/v2/ops/payouts/export', headers: finance.headers, payload: {} }),
      (answer) => ({
        actor: finance.email,
        action: 'payouts.export',
        recordType: 'payout_batch',
        recordId: answer.json().data.batch,
        amountMinor: 1000,
        currency: 'USD',
        detail: { payouts: 1 },
      }),
    );
    const answer = exported.json().data as { payouts: number; files: { name: string; content: string }[] };
    expect(answer.payouts).toBe(1);
    const reference = rowsOf<{ payout_reference: string }>(
      await t.db.execute(sql`SELECT payout_reference FROM withdrawals WHERE id = ${pending.id}`),
    )[0]!.payout_reference;
    expect(answer.files.map((file) => file.content).join('\n')).toContain(reference);
    // The same batch again, to the operator's device: the bank details leave once more, one entry.
    const again = await audited(
      () =>
        t.inject({
          method: 'POST',
          url: '/api/v2/ops/payouts/export',
          headers: finance.headers,
          payload: { repeat_batch: exported.json().data.batch as string },
        }),
      () => ({
        actor: finance.email,
        action: 'payouts.reexport',
        recordType: 'payout_batch',
        recordId: exported.json().data.batch,
        amountMinor: 1000,
        currency: 'USD',
        detail: { payouts: 1 },
      }),
    );
    expect(again.json().data).toMatchObject({ repeated: true, payouts: 1 });
    const token = await ops(t, '/tokens', { name: `export-${kind}`, roles: ['finance'] });
    const byToken = await t.inject({
      method: 'POST',
      url: '/api/v2/ops/payouts/export',
      headers: { 'x-ops-key': token.json().data.secret as string },
      payload: {},
    });
    expect(byToken.statusCode).toBe(403);
  });

  it('a payout completed, failed or cancelled: one entry each with its amount, none for a repeat', async () => {
    for (const [path, payload, action] of [
      ['complete', { reference: 'BANK-1' }, 'payout.complete'],
      ['fail', { status: 'FAILED', reason: 'Account closed' }, 'payout.fail'],
      ['fail', { status: 'CANCELLED', reason: 'Asked by the customer' }, 'payout.cancel'],
    ] as const) {
      const withdrawal = await pendingWithdrawal();
      await audited(
        () => ops(t, `/payouts/${withdrawal.id}/${path}`, payload),
        () => ({
          action,
          recordType: 'withdrawal',
          recordId: withdrawal.id,
          amountMinor: 1000,
          currency: 'USD',
          detail: { user_id: withdrawal.userId },
        }),
      );
      await unaudited(() => ops(t, `/payouts/${withdrawal.id}/${path}`, payload));
    }
  });

  it('a data-subject request closed: one entry, none for closing it again', async () => {
    const now = t.clock.now();
    const [request] = await t.db
      .insert(dsarRequests)
      .values({
        kind: 'access',
        name: 'Camille Martin',
        email: 'camille@example.com',
        countryCode: 'fr',
        locale: 'fr-FR',
        receivedAt: now,
        dueAt: now,
      })
      .returning();
    const close = () => t.inject({ method: 'POST', url: `/api/v2/ops/dsar/${request!.id}/close`, headers: operatorHeaders });
    await audited(close, () => ({ action: 'dsar.close', recordType: 'dsar_request', recordId: request!.id, detail: { kind: 'access' } }));
    await unaudited(async () => expect((await close()).statusCode).toBe(200));
  });

  it('an impact factor set or cleared: one entry each, none for clearing what is not there', async () => {
    const url = '/api/v2/ops/impact-factors/us-oat-milk-1l';
    await audited(
      () => t.inject({ method: 'PUT', url, headers: operatorHeaders, payload: { packaging_grams: 40, source: 'Supplier sheet' } }),
      () => ({ action: 'impact_factor.set', recordType: 'product', recordId: 'us-oat-milk-1l', detail: { packaging_grams: 40 } }),
    );
    await audited(
      () => t.inject({ method: 'DELETE', url, headers: operatorHeaders }),
      () => ({ action: 'impact_factor.clear', recordType: 'product', recordId: 'us-oat-milk-1l' }),
    );
    await unaudited(async () => expect((await t.inject({ method: 'DELETE', url, headers: operatorHeaders })).statusCode).toBe(404));
  });

  /** The ops CLI's command, run by the server (audited as the CLI on this machine). */
  const cli = async (argv: string[], files?: Record<string, string>) => {
    const response = await ops(t, '/commands', { argv, cwd: '/srv/ops', ...(files ? { files } : {}) }, cliHeaders);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { exit_code: number; stdout: string; stderr: string };
  };
  const byCli = (expected: Omit<Expected, 'actor'>): Expected => ({ ...expected, actor: localCliActor().name });

  it('CLI-only changes of texts: set, import and publish write one entry each', async () => {
    await audited(
      () => cli(['content', 'set', 'fr-FR', 'faq', 'fees.q', 'Des', 'frais', '?', '--draft']),
      () =>
        byCli({ action: 'content.set', recordType: 'content_text', recordId: 'fr-FR:faq:fees.q', detail: { texts: 1, status: 'draft' } }),
    );
    const texts = JSON.stringify({ 'fr-FR': { faq: { 'fees.q': 'Des frais ?' } }, 'ja-JP': { faq: { 'fees.q': '手数料は？' } } });
    await audited(
      () => cli(['content', 'import', 'texts.json', '--draft'], { 'texts.json': texts }),
      () => byCli({ action: 'content.import', recordType: 'content_pages', recordId: 'fr-FR:faq,ja-JP:faq', detail: { texts: 2 } }),
    );
    await audited(
      () => cli(['content', 'publish', 'fr-FR', 'faq']),
      () => byCli({ action: 'content.publish', recordType: 'content_text', recordId: 'fr-FR:faq:fees.q', detail: { texts: 1 } }),
    );
    // Nothing left to publish: nothing written.
    await unaudited(() => cli(['content', 'publish', 'fr-FR', 'faq']));
  });

  it('CLI-only changes of bins and retailers: one entry each, none for a dry run', async () => {
    await audited(
      () => cli(['bins', 'retailer', 'audit-pantry', '--name', 'Audit Pantry']),
      () => byCli({ action: 'retailer.save', recordType: 'retailer', recordId: 'audit-pantry' }),
    );
    const csv =
      'id,country_code,lat,lng,details,retailer_id\n' +
      'us-audit-01,us,45.52,-122.68,By the door,audit-pantry\n' +
      'us-audit-02,us,45.53,-122.67,By the till,audit-pantry\n';
    await unaudited(() => cli(['bins', 'import', 'bins.csv', '--dry-run'], { 'bins.csv': csv }));
    await audited(
      () => cli(['bins', 'import', 'bins.csv'], { 'bins.csv': csv }),
      () =>
        byCli({
          action: 'bins.import',
          recordType: 'bin_import',
          recordId: expect.any(String),
          detail: { added: 2, updated: 0 },
        }),
    );
    await audited(
      () => cli(['bins', 'remove', 'us-audit-01', 'us-audit-02']),
      () => byCli({ action: 'bins.remove', recordType: 'bin_batch', recordId: 'us-audit-01,us-audit-02', detail: { bins: 2 } }),
    );
    await unaudited(() => cli(['bins', 'remove', 'us-audit-01']));
  });

  it('container labels issued by the CLI: one entry', async () => {
    await audited(
      () => cli(['labels', '--product', 'us-oat-milk-1l', '--count', '2', '--out', 'oat.svg']),
      () => byCli({ action: 'containers.issue', recordType: 'product', recordId: 'us-oat-milk-1l', detail: { count: 2 } }),
    );
  });

  it('a payment-key rotation (the CLI on the database, never through the server): one entry naming the new key id', async () => {
    await audited(
      () => rotatePaymentDataKey(t.db, testActor, openPaymentCipher(t.config), generatePaymentDataKey()),
      (result) => ({ actor: testActor.name, action: 'payment_key.rotate', recordType: 'payment_key', recordId: result.keyId }),
    );
  });

  // Last: it forges an entry, which leaves the chain broken for whatever would follow.
  it('operators and tokens managed by an admin: one entry each', async () => {
    const invited = await audited(
      () => ops(t, '/operators', { email: `new-${randomUUID()}@roundtrip.test`, name: 'New', roles: ['care'] }),
      (response) => ({ action: 'operator.invite', recordType: 'operator', recordId: response.json().data.id }),
    );
    const id = invited.json().data.id as string;
    await audited(
      () =>
        t.inject({
          method: 'PUT',
          url: `/api/v2/ops/operators/${id}/roles`,
          headers: operatorHeaders,
          payload: { roles: ['care', 'finance'] },
        }),
      () => ({ action: 'operator.roles', recordType: 'operator', recordId: id }),
    );
    await audited(
      () => ops(t, `/operators/${id}/disable`, {}),
      () => ({ action: 'operator.disable', recordType: 'operator', recordId: id }),
    );
    await audited(
      () => ops(t, `/operators/${id}/enable`, {}),
      () => ({ action: 'operator.enable', recordType: 'operator', recordId: id }),
    );
    await audited(
      () => ops(t, `/operators/${id}/invitation`, {}),
      () => ({ action: 'operator.invitation-resend', recordType: 'operator', recordId: id }),
    );
    const signedIn = await signedInOperator(t, ['care']);
    await audited(
      () => ops(t, `/operators/${signedIn.id}/password-reset`, {}),
      () => ({ action: 'operator.password-reset-send', recordType: 'operator', recordId: signedIn.id }),
    );
    await audited(
      () => t.inject({ method: 'DELETE', url: `/api/v2/ops/operators/${signedIn.id}/sessions`, headers: operatorHeaders }),
      () => ({ action: 'operator.sessions-end', recordType: 'operator', recordId: signedIn.id }),
    );
    const token = await audited(
      () => ops(t, '/tokens', { name: `audit-${kind}`, roles: ['finance'] }),
      (response) => ({ action: 'token.create', recordType: 'automation_token', recordId: response.json().data.id }),
    );
    const tokenId = token.json().data.id as string;
    await audited(
      () => ops(t, `/tokens/${tokenId}/revoke`, {}),
      () => ({ action: 'token.revoke', recordType: 'automation_token', recordId: tokenId }),
    );
  });

  it('a draft written and published from the console: one entry each', async () => {
    await audited(
      () =>
        t.inject({ method: 'PUT', url: '/api/v2/ops/content/ja-JP/faq/fees.q', headers: operatorHeaders, payload: { text: '手数料は？' } }),
      () => ({ action: 'content.set', recordType: 'content_text', recordId: 'ja-JP:faq:fees.q' }),
    );
    await audited(
      () => ops(t, '/content/ja-JP/publish', { namespace: 'faq' }),
      () => ({ action: 'content.publish', recordType: 'content_text', recordId: 'ja-JP:faq:fees.q' }),
    );
    await unaudited(() => ops(t, '/content/ja-JP/publish', {}));
  });

  it('bins imported from the console: one entry naming the content operator, none for a check (dry run)', async () => {
    const editor = await signedInOperator(t, ['content']);
    await audited(
      () => cli(['bins', 'retailer', 'console-pantry', '--name', 'Console Pantry']),
      () => byCli({ action: 'retailer.save', recordType: 'retailer', recordId: 'console-pantry' }),
    );
    const body = {
      file_name: 'bins.csv',
      content: 'id,country_code,lat,lng,details,retailer_id\nus-console-01,us,45.52,-122.68,By the door,console-pantry\n',
    };
    const importFile = (dryRun: boolean) =>
      t.inject({ method: 'POST', url: '/api/v2/ops/bins/import', headers: editor.headers, payload: { ...body, dry_run: dryRun } });
    await unaudited(async () => expect((await importFile(true)).statusCode).toBe(200));
    await audited(
      () => importFile(false),
      () => ({
        actor: editor.email,
        action: 'bins.import',
        recordType: 'bin_import',
        recordId: expect.any(String),
        detail: { added: 1, updated: 0, rejected: 0, countries: ['us'] },
      }),
    );
  });

  it('a passkey added by an operator: one entry naming them', async () => {
    const operator = await signedInOperator(t, ['check-in']);
    const key = softwarePasskey();
    const { origin, hostname } = new URL(t.publicUrl);
    const options = (await t.inject({ method: 'POST', url: '/api/v2/ops/passkeys/registration-options', headers: operator.headers })).json<{
      data: { challenge_id: string; options: { challenge: string } };
    }>().data;
    await audited(
      () =>
        t.inject({
          method: 'POST',
          url: '/api/v2/ops/passkeys',
          headers: operator.headers,
          payload: { challenge_id: options.challenge_id, response: key.register(options.options, origin, hostname) },
        }),
      () => ({ action: 'passkey.add', recordType: 'operator', recordId: operator.id, actor: operator.email }),
    );
  });

  it('every /ops call that changes something is one this file, or the operators and approvals tests, checks', async () => {
    const document = (await t.inject({ method: 'GET', url: '/api/v2/openapi.json' })).json<{
      paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
    }>();
    const changing = Object.entries(document.paths).flatMap(([route, methods]) =>
      Object.entries(methods)
        .filter(([method, operation]) => method !== 'get' && route.startsWith('/api/v2/ops/') && (operation.security?.length ?? 0) > 0)
        .map(([method]) => `${method.toUpperCase()} ${route.slice('/api/v2/ops'.length)}`),
    );
    const checkedHere = [
      'POST /checkins',
      'POST /checkins/{batch_id}/undo',
      'POST /rejections',
      'POST /cancellations',
      'POST /adjustments',
      'POST /containers',
      'POST /claims/{id}/award',
      'POST /claims/{id}/dismiss',
      'POST /disputes/{id}/credit',
      'POST /disputes/{id}/uphold',
      'POST /payouts/export',
      'POST /payouts/{id}/complete',
      'POST /payouts/{id}/fail',
      'POST /dsar/{id}/close',
      'PUT /impact-factors/{product_id}',
      'DELETE /impact-factors/{product_id}',
      'POST /operators',
      'PUT /operators/{id}/roles',
      'POST /operators/{id}/disable',
      'POST /operators/{id}/enable',
      'POST /operators/{id}/invitation',
      'DELETE /operators/{id}/sessions',
      'POST /operators/{id}/password-reset',
      'POST /tokens',
      'POST /tokens/{id}/revoke',
      'POST /passkeys',
      'PUT /content/{locale}/{namespace}/{key}',
      'POST /content/{locale}/publish',
      'POST /bins/import',
    ];
    // Approving writes the decision and, as the approver, the change it runs (approvals.test.ts);
    // rejecting writes the decision.
    const checkedInApprovals = ['POST /approvals/{id}/approve', 'POST /approvals/{id}/reject'];
    // Not changes of the programme: a session ended, a challenge handed out, a batch's codes looked
    // up (a read with a body, the codes being too many for a query), an operator's own choice of the
    // mails they get. The CLI's door runs commands whose changes are checked here through it.
    const notChanges = [
      'DELETE /session',
      'POST /passkeys/registration-options',
      'POST /commands',
      'POST /containers/lookup',
      'PUT /me/notices',
    ];
    // Removing passkeys and resetting an authenticator (operators/passkeys.test.ts); a session proving
    // itself again changes nothing of the programme.
    const checkedInPasskeys = ['DELETE /passkeys/{id}', 'DELETE /operators/{id}/passkeys', 'POST /operators/{id}/authenticator-reset'];
    const sessionProofs = ['POST /session/reauthenticate'];
    // Each payout it settles is written by settleWithdrawal, one payout.fail or payout.complete entry
    // each, counted by bank-answers.test.ts for the CLI and the console's upload alike.
    const checkedInReconcile = ['POST /payouts/reconcile'];
    expect(changing.sort()).toEqual(
      [...checkedHere, ...checkedInApprovals, ...notChanges, ...checkedInPasskeys, ...sessionProofs, ...checkedInReconcile].sort(),
    );
  });

  it('the database refuses to change an entry, and an entry forged by the table owner breaks its digest', async () => {
    expect(await lastSeq()).toBeGreaterThan(0);
    for (const statement of [sql`UPDATE audit_entries SET actor = 'x'`, sql`DELETE FROM audit_entries`]) {
      const refusal: unknown = await t.db.execute(statement).then(
        () => undefined,
        (error: unknown) => error,
      );
      // drizzle wraps the database's error: the trigger's message is on its cause.
      expect(refusal).toMatchObject({ cause: { message: expect.stringMatching(/audit_entries is append-only/) } });
    }
    const before = await verifyAuditChain(t.db);
    expect(before.ok).toBe(true);

    const [victim] = await entriesAfter(0);
    const seq = Number(victim!.seq);
    await t.db.execute(sql`ALTER TABLE audit_entries DISABLE TRIGGER audit_entries_append_only`);
    await t.db.execute(sql`UPDATE audit_entries SET actor = 'x' WHERE seq = ${seq}`);
    await t.db.execute(sql`ALTER TABLE audit_entries ENABLE TRIGGER audit_entries_append_only`);
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: false, reason: 'hash', brokenAt: seq });
  });
});

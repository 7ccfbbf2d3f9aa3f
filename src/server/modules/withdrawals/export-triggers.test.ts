import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { openPaymentCipher } from '../payments/encryption';
import { testActor } from '../../testing/actor';
import { databaseKinds } from '../../testing/databases';
import type { TestApp } from '../../testing/test-app';
import { createWalletTestApp, operatorHeaders } from '../../testing/wallet';
import { saveMethod, verifiedCustomer, withdraw } from '../../testing/withdrawals';
import { demoOriginators } from './bank-files/originators';
import { manualPayoutProvider } from './manual-provider';
import { exportPendingPayouts } from './withdrawals';

describe.each(databaseKinds)('the payout export leaves what customers read alone (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createWalletTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const historyOf = (headers: Record<string, string>, extra: Record<string, string> = {}) =>
    t.inject({ method: 'GET', url: '/api/v2/merged_transactions', headers: { ...headers, ...extra } });

  /** The history line as stored, with the transaction that last wrote it (xmin). */
  const storedLine = async (userId: string, withdrawalId: string) => {
    const rows = rowsOf<{ writer: string; status: string }>(
      await t.db.execute(
        sql`select xmin::text as writer, status from history_rows where user_id = ${userId} and id = ${`withdrawal:${withdrawalId}`}`,
      ),
    );
    return rows[0];
  };
  const newsOf = async (userId: string) =>
    rowsOf<{ kind: string }>(
      await t.db.execute(sql`select kind from customer_news where user_id = ${userId} and row_id like 'withdrawal:%'`),
    );

  it('marking payouts exported rewrites no history line and keeps the version: a phone still gets 304', async () => {
    const person = await verifiedCustomer(t, { balance: '30.00' });
    await saveMethod(t, person.headers, 'PAYPAL', { email: 'export.triggers@example.com' });
    const requested = await withdraw(t, person.headers, { amount: '12.00' });
    expect(requested.statusCode, requested.body).toBe(201);
    const withdrawalId = String(requested.json().data.id);

    const before = await historyOf(person.headers);
    expect(before.statusCode).toBe(200);
    const lineBefore = await storedLine(person.user.id, withdrawalId);
    expect(lineBefore?.status).toBe('PENDING');

    const directory = mkdtempSync(path.join(tmpdir(), 'export-triggers-'));
    const exported = await exportPendingPayouts(
      t.db,
      testActor,
      openPaymentCipher(t.config),
      manualPayoutProvider(directory, demoOriginators),
      t.clock.now(),
    );
    expect(exported.withdrawalIds).toContain(withdrawalId);

    expect(await storedLine(person.user.id, withdrawalId)).toEqual(lineBefore);
    const again = await historyOf(person.headers, { 'if-none-match': String(before.headers.etag) });
    expect(again.statusCode).toBe(304);

    // Settling still changes the line, the version and the news, once.
    const paid = await t.inject({
      method: 'POST',
      url: `/api/v2/ops/payouts/${withdrawalId}/complete`,
      headers: operatorHeaders,
      payload: { reference: 'PP-123' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await storedLine(person.user.id, withdrawalId))?.status).toBe('COMPLETED');
    expect((await historyOf(person.headers, { 'if-none-match': String(before.headers.etag) })).statusCode).toBe(200);
    expect(await newsOf(person.user.id)).toEqual([{ kind: 'WITHDRAWAL_PAID' }]);
  });

  it('a failed payout after its export: money back, the line FAILED with the reason, one news item', async () => {
    const person = await verifiedCustomer(t, { balance: '20.00' });
    await saveMethod(t, person.headers, 'PAYPAL', { email: 'export.fails@example.com' });
    const withdrawalId = String((await withdraw(t, person.headers, { amount: '8.00' })).json().data.id);
    const directory = mkdtempSync(path.join(tmpdir(), 'export-triggers-'));
    await exportPendingPayouts(
      t.db,
      testActor,
      openPaymentCipher(t.config),
      manualPayoutProvider(directory, demoOriginators),
      t.clock.now(),
    );

    const failed = await t.inject({
      method: 'POST',
      url: `/api/v2/ops/payouts/${withdrawalId}/fail`,
      headers: operatorHeaders,
      payload: { status: 'FAILED', reason: 'Account closed' },
    });
    expect(failed.statusCode, failed.body).toBe(200);
    const lines = (await historyOf(person.headers)).json().data as { id: string; status: string; comment: string | null }[];
    expect(lines.find((line) => line.id.endsWith(withdrawalId))).toMatchObject({ status: 'FAILED', comment: 'Account closed' });
    expect(await newsOf(person.user.id)).toEqual([{ kind: 'WITHDRAWAL_FAILED' }]);
    // A second settlement with the same outcome changes nothing and writes no second news item.
    await t.inject({
      method: 'POST',
      url: `/api/v2/ops/payouts/${withdrawalId}/fail`,
      headers: operatorHeaders,
      payload: { status: 'FAILED', reason: 'Account closed' },
    });
    expect(await newsOf(person.user.id)).toHaveLength(1);
  });
});

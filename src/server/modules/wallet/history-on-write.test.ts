import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionsResponse } from '#domain/schemas/wallet';
import { customer } from '../../testing/accounts';
import { databaseKinds } from '../../testing/databases';
import type { TestApp } from '../../testing/test-app';
import { createWalletTestApp, issue, ops, postScan } from '../../testing/wallet';

describe.each(databaseKinds)('history lines kept on write, under concurrency (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createWalletTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const history = async (headers: Record<string, string>) => {
    const response = await t.inject({ method: 'GET', url: '/api/v2/merged_transactions', headers });
    expect(response.statusCode, response.body).toBe(200);
    return transactionsResponse.parse(response.json()).data;
  };

  it('counts every one of 40 scans sent at once into one pending line, then moves them to their batch', async () => {
    const { headers } = await customer(t);
    const codes = [...(await issue(t, 'us-oat-milk-1l', 25)), ...(await issue(t, 'us-peanut-butter-450', 15))];
    const answers = await Promise.all(codes.map((code) => postScan(t, headers, code)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(codes.map(() => 201));

    const [pending, ...others] = await history(headers);
    expect(others).toEqual([]);
    expect(pending?.status).toBe('PENDING');
    expect(pending?.number_of_scans).toBe(40);
    const atStake = pending!.items.reduce((sum, item) => sum + item.quantity * Math.round(Number(item.price.value) * 100), 0);
    expect(pending?.amount.value).toBe((atStake / 100).toFixed(2));
    expect(Object.fromEntries(pending!.items.map((item) => [item.product_id, item.quantity]))).toEqual({
      'us-oat-milk-1l': 25,
      'us-peanut-butter-450': 15,
    });

    // Half checked in while the other half are rejected, at once: each line is rebuilt from what the other committed.
    const [checked, rejected] = await Promise.all([
      ops(t, '/checkins', { codes: codes.slice(0, 20) }),
      ops(t, '/rejections', { codes: codes.slice(20, 30), reason: 'Cracked' }),
    ]);
    expect([checked.statusCode, rejected.statusCode]).toEqual([200, 200]);
    const lines = await history(headers);
    const byStatus = (status: string) => lines.filter((line) => line.status === status);
    expect(byStatus('PENDING').map((line) => line.number_of_scans)).toEqual([10]);
    expect(byStatus('COMPLETED').map((line) => line.number_of_scans)).toEqual([20]);
    expect(byStatus('REJECTED')).toHaveLength(10);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitingWorkSchema } from '#domain/schemas/operator-answers';
import { databaseKinds } from '../../testing/databases';
import { signedInOperator } from '../../testing/operators';
import type { TestApp } from '../../testing/test-app';
import { createWalletTestApp } from '../../testing/wallet';

const seed = `
  INSERT INTO users (id, email, country_code, locale, created_at)
  VALUES (md5('waiting-user')::uuid, 'waiting@example.com', 'us', 'en-US', now());
  INSERT INTO disputes (id, user_id, status, reason, amount_minor, currency, answer, created_at, resolved_at)
  SELECT md5('waiting-dispute-' || d)::uuid, md5('waiting-user')::uuid, CASE WHEN d <= 2 THEN 'OPEN' ELSE 'UPHELD' END, 'returned', 100, 'USD',
         CASE WHEN d <= 2 THEN NULL ELSE 'No.' END, now(), CASE WHEN d <= 2 THEN NULL ELSE now() END
    FROM generate_series(1, 3) AS d;
  INSERT INTO withdrawals (user_id, idempotency_key, amount_minor, fee_minor, currency, method, status, created_at)
  SELECT md5('waiting-user')::uuid, 'waiting-' || w, 1000, 0, 'USD', 'PAYPAL', 'PENDING', now() FROM generate_series(1, 3) AS w;
  INSERT INTO operator_approvals (action, record_id, request, amount_minor, currency, requested_by, requested_by_person, created_at)
  VALUES ('balance.adjust', 'waiting-1', '{}'::jsonb, 5000, 'USD', 'Someone', 'operator:someone', now());
`;

describe.each(databaseKinds)('GET /ops/waiting: the console’s badges (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createWalletTestApp(kind);
    for (const statement of seed.split(';').filter((text) => text.trim() !== '')) await t.db.execute(sql.raw(statement));
  });
  afterAll(async () => {
    await t?.close();
  });

  const waiting = async (headers: Record<string, string>) => {
    const response = await t.inject({ method: 'GET', url: '/api/v2/ops/waiting', headers });
    expect(response.statusCode, response.body).toBe(200);
    return waitingWorkSchema.parse(response.json()).data;
  };

  it('counts what waits in the lists each role opens, as the lists count it, and nothing of the others', async () => {
    const care = await signedInOperator(t, ['care']);
    expect(await waiting(care.headers)).toEqual([
      { area: 'disputes', count: 2 },
      { area: 'claims', count: 0 },
      { area: 'approvals', count: 1 },
    ]);
    const disputes = (await t.inject({ method: 'GET', url: '/api/v2/ops/disputes', headers: care.headers })).json();
    expect(disputes.meta.totals.count).toBe(2);

    const finance = await signedInOperator(t, ['finance']);
    expect(await waiting(finance.headers)).toEqual([{ area: 'payouts', count: 3 }]);
    const both = await signedInOperator(t, ['care', 'finance']);
    expect((await waiting(both.headers)).map((entry) => entry.area)).toEqual(['disputes', 'claims', 'approvals', 'payouts']);

    const checkIn = await signedInOperator(t, ['check-in']);
    const refused = await t.inject({ method: 'GET', url: '/api/v2/ops/waiting', headers: checkIn.headers });
    expect(refused.statusCode).toBe(403);
  });
});

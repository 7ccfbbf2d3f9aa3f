import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalsPage, claimsPage, dataRequestsPage, disputesPage, operatorsPage, payoutsPage } from '#domain/schemas/operator-answers';
import { databaseKinds } from '../testing/databases';
import type { TestApp } from '../testing/test-app';
import { createWalletTestApp, operatorHeaders } from '../testing/wallet';

/**
 * Rows a few microseconds apart, several per millisecond: a cursor that kept a JavaScript Date
 * (milliseconds) would show some twice and lose others.
 */
const seed = `
  INSERT INTO users (id, email, country_code, locale, created_at)
  SELECT md5('pages-user-' || i)::uuid, 'pages' || i || '@example.com', (ARRAY['us', 'jp'])[1 + i % 2], (ARRAY['en-US', 'ja-JP'])[1 + i % 2], now()
    FROM generate_series(1, 4) AS i;
  INSERT INTO withdrawals (user_id, idempotency_key, amount_minor, fee_minor, currency, method, status, created_at)
  SELECT md5('pages-user-' || (1 + w % 4))::uuid, 'pages-' || w, 1000 + w, CASE WHEN w % 2 = 1 THEN 0 ELSE 10 END,
         (ARRAY['JPY', 'USD'])[1 + (1 + w % 4) % 2], 'PAYPAL', 'PENDING', '2026-11-01T10:00:00Z'::timestamptz + w * interval '3 microseconds'
    FROM generate_series(1, 7) AS w;
  INSERT INTO disputes (id, user_id, status, reason, amount_minor, currency, created_at)
  SELECT md5('pages-dispute-' || d)::uuid, md5('pages-user-' || (1 + d % 4))::uuid, 'OPEN', 'returned', 100 * d,
         (ARRAY['JPY', 'USD'])[1 + (1 + d % 4) % 2], '2026-11-02T10:00:00Z'::timestamptz + d * interval '2 microseconds'
    FROM generate_series(1, 5) AS d;
  INSERT INTO containers (code, product_id) SELECT 'PAGES' || c, 'us-oat-milk-1l' FROM generate_series(1, 5) AS c;
  INSERT INTO scans (id, user_id, container_code, product_id, status, scanned_at)
  SELECT md5('pages-scan-' || c)::uuid, md5('pages-user-1')::uuid, 'PAGES' || c, 'us-oat-milk-1l', 'PENDING', now()
    FROM generate_series(1, 5) AS c;
  INSERT INTO scan_claims (container_code, pending_scan_id, user_id, scanned_at, created_at)
  SELECT 'PAGES' || c, md5('pages-scan-' || c)::uuid, md5('pages-user-3')::uuid, now(), '2026-11-03T10:00:00Z'::timestamptz + c * interval '1 microsecond'
    FROM generate_series(1, 5) AS c;
  INSERT INTO operator_approvals (action, record_id, request, amount_minor, currency, requested_by, requested_by_person, created_at)
  SELECT 'balance.adjust', 'pages-' || a, '{}'::jsonb, 5000 + a, (ARRAY['JPY', 'USD'])[1 + a % 2], 'Pages', 'operator:pages',
         '2026-11-04T10:00:00Z'::timestamptz + a * interval '4 microseconds'
    FROM generate_series(1, 5) AS a;
  INSERT INTO operators (email, name, roles, totp_secret, created_at)
  SELECT 'pages-operator' || o || '@example.com', 'Pages ' || o, ARRAY['care'], 'JBSWY3DPEHPK3PXP',
         '2026-11-05T10:00:00Z'::timestamptz + o * interval '1 microsecond'
    FROM generate_series(1, 5) AS o;
  INSERT INTO dsar_requests (kind, email, country_code, locale, received_at, due_at, closed_at)
  SELECT 'access', 'pages' || r || '@example.com', 'fr', 'fr-FR', '2020-01-01T10:00:00Z'::timestamptz,
         (CASE WHEN r <= 2 THEN '2020-02-01T10:00:00Z' ELSE '2099-02-01T10:00:00Z' END)::timestamptz + r * interval '1 microsecond',
         CASE WHEN r = 6 THEN '2020-01-02T10:00:00Z'::timestamptz END
    FROM generate_series(1, 6) AS r;
`;

const lists = [
  { path: '/payouts', page: payoutsPage },
  { path: '/disputes', page: disputesPage },
  { path: '/claims', page: claimsPage },
  { path: '/approvals', page: approvalsPage },
  { path: '/operators', page: operatorsPage },
  { path: '/dsar', page: dataRequestsPage },
] as const;

describe.each(databaseKinds)('operator lists a page at a time (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createWalletTestApp(kind);
    for (const statement of seed.split(';').filter((text) => text.trim() !== '')) await t.db.execute(sql.raw(statement));
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string) =>
    t.inject({ method: 'GET', url: `/api/v2/ops${url}`, headers: { ...operatorHeaders, 'accept-language': 'fr-FR' } });

  /** Every page, following next_cursor: the ids in order, each page's size, the totals of the first. */
  const walk = async (list: (typeof lists)[number], query: string) => {
    const ids: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    let totals: unknown;
    do {
      const response = await get(`${list.path}?${query}${cursor === null ? '' : `&cursor=${cursor}`}`);
      expect(response.statusCode, response.body).toBe(200);
      const answer = list.page.parse(response.json());
      totals ??= answer.meta.totals;
      ids.push(...answer.data.map((row) => row.id));
      sizes.push(answer.data.length);
      cursor = answer.meta.next_cursor;
    } while (cursor !== null && sizes.length < 10);
    return { ids, sizes, totals };
  };

  it.each(lists)('GET /ops$path: the pages follow each other without a row twice or missed, the last says null', async (list) => {
    const whole = list.page.parse((await get(`${list.path}?limit=100`)).json());
    expect(whole.meta.next_cursor).toBeNull();
    const paged = await walk(list, 'limit=2');
    expect(paged.ids).toEqual(whole.data.map((row) => row.id));
    expect(new Set(paged.ids).size).toBe(paged.ids.length);
    expect(paged.sizes.every((size) => size === 2 || size === paged.sizes.at(-1))).toBe(true);
    expect(paged.totals).toEqual(whole.meta.totals);
    expect(whole.meta.totals.count).toBe(whole.data.length);
  });

  it('payouts: oldest first; totals are what is to be paid out per currency; a currency narrows the list and its totals', async () => {
    const whole = payoutsPage.parse((await get('/payouts?limit=100')).json());
    expect(whole.data).toHaveLength(7);
    expect(whole.data.map((row) => row.created_at)).toEqual([...whole.data.map((row) => row.created_at)].sort());
    const owed = (currency: string) =>
      whole.data.filter((row) => row.payout_amount.currency === currency).reduce((sum, row) => sum + Number(row.payout_amount.value), 0);
    expect(whole.meta.totals).toEqual({
      count: 7,
      amounts: [
        { currency: 'JPY', value: String(owed('JPY')) },
        { currency: 'USD', value: owed('USD').toFixed(2) },
      ],
    });
    const yen = await walk(lists[0], 'limit=2&currency=JPY');
    expect(yen.ids).toEqual(whole.data.filter((row) => row.payout_amount.currency === 'JPY').map((row) => row.id));
    expect(yen.totals).toEqual({ count: yen.ids.length, amounts: [{ currency: 'JPY', value: String(owed('JPY')) }] });
  });

  it('claims are counted, with no amount; approvals come newest first', async () => {
    expect(claimsPage.parse((await get('/claims')).json()).meta.totals).toEqual({ count: 5, amounts: [] });
    const approvals = approvalsPage.parse((await get('/approvals')).json());
    expect(approvals.data.map((row) => row.created_at)).toEqual([...approvals.data.map((row) => row.created_at)].sort().reverse());
    expect(approvals.meta.totals.count).toBe(5);
    const team = operatorsPage.parse((await get('/operators?limit=3')).json());
    expect(team.data.map((row) => row.name)).toEqual(['Pages 5', 'Pages 4', 'Pages 3']);
    expect(team.meta.totals).toEqual({ count: 5, amounts: [] });
    // Open data requests nearest deadline first; the overdue ones are counted over the whole list, not the page.
    const requests = dataRequestsPage.parse((await get('/dsar?limit=1')).json());
    expect(requests.data.map((row) => row.email)).toEqual(['pages1@example.com']);
    expect(requests.meta).toMatchObject({ totals: { count: 5, amounts: [] }, overdue: 2 });
    expect(dataRequestsPage.parse((await get('/dsar?status=all')).json()).meta.totals.count).toBe(6);
  });

  it('a cursor this server did not hand out is 400 INVALID_CURSOR, in the reader’s language, never a 500', async () => {
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const id = '9b2f1c1e-6c59-4a55-9a4b-4d1f5b9a0c11';
    const bad = [
      'not a cursor',
      'AAAA',
      forged(['2026-02-30T10:00:00.000000Z', id]),
      forged(['2026-11-01T10:00:00.000000Z', 'no-uuid']),
      forged({ at: '2026-11-01T10:00:00.000000Z', id }),
      'x'.repeat(201),
    ];
    for (const list of lists) {
      for (const cursor of bad) {
        const response = await get(`${list.path}?cursor=${encodeURIComponent(cursor)}`);
        expect(response.statusCode, `${list.path} ${cursor}`).toBe(400);
        expect(['INVALID_CURSOR', 'VALIDATION_FAILED']).toContain(response.json().error.code);
      }
      const response = await get(`${list.path}?cursor=${forged(['2026-02-30T10:00:00.000000Z', id])}`);
      expect(response.json().error).toMatchObject({ code: 'INVALID_CURSOR', message: expect.stringContaining('Chargez') });
    }
  });

  it('limit keeps its bounds: over the maximum is refused', async () => {
    expect((await get('/payouts?limit=1001')).statusCode).toBe(400);
    expect((await get('/approvals?limit=501')).statusCode).toBe(400);
    expect(payoutsPage.parse((await get('/payouts')).json()).data).toHaveLength(7);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimsPage, disputesPage } from '#domain/schemas/operator-answers';
import { databaseKinds } from '../testing/databases';
import type { TestApp } from '../testing/test-app';
import { createWalletTestApp, operatorHeaders } from '../testing/wallet';

/**
 * Care's two tabs of disputes and claims: what waits (open, oldest first) and what was decided
 * (resolved, newest decision first), each searched by what care is told on the phone: part of the
 * customer's email, an id, a container code.
 */
const seed = `
  INSERT INTO users (id, email, country_code, locale, created_at)
  SELECT md5('tabs-user-' || i)::uuid, (ARRAY['finn.okafor@example.com', 'aiko@example.jp', 'a_b@example.com', 'axb@example.com'])[i],
         'us', 'en-US', now()
    FROM generate_series(1, 4) AS i;
  INSERT INTO containers (code, product_id) SELECT 'TABS' || c, 'us-oat-milk-1l' FROM generate_series(1, 6) AS c;
  INSERT INTO scans (id, user_id, container_code, product_id, status, scanned_at)
  SELECT md5('tabs-scan-' || c)::uuid, md5('tabs-user-' || (1 + c % 4))::uuid, 'TABS' || c, 'us-oat-milk-1l', 'REJECTED', now()
    FROM generate_series(1, 6) AS c;
  INSERT INTO disputes (id, user_id, status, reason, amount_minor, currency, answer, created_at, resolved_at)
  SELECT md5('tabs-dispute-' || d)::uuid, md5('tabs-user-' || (1 + d % 4))::uuid,
         CASE WHEN d <= 2 THEN 'OPEN' ELSE 'UPHELD' END,
         (ARRAY['returned', 'not_damaged', 'returned', 'wrong_container', 'returned', 'other'])[d],
         100 * d, 'USD', CASE WHEN d <= 2 THEN NULL ELSE 'Cracked.' END,
         '2026-11-02T10:00:00Z'::timestamptz + d * interval '1 minute',
         CASE WHEN d <= 2 THEN NULL ELSE '2026-11-05T10:00:00Z'::timestamptz - d * interval '1 hour' END
    FROM generate_series(1, 6) AS d;
  INSERT INTO dispute_scans (scan_id, dispute_id) SELECT md5('tabs-scan-' || d)::uuid, md5('tabs-dispute-' || d)::uuid FROM generate_series(1, 6) AS d;
  INSERT INTO scan_claims (container_code, pending_scan_id, user_id, status, scanned_at, created_at, resolved_at)
  SELECT 'TABS' || c, md5('tabs-scan-' || c)::uuid, md5('tabs-user-' || (1 + (c + 1) % 4))::uuid,
         CASE WHEN c <= 2 THEN 'OPEN' ELSE 'DISMISSED' END, now(),
         '2026-11-03T10:00:00Z'::timestamptz + c * interval '1 minute',
         CASE WHEN c <= 2 THEN NULL ELSE '2026-11-06T10:00:00Z'::timestamptz + c * interval '1 hour' END
    FROM generate_series(1, 6) AS c;
`;

describe.each(databaseKinds)('care’s open and resolved tabs, searched (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createWalletTestApp(kind);
    for (const statement of seed.split(';').filter((text) => text.trim() !== '')) await t.db.execute(sql.raw(statement));
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (url: string) => {
    const response = await t.inject({ method: 'GET', url: `/api/v2/ops${url}`, headers: operatorHeaders });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const disputes = async (query: string) => disputesPage.parse(await get(`/disputes?${query}`));
  const claims = async (query: string) => claimsPage.parse(await get(`/claims?${query}`));

  it('resolved disputes come newest decision first, page after page, with their answers; open ones stay apart', async () => {
    const open = await disputes('');
    expect(open.data.map((row) => row.status)).toEqual(['OPEN', 'OPEN']);
    const whole = await disputes('status=resolved');
    expect(whole.meta.totals).toEqual({ count: 4, amounts: [{ currency: 'USD', value: '18.00' }] });
    expect(whole.data.map((row) => row.resolved_at)).toEqual([...whole.data.map((row) => row.resolved_at!)].sort().reverse());
    expect(whole.data.every((row) => row.status === 'UPHELD' && row.answer === 'Cracked.')).toBe(true);

    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await disputes(`status=resolved&limit=3${cursor === null ? '' : `&cursor=${cursor}`}`);
      ids.push(...page.data.map((row) => row.id));
      cursor = page.meta.next_cursor;
    } while (cursor !== null);
    expect(ids).toEqual(whole.data.map((row) => row.id));
  });

  it('a search finds disputes by part of the email (its _ taken literally), by id, by container code; a reason narrows them', async () => {
    const emails = async (query: string) => (await disputes(query)).data.map((row) => row.email);
    expect(await emails('status=all&q=FINN')).toEqual(['finn.okafor@example.com']);
    expect(await emails('status=all&q=a_b')).toEqual(['a_b@example.com', 'a_b@example.com']);
    const some = (await disputes('status=resolved')).data[1]!;
    expect((await disputes(`status=resolved&q=${some.id.toUpperCase()}`)).data.map((row) => row.id)).toEqual([some.id]);
    const byCode = await disputes(`status=all&q=${some.scans[0]!.code.toLowerCase()}`);
    expect(byCode.data.map((row) => row.id)).toEqual([some.id]);
    expect(byCode.meta.totals.count).toBe(1);
    const returned = await disputes('status=resolved&reason=returned');
    expect(returned.data.map((row) => row.reason)).toEqual(['returned', 'returned']);
    expect(returned.meta.totals.count).toBe(2);
    expect((await disputes('status=open&q=nobody')).meta.totals).toEqual({ count: 0, amounts: [] });
  });

  it('resolved claims come newest decision first; a search finds them by code or claimant', async () => {
    expect((await claims('')).data.map((row) => row.status)).toEqual(['OPEN', 'OPEN']);
    const resolved = await claims('status=resolved');
    expect(resolved.meta.totals.count).toBe(4);
    expect(resolved.data.map((row) => row.code)).toEqual(['TABS6', 'TABS5', 'TABS4', 'TABS3']);
    expect((await claims('status=resolved&q=tabs4')).data.map((row) => row.code)).toEqual(['TABS4']);
    const aiko = await claims('status=all&q=aiko');
    expect(aiko.data.map((row) => row.email)).toEqual(aiko.data.map(() => 'aiko@example.jp'));
    expect(aiko.meta.totals.count).toBe(aiko.data.length);
    expect(aiko.data.length).toBeGreaterThan(0);
  });

  it('a search or status it cannot read is 400, never a 500', async () => {
    for (const url of ['/disputes?status=closed', '/disputes?reason=lost', `/disputes?q=${'x'.repeat(201)}`, '/claims?status=closed']) {
      const response = await t.inject({ method: 'GET', url: `/api/v2/ops${url}`, headers: operatorHeaders });
      expect(response.statusCode, url).toBe(400);
    }
  });
});

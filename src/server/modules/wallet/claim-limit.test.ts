import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanBatchResponse } from '#domain/schemas/wallet';
import { claimRefusals, scanClaims, scans } from '../../db/schema';
import { bearer, customer, loginTokens } from '../../testing/accounts';
import { databaseKinds } from '../../testing/databases';
import type { TestApp } from '../../testing/test-app';
import { createWalletTestApp, issue, ops, operatorHeaders, postScan } from '../../testing/wallet';

const day = 86_400;

function postBatch(t: TestApp, headers: Record<string, string>, codes: readonly string[], extraHeaders: Record<string, string> = {}) {
  return t.inject({
    method: 'POST',
    url: '/api/v2/scans/batch',
    headers: { ...headers, ...extraHeaders },
    payload: { scans: codes.map((code) => ({ id: randomUUID(), code, scanned_at: t.clock.now().toISOString() })) },
  });
}

describe.each(databaseKinds)('open claims per account on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createWalletTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Codes another customer's pending scans hold. */
  async function heldCodes(count: number): Promise<string[]> {
    const holder = await customer(t);
    const codes = await issue(t, 'us-oat-milk-1l', count);
    for (const code of codes) expect((await postScan(t, holder.headers, code)).statusCode).toBe(201);
    return codes;
  }

  const count = async (table: typeof scanClaims | typeof claimRefusals, userId: string) =>
    (
      await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(table)
        .where(eq(table.userId, userId))
    )[0]!.n;

  const claimsList = async () =>
    (await t.inject({ method: 'GET', url: '/api/v2/ops/claims?limit=1000', headers: operatorHeaders })).json().data as {
      id: string;
      user_id: string;
      claimant: { open_claims: number; refused_claims: number; flagged: boolean };
    }[];

  it('a batch of codes others hold opens 5 claims; the rest are refused in the customer’s language, kept for care, and nothing else is written', async () => {
    const codes = await heldCodes(8);
    const claimant = await customer(t);
    const response = await postBatch(t, claimant.headers, codes, { 'accept-language': 'fr-FR' });
    expect(response.statusCode).toBe(200);
    const answer = scanBatchResponse.parse(response.json()).data;
    expect(answer.map((item) => [item.status, item.error?.code])).toEqual([
      ...Array.from({ length: 5 }, () => [409, 'CONTAINER_CLAIM_RECORDED']),
      ...Array.from({ length: 3 }, () => [422, 'TOO_MANY_OPEN_CLAIMS']),
    ]);
    expect(answer[5]!.error?.message).toMatch(/revendications|contenants/);

    expect(await count(scanClaims, claimant.user.id)).toBe(5);
    // The refused scans left neither a claim nor a scan, only the refusal care reads.
    expect((await t.db.select().from(scans).where(eq(scans.userId, claimant.user.id))).length).toBe(0);
    const refusals = await t.db.select().from(claimRefusals).where(eq(claimRefusals.userId, claimant.user.id));
    expect(refusals.map((row) => row.containerCode).sort()).toEqual(codes.slice(5).sort());

    // A code already claimed is answered as before, not refused; in English and Japanese too.
    expect((await postScan(t, claimant.headers, codes[0]!)).json().error.code).toBe('CONTAINER_CLAIM_RECORDED');
    const english = (await postScan(t, claimant.headers, codes[6]!)).json().error;
    expect(english).toEqual({ code: 'TOO_MANY_OPEN_CLAIMS', message: expect.stringContaining('5 containers') });
    const japanese = await postScan(t, claimant.headers, codes[7]!, { extraHeaders: { 'accept-language': 'ja-JP' } });
    expect(japanese.statusCode).toBe(422);
    expect(japanese.json().error.message).toMatch(/[ぁ-んァ-ン一-龯]/);

    // Care sees the account flagged beside each of its claims.
    const mine = (await claimsList()).filter((row) => row.user_id === claimant.user.id);
    expect(mine).toHaveLength(5);
    // Five refusals of three codes: a code tried again is one refused claim.
    for (const row of mine) expect(row.claimant).toEqual({ open_claims: 5, refused_claims: 3, flagged: true });

    // Once care resolves one, the account may open one more.
    expect((await ops(t, `/claims/${mine[0]!.id}/dismiss`, {})).statusCode).toBe(200);
    expect((await postScan(t, claimant.headers, codes[5]!)).json().error.code).toBe('CONTAINER_CLAIM_RECORDED');
    expect((await postScan(t, claimant.headers, codes[6]!)).json().error.code).toBe('TOO_MANY_OPEN_CLAIMS');
    expect(await count(scanClaims, claimant.user.id)).toBe(6);

    // The person's data export holds their claims, how each ended, and the refusals care reads.
    const exported = (await t.inject({ method: 'GET', url: '/api/v2/user/export', headers: claimant.headers })).json();
    expect(exported.claims).toHaveLength(6);
    expect(exported.claims.filter((claim: { status: string }) => claim.status === 'DISMISSED')).toHaveLength(1);
    expect(exported.refused_claims.map((row: { container_code: string }) => row.container_code).sort()).toEqual(
      [codes[5]!, codes[6]!, codes[6]!, codes[6]!, codes[7]!, codes[7]!].sort(),
    );
  });

  it('an account with fewer refusals than the threshold, or refusals older than 30 days, is not flagged', async () => {
    const codes = await heldCodes(7);
    const claimant = await customer(t);
    await postBatch(t, claimant.headers, codes);
    const listed = () => claimsList().then((rows) => rows.find((row) => row.user_id === claimant.user.id)!.claimant);
    expect(await listed()).toEqual({ open_claims: 5, refused_claims: 2, flagged: false });
    t.clock.advance(31 * day);
    expect(await listed()).toEqual({ open_claims: 5, refused_claims: 0, flagged: false });
    // Three refusals within the window flag it (signed in again: a month outlived the session).
    const more = await heldCodes(3);
    const headers = bearer((await loginTokens(t, claimant.fields.email)).access_token);
    const refused = scanBatchResponse.parse((await postBatch(t, headers, more)).json()).data;
    expect(refused.map((item) => item.error?.code)).toEqual(Array.from({ length: 3 }, () => 'TOO_MANY_OPEN_CLAIMS'));
    expect(await listed()).toEqual({ open_claims: 5, refused_claims: 3, flagged: true });
  });

  it('scans sent at once cannot open more than 5 claims between them', async () => {
    const codes = await heldCodes(12);
    const claimant = await customer(t);
    const answers = await Promise.all(codes.map((code) => postScan(t, claimant.headers, code)));
    const codesOf = answers.map((answer) => answer.json().error.code as string);
    expect(codesOf.filter((code) => code === 'CONTAINER_CLAIM_RECORDED')).toHaveLength(5);
    expect(codesOf.filter((code) => code === 'TOO_MANY_OPEN_CLAIMS')).toHaveLength(7);
    const open = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(scanClaims)
      .where(and(eq(scanClaims.userId, claimant.user.id), eq(scanClaims.status, 'OPEN')));
    expect(open[0]!.n).toBe(5);
    expect(await count(claimRefusals, claimant.user.id)).toBe(7);
  });

  it('MAX_OPEN_CLAIMS sets the limit', async () => {
    const other = await createWalletTestApp(kind, { MAX_OPEN_CLAIMS: '2', CLAIM_REFUSALS_FLAG: '1' });
    try {
      const holder = await customer(other);
      const codes = await issue(other, 'us-oat-milk-1l', 3);
      for (const code of codes) await postScan(other, holder.headers, code);
      const claimant = await customer(other);
      const answer = scanBatchResponse.parse((await postBatch(other, claimant.headers, codes)).json()).data;
      expect(answer.map((item) => item.error?.code)).toEqual([
        'CONTAINER_CLAIM_RECORDED',
        'CONTAINER_CLAIM_RECORDED',
        'TOO_MANY_OPEN_CLAIMS',
      ]);
      const listed = (await other.inject({ method: 'GET', url: '/api/v2/ops/claims', headers: operatorHeaders })).json().data;
      expect(listed[0].claimant).toEqual({ open_claims: 2, refused_claims: 1, flagged: true });
    } finally {
      await other.close();
    }
  });
});

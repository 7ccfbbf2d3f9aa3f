import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer } from '../../testing/accounts';
import { databaseKinds } from '../../testing/databases';
import type { TestApp } from '../../testing/test-app';
import { createWalletTestApp, issue, ops, postScan } from '../../testing/wallet';

interface Row {
  id: string;
  status: string;
  amount: { value: string };
  comment: string | null;
  number_of_scans: number | null;
  claim: string | null;
  disputable: boolean;
}

interface News {
  kind: string;
  row_id: string;
  outcome: string | null;
  reason: string | null;
}

/**
 * The customer who scanned a container someone else scanned first (a claim) sees it to its end:
 * pending while under review, then awarded (pending in its day, credited at check-in) or dismissed
 * with the reason, with a notice when it is decided, and in the personal-data export.
 */
describe.each(databaseKinds)('a claim in the claimant’s history on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createWalletTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (url: string, headers: Record<string, string>) =>
    (await t.inject({ method: 'GET', url: `/api/v2${url}`, headers })).json();
  const history = async (headers: Record<string, string>) => (await get('/merged_transactions', headers)).data as Row[];
  const balance = async (headers: Record<string, string>) =>
    (await get('/user/balance', headers)).data as { pending_items: number; pending_deposit: { value: string } };
  const claimNews = async (headers: Record<string, string>) =>
    ((await get('/user/news', headers)).data as News[]).filter((item) => item.kind === 'CLAIM_DECIDED');

  /** A's scan holds the container; B scans it too: B's claim, open. */
  async function openClaim(claimant: { locale?: 'en-US' | 'fr-FR' } = {}) {
    const market = claimant.locale === 'fr-FR' ? ({ country_code: 'fr', locale: 'fr-FR' } as const) : {};
    const first = await customer(t, market);
    const second = await customer(t, market);
    const [code] = await issue(t, claimant.locale === 'fr-FR' ? 'fr-yaourt-nature' : 'us-oat-milk-1l');
    expect((await postScan(t, first.headers, code!)).statusCode).toBe(201);
    t.clock.advance(60);
    expect((await postScan(t, second.headers, code!)).json().error.code).toBe('CONTAINER_CLAIM_RECORDED');
    const checkin = (await ops(t, '/checkins', { codes: [code] })).json().data;
    const claimId = checkin.competing_claims[0].claims[0].id as string;
    return { first, second, code: code!, claimId };
  }

  it('under review: a pending row with the deposit at stake, and counted as pending', async () => {
    const { second, claimId } = await openClaim();
    expect(await history(second.headers)).toEqual([
      expect.objectContaining({
        id: `claim:${claimId}`,
        status: 'PENDING',
        claim: 'OPEN',
        number_of_scans: 1,
        amount: expect.objectContaining({ value: '0.75' }),
      }),
    ]);
    expect(await balance(second.headers)).toMatchObject({ pending_items: 1, pending_deposit: { value: '0.75' } });
  });

  it('dismissed: the row says so with the reason in the claimant’s language, a notice opens it, and the export has it', async () => {
    const { second, claimId } = await openClaim({ locale: 'fr-FR' });
    expect((await ops(t, `/claims/${claimId}/dismiss`, { note: 'Internal: the shop saw the first customer.' })).statusCode).toBe(200);

    const [row] = await history(second.headers);
    expect(row).toMatchObject({ id: `claim:${claimId}`, status: 'REJECTED', claim: 'DISMISSED', disputable: false });
    expect(row!.comment).toBe('Notre équipe a constaté que ce contenant a été rendu par la personne qui l’a scanné en premier.');
    expect(await balance(second.headers)).toMatchObject({ pending_items: 0 });
    expect(await claimNews(second.headers)).toEqual([
      expect.objectContaining({ row_id: `claim:${claimId}`, outcome: 'dismissed', reason: row!.comment }),
    ]);

    const exported = await get('/user/export', second.headers);
    expect(exported.claims).toEqual([
      expect.objectContaining({ id: claimId, status: 'DISMISSED', reason: row!.comment, history_row: `claim:${claimId}` }),
    ]);
    // The operator's note is care's, never the customer's.
    expect(JSON.stringify(exported)).not.toContain('Internal: the shop');
  });

  it('awarded: the container joins the pending day, a notice opens that row, and the check-in credits it', async () => {
    const { first, second, code, claimId } = await openClaim();
    expect((await ops(t, `/claims/${claimId}/award`, {})).statusCode).toBe(200);

    const rows = await history(second.headers);
    expect(rows.map((row) => row.id)).not.toContain(`claim:${claimId}`);
    const pending = rows.find((row) => row.id.startsWith('scan-pending:'));
    expect(pending).toMatchObject({ status: 'PENDING', number_of_scans: 1, claim: null });
    expect(await balance(second.headers)).toMatchObject({ pending_items: 1, pending_deposit: { value: '0.75' } });
    expect(await claimNews(second.headers)).toEqual([expect.objectContaining({ row_id: pending!.id, outcome: 'awarded', reason: null })]);
    // The first scanner hears nothing of a claim; their scan was cancelled, which their history says.
    expect(await claimNews(first.headers)).toEqual([]);

    const checkin = (await ops(t, '/checkins', { codes: [code] })).json().data;
    expect(checkin.checked_in).toEqual([expect.objectContaining({ code, user_id: second.user.id })]);
    const after = await history(second.headers);
    expect(after).toEqual([expect.objectContaining({ status: 'COMPLETED', amount: expect.objectContaining({ value: '0.75' }) })]);
    expect(await balance(second.headers)).toMatchObject({ pending_items: 0 });
    expect((await get('/user/export', second.headers)).claims).toEqual([
      expect.objectContaining({ id: claimId, status: 'AWARDED', reason: null, history_row: null }),
    ]);
  });
});

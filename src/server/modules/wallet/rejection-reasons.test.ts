import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejectReasonTexts } from '#domain/reject-reasons';
import { customer } from '../../testing/accounts';
import { databaseKinds } from '../../testing/databases';
import type { TestApp } from '../../testing/test-app';
import { createWalletTestApp, issue, ops, postScan } from '../../testing/wallet';

describe.each(databaseKinds)('a container rejected with a reason from the list (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createWalletTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const comments = async (headers: Record<string, string>) => {
    const history = await t.inject({ method: 'GET', url: '/api/v2/merged_transactions', headers });
    return (history.json().data as { status: string; comment: string | null }[])
      .filter((row) => row.status === 'REJECTED')
      .map((row) => row.comment);
  };

  it("says the reason in each customer's language, with the operator's note after it", async () => {
    const english = await customer(t);
    const french = await customer(t, { country_code: 'fr', locale: 'fr-FR', zip_code: '75001' });
    const [ours] = await issue(t, 'us-oat-milk-1l', 1);
    const [theirs] = await issue(t, 'fr-jus-pomme-1l', 1);
    expect((await postScan(t, english.headers, ours!)).statusCode).toBe(201);
    expect((await postScan(t, french.headers, theirs!)).statusCode).toBe(201);

    const rejected = await ops(t, '/rejections', { codes: [ours, theirs], reason_code: 'cracked', reason: 'Bottom chipped.' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data.rejected).toHaveLength(2);
    expect(await comments(english.headers)).toEqual([`${rejectReasonTexts.en.cracked} Bottom chipped.`]);
    expect(await comments(french.headers)).toEqual([`${rejectReasonTexts.fr.cracked} Bottom chipped.`]);
  });

  it('takes a listed reason alone, free text alone, and refuses neither or an unknown reason', async () => {
    const person = await customer(t);
    const [code] = await issue(t, 'us-oat-milk-1l', 1);
    expect((await postScan(t, person.headers, code!)).statusCode).toBe(201);
    expect((await ops(t, '/rejections', { codes: [code] })).statusCode).toBe(400);
    expect((await ops(t, '/rejections', { codes: [code], reason_code: 'melted' })).statusCode).toBe(400);
    expect((await ops(t, '/rejections', { codes: [code], reason_code: 'label_unreadable' })).statusCode).toBe(200);
    expect(await comments(person.headers)).toEqual([rejectReasonTexts.en.label_unreadable]);
  });
});

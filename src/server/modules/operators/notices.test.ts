import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { operatorNoticesSchema } from '#domain/schemas/operator-notices';
import { customer } from '../../testing/accounts';
import { databaseKinds } from '../../testing/databases';
import { signedInOperator } from '../../testing/operators';
import { withMailingApp, type TestSmtpServer } from '../../testing/smtp';
import type { TestApp } from '../../testing/test-app';
import { testOperatorKey } from '../../testing/wallet';

const seed = `
  INSERT INTO users (id, email, country_code, locale, created_at)
  VALUES (md5('notices-user')::uuid, 'notices@example.com', 'us', 'en-US', now());
  INSERT INTO disputes (id, user_id, status, reason, amount_minor, currency, created_at)
  SELECT md5('notices-dispute-' || d)::uuid, md5('notices-user')::uuid, 'OPEN', 'returned', 100, 'USD', now()
    FROM generate_series(1, 2) AS d;
  INSERT INTO withdrawals (user_id, idempotency_key, amount_minor, fee_minor, currency, method, status, created_at)
  SELECT md5('notices-user')::uuid, 'notices-' || w, 1000, 0, 'USD', 'PAYPAL', 'PENDING', now() FROM generate_series(1, 3) AS w;
`;

/** Moves the test clock forward to the next time the UTC clock shows this hour. */
function advanceToHour(t: TestApp, hour: number) {
  const now = t.clock.now();
  let target = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour);
  if (target <= now.getTime()) target += 24 * 3600 * 1000;
  t.clock.advance((target - now.getTime()) / 1000);
}

describe.each(databaseKinds)('mails to operators: the daily digest and requests for a second operator (%s)', (kind) => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  withMailingApp(
    kind,
    (app, server) => {
      t = app;
      smtp = server;
    },
    { env: { OPS_KEY: testOperatorKey, APPROVAL_LIMITS: '{"USD": "25.00"}' } },
  );

  const setNotices = (headers: Record<string, string>, payload: Record<string, string>) =>
    t.inject({ method: 'PUT', url: '/api/v2/ops/me/notices', headers, payload });

  it('each operator reads and chooses their own mails; a bad choice is a field error, a token has none to choose', async () => {
    const care = await signedInOperator(t, ['care']);
    const read = await t.inject({ method: 'GET', url: '/api/v2/ops/me/notices', headers: care.headers });
    expect(operatorNoticesSchema.parse(read.json()).data).toEqual({ digest: 'daily', approvals: 'immediate' });
    const changed = await setNotices(care.headers, { digest: 'off', approvals: 'digest' });
    expect(changed.statusCode, changed.body).toBe(200);
    const again = await t.inject({ method: 'GET', url: '/api/v2/ops/me/notices', headers: care.headers });
    expect(again.json().data).toEqual({ digest: 'off', approvals: 'digest' });
    const bad = await setNotices(care.headers, { digest: 'weekly', approvals: 'digest' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ digest: 'invalidValue' });
    const key = await t.inject({ method: 'GET', url: '/api/v2/ops/me/notices', headers: { 'x-ops-key': testOperatorKey } });
    expect([401, 403]).toContain(key.statusCode);
  });

  it('the digest: nothing when nothing waits, then once a day per operator, with their lists’ counts, in their language', async () => {
    const care = await signedInOperator(t, ['care'], 'care-digest@roundtrip.test', 'Camille');
    const finance = await signedInOperator(t, ['finance'], 'finance-digest@roundtrip.test', 'Fumiko');
    const quiet = await signedInOperator(t, ['care', 'finance'], 'quiet@roundtrip.test', 'Quentin');
    await t.db.execute(sql`UPDATE operators SET language = 'fr' WHERE email = ${care.email}`);
    await t.db.execute(sql`UPDATE operators SET language = 'ja' WHERE email = ${finance.email}`);
    expect((await setNotices(quiet.headers, { digest: 'off', approvals: 'immediate' })).statusCode).toBe(200);

    advanceToHour(t, 7);
    expect(await t.app.operatorDigests.runDue()).toBe(0);
    expect(smtp.mails.filter((mail) => mail.to.some((to) => to.endsWith('@roundtrip.test')))).toEqual([]);

    for (const statement of seed.split(';').filter((text) => text.trim() !== '')) await t.db.execute(sql.raw(statement));
    // Before the morning's hour, nothing goes out even though things wait.
    advanceToHour(t, 3);
    expect(await t.app.operatorDigests.runDue()).toBe(0);
    advanceToHour(t, 7);
    expect(await t.app.operatorDigests.runDue()).toBe(2);
    const [careMail] = smtp.mailsTo(care.email);
    expect(careMail?.subject).toBe('Roundtrip\u202F: 2 éléments attendent dans votre console');
    expect(careMail?.text).toContain('2 contestations ouvertes');
    expect(careMail?.text).not.toContain('réclamation');
    const [financeMail] = smtp.mailsTo(finance.email);
    expect(financeMail?.text).toContain('保留中の出金：3件');
    expect(financeMail?.text).not.toContain('異議申し立て');
    expect(smtp.mailsTo(quiet.email)).toEqual([]);

    // The same day again: nothing more.
    t.clock.advance(3600);
    expect(await t.app.operatorDigests.runDue()).toBe(0);
    expect(smtp.mailsTo(care.email)).toHaveLength(1);

    // The next day: one more each.
    advanceToHour(t, 7);
    expect(await t.app.operatorDigests.runDue()).toBe(2);
    expect(smtp.mailsTo(care.email)).toHaveLength(2);
    expect(smtp.mailsTo(finance.email)).toHaveLength(2);
    expect(smtp.mailsTo(quiet.email)).toEqual([]);
  });

  it('a request for a second operator mails the other approvers at once, not the requester, nor whoever turned it off', async () => {
    const requester = await signedInOperator(t, ['care'], 'requester@roundtrip.test', 'Rémi');
    const approver = await signedInOperator(t, ['care'], 'approver@roundtrip.test', 'Aiko');
    const digestOnly = await signedInOperator(t, ['care'], 'digest-only@roundtrip.test', 'Denis');
    const finance = await signedInOperator(t, ['finance'], 'not-an-approver@roundtrip.test', 'Fabien');
    await t.db.execute(sql`UPDATE operators SET language = 'ja' WHERE email = ${approver.email}`);
    expect((await setNotices(digestOnly.headers, { digest: 'daily', approvals: 'digest' })).statusCode).toBe(200);
    const person = await customer(t);

    const asked = await t.inject({
      method: 'POST',
      url: '/api/v2/ops/adjustments',
      headers: requester.headers,
      payload: { email: person.fields.email, amount: '30.00', comment: 'Goodwill' },
    });
    expect(asked.statusCode, asked.body).toBe(202);

    const mails = smtp.mailsTo(approver.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Roundtrip：2人目のオペレーターの承認待ちの申請があります');
    expect(mails[0]?.text).toContain(requester.email);
    expect(mails[0]?.text).toContain('$30.00');
    expect(mails[0]?.text).toContain(`${t.publicUrl}/ops/approvals`);
    expect(smtp.mailsTo(requester.email)).toEqual([]);
    expect(smtp.mailsTo(digestOnly.email)).toEqual([]);
    expect(smtp.mailsTo(finance.email)).toEqual([]);
  });
});

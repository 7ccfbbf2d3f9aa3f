import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balances, ledgerEntries, users } from '../../db/schema';
import { createRateLimits } from '../../http/rate-limit';
import { customer, login, loginTokens, refresh, signUp } from '../../testing/accounts';
import { databaseKinds } from '../../testing/databases';
import { findPersonalData } from '../../testing/personal-data';
import { looseLimitRules, type TestApp } from '../../testing/test-app';
import { createWalletTestApp, issue, ops, postScan } from '../../testing/wallet';
import { saveMethod, usBankAccount, verifiedCustomer, withdraw } from '../../testing/withdrawals';
import { deleteAccount, deletionRules } from './deletion';

const positiveBalanceMessage = 'You still have a positive balance. You must withdraw it before deleting your account.';
const pendingWithdrawalMessage =
  'A withdrawal of yours is still being paid out. You can delete your account once it is paid, or send your deletion request to customer care.';
const pendingScansMessage =
  'Containers you returned are still waiting for check-in, and their deposit may still be added to your balance. You can delete your account once they are checked in, or send your deletion request to customer care.';
const smallBalanceMessage =
  'Your balance is below the minimum withdrawal, so it cannot be paid out. To delete your account now, confirm that you give it up.';

describe.each(databaseKinds)('DELETE /api/v2/user on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createWalletTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const remove = (headers: Record<string, string>, payload: unknown) =>
    t.inject({ method: 'DELETE', url: '/api/v2/user', headers, payload: payload as object });
  const me = (headers: Record<string, string>) => t.inject({ method: 'GET', url: '/api/v2/user', headers });

  /** A customer whose balance is credited by a check-in of one container. */
  async function customerWithCredit() {
    const person = await customer(t);
    const [code] = await issue(t, 'us-oat-milk-1l');
    expect((await postScan(t, person.headers, code!)).statusCode).toBe(201);
    expect((await ops(t, '/checkins', { codes: [code] })).statusCode).toBe(200);
    return person;
  }

  async function debitToZero(userId: string, headers: Record<string, string>) {
    const balance = (await t.inject({ method: 'GET', url: '/api/v2/user/balance', headers })).json().data.balance.value as string;
    expect(
      (await ops(t, '/adjustments', { user_id: userId, amount: `-${balance}`, comment: 'Paid out by customer care' })).statusCode,
    ).toBe(201);
  }

  it('needs the box ticked and the password', async () => {
    const { headers } = await customer(t);
    const unticked = await remove(headers, { password: 'whatever-it-is' });
    expect(unticked.statusCode).toBe(400);
    expect(unticked.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { confirm: 'confirmDeletion' } });
    const falseBox = await remove(headers, { password: 'whatever-it-is', confirm: false });
    expect(falseBox.json().error.fields).toEqual({ confirm: 'confirmDeletion' });
    const noPassword = await remove(headers, { confirm: true });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().error.fields).toEqual({ password: 'enterValidPsw' });
    expect((await me(headers)).statusCode).toBe(200);
  });

  it('answers 422 LB_0102 "Wrong password" in the request language and deletes nothing', async () => {
    const { headers, user } = await customer(t);
    const wrong = await remove(headers, { password: 'not my password', confirm: true });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ error: { code: 'LB_0102', message: 'Wrong password', fields: { password: 'wrongPassword' } } });
    const french = await remove({ ...headers, 'accept-language': 'fr-FR' }, { password: 'not my password', confirm: true });
    expect(french.json().error.message).toBe('Mot de passe incorrect');
    expect((await me(headers)).json().data).toEqual(user);
  });

  it('needs a token', async () => {
    const response = await t.inject({ method: 'DELETE', url: '/api/v2/user', payload: { password: 'x', confirm: true } });
    expect(response.statusCode).toBe(401);
  });

  it('is blocked by a balance the person can withdraw, even when they offer to give it up', async () => {
    const { headers, fields, user } = await verifiedCustomer(t, { balance: '5.00' });
    const response = await remove(headers, { password: fields.password, confirm: true });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: { code: 'POSITIVE_BALANCE', message: positiveBalanceMessage } });
    const givingUp = await remove(headers, { password: fields.password, confirm: true, give_up_balance: true });
    expect(givingUp.json().error.code).toBe('POSITIVE_BALANCE');
    expect((await me(headers)).json().data).toEqual({ ...user, email_verified: true });
    expect((await t.inject({ method: 'GET', url: '/api/v2/user/balance', headers })).json().data.balance.value).toBe('5.00');
  });

  it('asks for a balance below the minimum withdrawal to be given up, then deletes with the ledger adding up to zero', async () => {
    const { headers, fields, user } = await verifiedCustomer(t, { balance: '4.99' });
    const kept = await remove(headers, { password: fields.password, confirm: true });
    expect(kept.statusCode).toBe(422);
    expect(kept.json()).toEqual({ error: { code: 'BALANCE_BELOW_MINIMUM', message: smallBalanceMessage } });
    const french = await remove({ ...headers, 'accept-language': 'fr-FR' }, { password: fields.password, confirm: true });
    expect(french.json().error.message).toBe(
      'Votre solde est inférieur au retrait minimum et ne peut donc pas être versé. Pour supprimer votre compte maintenant, confirmez que vous y renoncez.',
    );
    expect((await me(headers)).statusCode).toBe(200);

    const removed = await remove(headers, { password: fields.password, confirm: true, give_up_balance: true });
    expect(removed.statusCode).toBe(200);
    expect((await me(headers)).statusCode).toBe(401);
    const entries = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.id));
    expect(entries.map((entry) => [entry.kind, entry.amountMinor]).sort()).toEqual([
      ['ADJUSTMENT', -499],
      ['ADJUSTMENT', 499],
    ]);
    const [balance] = await t.db.select().from(balances).where(eq(balances.userId, user.id));
    expect(balance?.balanceMinor).toBe(0);
  });

  it('checks pending items before a small balance: a scan may still credit it', async () => {
    const { headers, fields } = await verifiedCustomer(t, { balance: '1.00' });
    const [code] = await issue(t, 'us-oat-milk-1l');
    expect((await postScan(t, headers, code!)).statusCode).toBe(201);
    const response = await remove(headers, { password: fields.password, confirm: true, give_up_balance: true });
    expect(response.json().error.code).toBe('PENDING_SCANS');
    expect((await t.inject({ method: 'GET', url: '/api/v2/user/balance', headers })).json().data.balance.value).toBe('1.00');
  });

  it('is blocked by a pending scan, and says so', async () => {
    const { headers, fields, user } = await customer(t);
    const [code] = await issue(t, 'us-oat-milk-1l');
    expect((await postScan(t, headers, code!)).statusCode).toBe(201);
    const response = await remove(headers, { password: fields.password, confirm: true });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: { code: 'PENDING_SCANS', message: pendingScansMessage } });
    const japanese = await remove({ ...headers, 'accept-language': 'ja' }, { password: fields.password, confirm: true });
    expect(japanese.json().error.message).toBe(
      '返却した容器がまだ受け取り確認待ちで、デポジットが残高に加算される可能性があります。確認が済んだ後にアカウントを削除できます。または、カスタマーケアに削除リクエストをお送りください。',
    );
    expect((await me(headers)).json().data).toEqual(user);
  });

  it('is blocked by a pending withdrawal; once paid out, deletion erases the bank details', async () => {
    const holder = `Ottoline Marsh ${randomBytes(4).toString('hex')}`;
    const person = await verifiedCustomer(t, { balance: '12.00' });
    const saved = await saveMethod(t, person.headers, 'TRANSFERWISE', { ...usBankAccount, name: holder });
    expect(saved.statusCode).toBe(200);
    const requested = await withdraw(t, person.headers, { amount: '12.00', withdraw_type: 'TRANSFERWISE' });
    expect(requested.statusCode).toBe(201);
    const withdrawalId = requested.json().data.id as string;

    const blocked = await remove(person.headers, { password: person.fields.password, confirm: true });
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json()).toEqual({ error: { code: 'PENDING_WITHDRAWAL', message: pendingWithdrawalMessage } });
    expect((await me(person.headers)).statusCode).toBe(200);

    expect((await ops(t, `/payouts/${withdrawalId}/complete`, {})).statusCode).toBe(200);
    expect((await findPersonalData(t.db, [holder])).length).toBeGreaterThan(0);
    const removed = await remove(person.headers, { password: person.fields.password, confirm: true });
    expect(removed.statusCode).toBe(200);
    expect(await findPersonalData(t.db, [holder, person.fields.email])).toEqual([]);
    const storedDetails = await t.db.execute(sql`select count(*)::int as count from payment_methods where user_id = ${person.user.id}`);
    expect((storedDetails as { rows: { count: number }[] }).rows[0]?.count).toBe(0);
  });

  it('erases every trace of the person, keeps the ledger unchanged and signs out every device', async () => {
    const tag = randomBytes(4).toString('hex');
    const name = `Zebediah Quill ${tag}`;
    const address = `742 Evergreen Terrace ${tag}`;
    const city = `Shelbyville${tag}`;
    const person = await customerWithCredit();
    const { fields, user } = person;
    const patched = await t.inject({
      method: 'PATCH',
      url: '/api/v2/user',
      headers: person.headers,
      payload: { name, address, city, state: 'OR' },
    });
    expect(patched.statusCode).toBe(200);
    // A second device, a rejected return, a data request, a reset link and a fresh code: all of it is theirs.
    const phone = await loginTokens(t, fields.email, fields.password);
    const [rejected] = await issue(t, 'us-oat-milk-1l');
    expect((await postScan(t, person.headers, rejected!)).statusCode).toBe(201);
    expect((await ops(t, '/rejections', { codes: [rejected], reason: 'Cracked lid' })).statusCode).toBe(200);
    const request = await t.inject({
      method: 'POST',
      url: '/api/v2/dsar',
      payload: {
        kind: 'access',
        name,
        email: fields.email.toUpperCase(),
        country_code: 'us',
        locale: 'en-US',
        message: `I live at ${address}, ${city}.`,
      },
    });
    expect(request.statusCode).toBe(201);
    expect((await t.inject({ method: 'POST', url: '/api/v2/user/reset_password', payload: { email: fields.email } })).statusCode).toBe(200);
    expect((await t.inject({ method: 'POST', url: '/api/v2/user/verification', headers: person.headers })).statusCode).toBe(200);
    // The address is the person's (verified), so requests filed under it are theirs to erase.
    await t.db.update(users).set({ emailVerifiedAt: t.clock.now() }).where(eq(users.id, user.id));
    await debitToZero(user.id, person.headers);

    const needles = [fields.email, name, address, city];
    // The search finds them while the account lives: an empty result below means erased, not missed.
    const before = await findPersonalData(t.db, needles);
    expect(before.some((hit) => hit.startsWith('public.users.email'))).toBe(true);
    expect(before.some((hit) => hit.startsWith('public.dsar_requests.message'))).toBe(true);
    const ledgerOf = async () =>
      (
        (await t.db.execute(
          sql`select count(*)::int as entries, coalesce(sum(amount_minor), 0)::int as total,
                     (select count(*)::int from ledger_entries) as all_entries,
                     (select coalesce(sum(amount_minor), 0)::int from ledger_entries) as all_total
              from ledger_entries where user_id = ${user.id}`,
        )) as { rows: unknown[] }
      ).rows[0];
    const ledgerBefore = await ledgerOf();
    expect(ledgerBefore).toMatchObject({ entries: 2, total: 0 });

    const response = await remove(person.headers, { password: fields.password, confirm: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { deleted: true } });

    expect(await findPersonalData(t.db, needles)).toEqual([]);
    expect(await ledgerOf()).toEqual(ledgerBefore);
    const [kept] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(kept).toMatchObject({
      email: null,
      name: null,
      passwordHash: null,
      zipCode: null,
      address: null,
      city: null,
      state: null,
      countryCode: 'us',
    });
    expect(kept?.deletedAt).toBeInstanceOf(Date);
    const [balance] = await t.db.select().from(balances).where(eq(balances.userId, user.id));
    expect(balance?.balanceMinor).toBe(0);
    expect(await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.id))).toHaveLength(2);

    // The database itself refuses a scan for the erased account (a request racing the deletion).
    const [late] = await issue(t, 'us-oat-milk-1l');
    const refused = await t.db
      .execute(
        sql`insert into scans (id, user_id, container_code, product_id, status, scanned_at) values (gen_random_uuid(), ${user.id}, ${late!}, 'us-oat-milk-1l', 'PENDING', now())`,
      )
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(String((refused as { cause?: unknown })?.cause ?? refused)).toMatch(/account .* is deleted/);
    expect(await ledgerOf()).toEqual(ledgerBefore);

    // Every device is signed out, and nothing signs in again.
    for (const headers of [person.headers, { authorization: `Bearer ${phone.access_token}` }])
      expect((await me(headers)).statusCode).toBe(401);
    for (const token of [person.tokens.refresh_token, phone.refresh_token])
      expect((await refresh(t, token)).json().error).toBe('invalid_grant');
    expect((await login(t, fields.email, fields.password)).json().error).toBe('invalid_grant');
    // The address is free for a new account.
    const again = await signUp(t, { email: fields.email });
    expect(again.user.id).not.toBe(user.id);
  });

  it("never erases another person's request: an account that never verified the address leaves its requests alone", async () => {
    const tag = randomBytes(4).toString('hex');
    const victim = `victim.${tag}@example.com`;
    const filed = await t.inject({
      method: 'POST',
      url: '/api/v2/dsar',
      payload: {
        kind: 'deletion',
        name: `Real Owner ${tag}`,
        email: victim,
        country_code: 'us',
        locale: 'en-US',
        message: `Please erase me ${tag}`,
      },
    });
    expect(filed.statusCode).toBe(201);
    // Someone else signs up with that address, never verifies it, reads the export, then deletes the account.
    const impostor = await customer(t, { email: victim });
    const exported = (await t.inject({ method: 'GET', url: '/api/v2/user/export', headers: impostor.headers })).json();
    expect(exported.data_requests).toEqual([]);
    expect(JSON.stringify(exported)).not.toContain(`Real Owner ${tag}`);
    expect((await remove(impostor.headers, { password: impostor.fields.password, confirm: true })).statusCode).toBe(200);
    expect((await findPersonalData(t.db, [`Real Owner ${tag}`, `Please erase me ${tag}`])).sort()).toEqual([
      expect.stringMatching(/^public\.dsar_requests\.message/),
      expect.stringMatching(/^public\.dsar_requests\.name/),
    ]);
  });

  it('runs as one transaction: a failing step leaves the account as it was', async () => {
    const { headers, fields, user } = await customer(t);
    const rateLimits = createRateLimits(looseLimitRules, undefined);
    const failingLast = async () => {
      throw new Error('disk full');
    };
    await expect(
      deleteAccount(
        { db: t.db, rateLimits, now: () => t.clock.now() },
        { userId: user.id, password: fields.password },
        { ...deletionRules, steps: [...deletionRules.steps, failingLast] },
      ),
    ).rejects.toThrow('disk full');
    await rateLimits.close();
    expect((await me(headers)).json().data).toEqual(user);
    expect((await login(t, fields.email, fields.password)).statusCode).toBe(200);
  });
});

describe.runIf(databaseKinds.includes('postgres'))('a scan racing the deletion on postgres', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createWalletTestApp('postgres');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('waits for the deletion, then is refused: no pending scan lands on an erased account', async () => {
    const { user, headers, fields } = await customer(t);
    const [code] = await issue(t, 'us-oat-milk-1l');
    let scan: Promise<unknown> | undefined;
    await t.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
      // The scan's insert now waits on the row lock held by this transaction.
      scan = postScan(t, headers, code!);
      for (;;) {
        const result = (await t.db.execute(
          sql`select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%insert into scans%'`,
        )) as { rows: { waiting: number }[] };
        if (Number(result.rows[0]?.waiting) > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      for (const step of deletionRules.steps) await step(tx, user.id);
    });
    const response = (await scan) as { statusCode: number };
    expect(response.statusCode).not.toBe(201);
    const [pending] = (
      (await t.db.execute(sql`select count(*)::int as n from scans where user_id = ${user.id}`)) as { rows: { n: number }[] }
    ).rows;
    expect(Number(pending?.n)).toBe(0);
    expect((await login(t, fields.email, fields.password)).statusCode).toBe(400);
  });
});

import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerNews, notificationSettings, pushSubscriptions, withdrawals } from '../../db/schema';
import { bearer, customer, loginTokens } from '../../testing/accounts';
import { databaseKinds } from '../../testing/databases';
import { startTestPushService, type TestPushService, type TestSubscription } from '../../testing/push-service';
import { startTestSmtpServer, type TestSmtpServer } from '../../testing/smtp';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createWalletTestApp, issue, ops, postScan } from '../../testing/wallet';
import { saveMethod, usBankAccount, verifiedCustomer, withdraw } from '../../testing/withdrawals';
import { deliveryRules } from './dispatcher';

describe.each(databaseKinds)('notifications on %s', (kind) => {
  let t: TestApp;
  let push: TestPushService;
  let smtp: TestSmtpServer;
  let subscriptionCount = 0;
  // Several instances on one database share the payment-data key, as in production.
  const env = { PUBLIC_URL: 'http://localhost:8080', PAYMENT_DATA_KEY: randomBytes(32).toString('base64') };

  beforeAll(async () => {
    push = await startTestPushService();
    smtp = await startTestSmtpServer();
    // A local address: the test push service is plain http on loopback, as a local demo may be.
    t = await createWalletTestApp(kind, { ...env, SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
    await smtp?.close();
  });

  /** A customer whose browser opted in to push. */
  async function subscribed(overrides: Parameters<typeof customer>[1] = {}) {
    const person = await customer(t, overrides);
    const subscription = push.subscribe(`phone-${(subscriptionCount += 1)}`);
    const response = await t.inject({
      method: 'POST',
      url: '/api/v2/user/push_subscriptions',
      headers: person.headers,
      payload: subscription.json,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toEqual({ email: false, push_endpoints: [subscription.json.endpoint] });
    return { ...person, subscription };
  }
  const pushesTo = (subscription: TestSubscription) => push.received.filter((message) => message.subscription === subscription.name);
  /** Past the pause a customer's pushes keep between them. */
  const afterPushInterval = () => t.clock.advance(deliveryRules.pushIntervalSeconds + 1);

  async function scanned(headers: Record<string, string>, productId: string, count: number): Promise<string[]> {
    const codes = await issue(t, productId, count);
    for (const code of codes) expect((await postScan(t, headers, code)).statusCode).toBe(201);
    return codes;
  }

  it('a check-in reaches the phone, decrypted, in the customer language, opening its history row; the app lists it until read', async () => {
    const person = await subscribed({ country_code: 'fr', locale: 'fr-FR', zip_code: '69002', name: 'Camille Martin' });
    const codes = await scanned(person.headers, 'fr-jus-pomme-1l', 2);
    const checkin = await ops(t, '/checkins', { codes });
    expect(checkin.statusCode).toBe(200);
    const batch = checkin.json().data.batch_id as string;
    // Nothing was sent by the check-in itself: news is stored with the money, delivered after.
    expect(pushesTo(person.subscription)).toHaveLength(0);

    await t.notifications.deliverDue();
    expect(push.refused).toEqual([]);
    const [message] = pushesTo(person.subscription);
    expect(message?.vapidKey).toBe(t.vapid?.publicKey);
    expect(message?.claims.aud).toBe(push.origin);
    expect(message?.ttl).toBeGreaterThan(0);
    expect(message?.payload).toEqual({
      title: 'Consigne créditée',
      body: expect.stringMatching(/^2 contenants enregistrés\u202F: 1,00\s€ ajoutés à votre solde\.$/),
      url: `/fr/user/account?row=${encodeURIComponent(`scan-batch:${batch}`)}`,
      tag: `scan-batch:${batch}`,
      icon: '/icons/icon-192.png',
      lang: 'fr-FR',
    });
    // Delivered once: a second pass finds nothing.
    afterPushInterval();
    await t.notifications.deliverDue();
    expect(pushesTo(person.subscription)).toHaveLength(1);

    const news = await t.inject({ method: 'GET', url: '/api/v2/user/news', headers: person.headers });
    expect(news.statusCode).toBe(200);
    expect(news.json().meta).toEqual({ unread: 1 });
    expect(news.json().data).toEqual([
      expect.objectContaining({
        kind: 'SCAN_CREDITED',
        row_id: `scan-batch:${batch}`,
        read: false,
        count: 2,
        amount: { currency: 'EUR', value: expect.any(String) },
      }),
    ]);
    const read = await t.inject({
      method: 'POST',
      url: '/api/v2/user/news/read',
      headers: person.headers,
      payload: { ids: [news.json().data[0].id] },
    });
    expect(read.json()).toEqual({ data: { unread: 0 } });
    // Another customer's news is not theirs to read or mark.
    const other = await customer(t);
    expect((await t.inject({ method: 'GET', url: '/api/v2/user/news', headers: other.headers })).json()).toEqual({
      data: [],
      meta: { unread: 0 },
    });
    // No mail: the preference is off by default.
    expect(smtp.mailsTo(person.fields.email).filter((mail) => mail.subject === 'Consigne créditée')).toHaveLength(0);
  });

  it('mails the news only to a customer who asked for it on the profile', async () => {
    const person = await verifiedCustomer(t, { balance: '20.00' });
    const preference = await t.inject({
      method: 'PATCH',
      url: '/api/v2/user/notification_settings',
      headers: person.headers,
      payload: { email: true },
    });
    expect(preference.json()).toEqual({ data: { email: true, push_endpoints: [] } });
    const [code] = await scanned(person.headers, 'us-oat-milk-1l', 1);
    expect((await ops(t, '/rejections', { codes: [code], reason: 'Cracked lid' })).statusCode).toBe(200);
    await t.notifications.deliverDue();
    const mail = await smtp.waitForMail(person.fields.email, { match: (received) => received.subject === 'Return not accepted' });
    expect(mail.text).toContain('A container you scanned was not accepted: Cracked lid');
    expect(mail.text).toMatch(/http:\/\/localhost:8080\/us\/user\/account\?row=scan%3A[0-9a-f-]{36}/);
    expect(mail.text).toContain('http://localhost:8080/us/user/profile');

    // Turned off: the next news (a withdrawal paid) is in the app, not in the mailbox.
    await t.inject({ method: 'PATCH', url: '/api/v2/user/notification_settings', headers: person.headers, payload: { email: false } });
    expect((await saveMethod(t, person.headers, 'TRANSFERWISE', usBankAccount)).statusCode).toBe(200);
    const requested = await withdraw(t, person.headers, { amount: '12.00' });
    expect(requested.statusCode).toBe(201);
    expect((await ops(t, `/payouts/${requested.json().data.id}/complete`, {})).statusCode).toBe(200);
    afterPushInterval();
    await t.notifications.deliverDue();
    const news = (await t.inject({ method: 'GET', url: '/api/v2/user/news', headers: person.headers })).json();
    expect(news.data.map((item: { kind: string }) => item.kind)).toEqual(['WITHDRAWAL_PAID', 'SCAN_REJECTED']);
    expect(news.data[0]).toMatchObject({ row_id: `withdrawal:${requested.json().data.id}`, amount: { currency: 'USD', value: '12.00' } });
    expect(smtp.mailsTo(person.fields.email).filter((received) => received.subject === 'Withdrawal paid')).toHaveLength(0);
    const [row] = await t.db
      .select()
      .from(customerNews)
      .where(eq(customerNews.rowId, `withdrawal:${requested.json().data.id}`));
    expect(row?.mailHandledAt).not.toBeNull();
  });

  it('a withdrawal that fails is news with its reason; a Japanese customer reads it in Japanese', async () => {
    const person = await verifiedCustomer(t, { balance: '5000', overrides: { country_code: 'jp', locale: 'ja-JP', zip_code: '100-0001' } });
    const subscription = push.subscribe('phone-jp');
    await t.inject({ method: 'POST', url: '/api/v2/user/push_subscriptions', headers: person.headers, payload: subscription.json });
    expect(
      (
        await saveMethod(t, person.headers, 'TRANSFERWISE', {
          bank_code: '0005',
          branch_code: '123',
          account_number: '1234567',
          account_type: 'ordinary',
          account_name: 'タナカ ユイ',
        })
      ).statusCode,
    ).toBe(200);
    await t.inject({ method: 'PATCH', url: '/api/v2/user/notification_settings', headers: person.headers, payload: { email: true } });
    const requested = await withdraw(t, person.headers, { amount: '3000' });
    expect((await ops(t, `/payouts/${requested.json().data.id}/fail`, { reason: '口座が解約済み' })).statusCode).toBe(200);
    await t.notifications.deliverDue();
    const mail = await smtp.waitForMail(person.fields.email, {
      match: (received) => received.subject === '出金を完了できませんでした',
    });
    expect(mail.text).toContain('3,000を残高に戻しました。理由：口座が解約済み');
    expect(mail.text).toContain('アプリで開く：http://localhost:8080/jp/user/account?row=withdrawal%3A');
    expect(pushesTo(subscription)[0]?.payload).toMatchObject({
      title: '出金を完了できませんでした',
      body: expect.stringContaining('口座が解約済み'),
      url: `/jp/user/account?row=${encodeURIComponent(`withdrawal:${requested.json().data.id}`)}`,
      lang: 'ja-JP',
    });
  });

  it('many events at once make one push that opens the news list; the next waits a little after it', async () => {
    const person = await subscribed();
    const codes = await scanned(person.headers, 'us-oat-milk-1l', 4);
    // Three operations, three transactions, before delivery runs.
    await ops(t, '/rejections', { codes: [codes[0]], reason: 'Cracked' });
    await ops(t, '/rejections', { codes: [codes[1]], reason: 'Wrong bin' });
    await ops(t, '/checkins', { codes: [codes[2]] });
    await t.notifications.deliverDue();
    expect(pushesTo(person.subscription)).toHaveLength(1);
    expect(pushesTo(person.subscription)[0]?.payload).toMatchObject({
      title: '3 updates on your Roundtrip account',
      body: 'Return not accepted · Return not accepted · Deposit credited',
      url: '/us/user/news',
      tag: 'news',
    });
    // One more right after: held back until the pause since the last push is over.
    await ops(t, '/checkins', { codes: [codes[3]] });
    await t.notifications.deliverDue();
    expect(pushesTo(person.subscription)).toHaveLength(1);
    afterPushInterval();
    await t.notifications.deliverDue();
    expect(pushesTo(person.subscription)).toHaveLength(2);
    expect(pushesTo(person.subscription)[1]?.payload).toMatchObject({
      title: 'Deposit credited',
      body: '1 container checked in: $0.75 added to your balance.',
    });
  });

  it('drops a subscription the push service says is gone (410, 404)', async () => {
    const person = await subscribed();
    push.answerNext(person.subscription.name, 410);
    const [code] = await scanned(person.headers, 'us-oat-milk-1l', 1);
    await ops(t, '/checkins', { codes: [code] });
    await t.notifications.deliverDue();
    const settings = await t.inject({ method: 'GET', url: '/api/v2/user/notification_settings', headers: person.headers });
    expect(settings.json().data.push_endpoints).toEqual([]);
    // Nothing left to retry: the news is handled and stays in the app.
    const [row] = await t.db.select().from(customerNews).where(eq(customerNews.userId, person.user.id));
    expect(row?.pushHandledAt).not.toBeNull();
    expect((await t.db.select().from(notificationSettings).where(eq(notificationSettings.userId, person.user.id)))[0]?.dueAt).toBeNull();
  });

  it('tries a failed push again with backoff, and gives up after the last retry', async () => {
    const person = await subscribed();
    push.answerNext(person.subscription.name, 500, 503);
    const [code] = await scanned(person.headers, 'us-oat-milk-1l', 1);
    await ops(t, '/checkins', { codes: [code] });
    await t.notifications.deliverDue(); // 500
    expect(pushesTo(person.subscription)).toHaveLength(0);
    const [first, second] = deliveryRules.retryDelaysSeconds;
    t.clock.advance(first - 1);
    await t.notifications.deliverDue();
    expect(pushesTo(person.subscription)).toHaveLength(0);
    t.clock.advance(1);
    await t.notifications.deliverDue(); // 503
    t.clock.advance(second);
    await t.notifications.deliverDue(); // 201
    expect(pushesTo(person.subscription)).toHaveLength(1);
    expect(pushesTo(person.subscription)[0]?.payload).toMatchObject({ title: 'Deposit credited' });

    // A service that keeps failing: given up after the last retry, the news stays listed in the app.
    const stubborn = await subscribed();
    push.answerNext(stubborn.subscription.name, ...Array.from({ length: 10 }, () => 500));
    const [another] = await scanned(stubborn.headers, 'us-oat-milk-1l', 1);
    await ops(t, '/checkins', { codes: [another] });
    await t.notifications.deliverDue();
    for (const delay of deliveryRules.retryDelaysSeconds) {
      t.clock.advance(delay);
      await t.notifications.deliverDue();
    }
    const [row] = await t.db.select().from(customerNews).where(eq(customerNews.userId, stubborn.user.id));
    expect(row?.pushHandledAt).not.toBeNull();
    expect((await t.db.select().from(notificationSettings).where(eq(notificationSettings.userId, stubborn.user.id)))[0]).toMatchObject({
      dueAt: null,
      attempts: 0,
    });
    // (Signed in again: the clock moved past the access token's life.)
    const headers = bearer((await loginTokens(t, stubborn.fields.email)).access_token);
    expect((await t.inject({ method: 'GET', url: '/api/v2/user/news', headers })).json().meta.unread).toBe(1);
  });

  it('news is written with the money or not at all: a settlement that rolls back leaves none', async () => {
    const person = await verifiedCustomer(t, { balance: '20.00' });
    await saveMethod(t, person.headers, 'TRANSFERWISE', usBankAccount);
    const requested = await withdraw(t, person.headers, { amount: '10.00' });
    const id = requested.json().data.id as string;
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(withdrawals).set({ status: 'COMPLETED' }).where(eq(withdrawals.id, id));
        throw new Error('the payout provider said no');
      }),
    ).rejects.toThrow('the payout provider said no');
    expect(await t.db.select().from(customerNews).where(eq(customerNews.userId, person.user.id))).toEqual([]);
  });

  it('two servers on one database deliver each piece of news once; a server started later delivers what was waiting', async () => {
    const person = await subscribed();
    const codes = await scanned(person.headers, 'us-oat-milk-1l', 1);
    afterPushInterval();
    await ops(t, '/checkins', { codes });
    const database = { db: t.db, kind, close: async () => undefined };
    const second = await createTestApp(kind, { database, env, vapid: t.vapid! });
    const third = await createTestApp(kind, { database, env, vapid: t.vapid! });
    try {
      second.clock.advance(deliveryRules.pushIntervalSeconds * 10);
      third.clock.advance(deliveryRules.pushIntervalSeconds * 10);
      await Promise.all([
        second.notifications.deliverDue(),
        third.notifications.deliverDue(),
        second.notifications.deliverDue(),
        third.notifications.deliverDue(),
      ]);
    } finally {
      await second.close();
      await third.close();
    }
    expect(pushesTo(person.subscription)).toHaveLength(1);
  });

  it('news claimed by an instance that died is delivered by another once its lease runs out', async () => {
    const person = await subscribed();
    const [code] = await scanned(person.headers, 'us-oat-milk-1l', 1);
    await ops(t, '/checkins', { codes: [code] });
    // What a claim leaves behind when its instance stops before recording anything.
    const leaseEnd = new Date(t.clock.now().getTime() + deliveryRules.leaseSeconds * 1000);
    await t.db.update(notificationSettings).set({ dueAt: leaseEnd, attempts: 1 }).where(eq(notificationSettings.userId, person.user.id));
    await t.notifications.deliverDue();
    expect(pushesTo(person.subscription)).toHaveLength(0);
    t.clock.advance(deliveryRules.leaseSeconds);
    await t.notifications.deliverDue();
    expect(pushesTo(person.subscription)).toHaveLength(1);
  });

  it('a resolved dispute is one more insert: texts and delivery follow', async () => {
    const person = await subscribed({ country_code: 'fr', locale: 'fr-FR', zip_code: '69002' });
    await t.db.execute(sql`
      insert into customer_news (user_id, kind, row_id, params)
      values (${person.user.id}, 'DISPUTE_RESOLVED', 'scan:00000000-0000-4000-8000-000000000000',
              jsonb_build_object('outcome', 'credited', 'amount_minor', 150, 'currency', 'EUR'))`);
    afterPushInterval();
    await t.notifications.deliverDue();
    expect(pushesTo(person.subscription)[0]?.payload).toMatchObject({
      title: 'Votre contestation est acceptée',
      body: expect.stringMatching(/^1,50\s€ ajoutés à votre solde\.$/),
    });
  });

  it('opting out removes the subscription; signing out drops the ones that sign-in made', async () => {
    const person = await subscribed();
    const endpoint = person.subscription.json.endpoint;
    const out = await t.inject({
      method: 'DELETE',
      url: '/api/v2/user/push_subscriptions',
      headers: person.headers,
      payload: { endpoint },
    });
    expect(out.json()).toEqual({ data: { email: false, push_endpoints: [] } });
    // Subscribing twice is one subscription.
    const again = () =>
      t.inject({ method: 'POST', url: '/api/v2/user/push_subscriptions', headers: person.headers, payload: person.subscription.json });
    expect((await again()).statusCode).toBe(201);
    expect((await again()).statusCode).toBe(200);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).toHaveLength(1);
    // Another sign-in of the same person keeps it; the revocation of this one removes it.
    await loginTokens(t, person.fields.email);
    await t.inject({ method: 'POST', url: '/api/v2/oauth/revoke', payload: { token: person.tokens.refresh_token } });
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).toEqual([]);
  });

  it('the export holds the news and the preference; deleting the account erases them and the subscriptions', async () => {
    const person = await subscribed();
    await t.inject({ method: 'PATCH', url: '/api/v2/user/notification_settings', headers: person.headers, payload: { email: true } });
    const [code] = await scanned(person.headers, 'us-oat-milk-1l', 1);
    await ops(t, '/rejections', { codes: [code], reason: 'Cracked' });
    const exported = (await t.inject({ method: 'GET', url: '/api/v2/user/export', headers: person.headers })).json();
    expect(exported.notifications).toEqual({
      email: true,
      news: [expect.objectContaining({ kind: 'SCAN_REJECTED', reason: 'Cracked' })],
      push_subscriptions: [{ push_service: push.origin, subscribed_at: expect.any(String) }],
    });
    const deleted = await t.inject({
      method: 'DELETE',
      url: '/api/v2/user',
      headers: person.headers,
      payload: { password: person.fields.password, confirm: true },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await t.db.select().from(customerNews).where(eq(customerNews.userId, person.user.id))).toEqual([]);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, person.user.id))).toEqual([]);
    expect(await t.db.select().from(notificationSettings).where(eq(notificationSettings.userId, person.user.id))).toEqual([]);
  });

  it('refuses malformed subscriptions and answers 401 without a token', async () => {
    const person = await customer(t);
    const bad = await t.inject({
      method: 'POST',
      url: '/api/v2/user/push_subscriptions',
      headers: person.headers,
      payload: { endpoint: 'ftp://push.example/x', keys: { p256dh: 'short', auth: 'short' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ endpoint: 'invalidValue', 'keys.p256dh': 'invalidValue', 'keys.auth': 'invalidValue' });
    expect((await t.inject({ method: 'GET', url: '/api/v2/user/news' })).statusCode).toBe(401);
    const key = await t.inject({ method: 'GET', url: '/api/v2/push/public_key' });
    expect(key.json()).toEqual({ data: { public_key: t.vapid?.publicKey } });
  });
});

describe('notifications on a public address', () => {
  it('takes only https endpoints of push services, and says when push is off', async () => {
    const t = await createWalletTestApp('pglite');
    const off = await createTestApp('pglite', { vapid: false });
    try {
      const person = await customer(t);
      const push = await startTestPushService();
      const subscription = push.subscribe('plain-http');
      const refused = await t.inject({
        method: 'POST',
        url: '/api/v2/user/push_subscriptions',
        headers: person.headers,
        payload: subscription.json,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields).toEqual({ endpoint: 'invalidValue' });
      const https = { ...subscription.json, endpoint: 'https://fcm.googleapis.com/fcm/send/abc' };
      expect(
        (await t.inject({ method: 'POST', url: '/api/v2/user/push_subscriptions', headers: person.headers, payload: https })).statusCode,
      ).toBe(201);
      await push.close();

      const offPerson = await customer(off);
      expect((await off.inject({ method: 'GET', url: '/api/v2/push/public_key' })).json()).toEqual({ data: { public_key: null } });
      const unavailable = await off.inject({
        method: 'POST',
        url: '/api/v2/user/push_subscriptions',
        headers: { ...offPerson.headers, 'accept-language': 'fr' },
        payload: https,
      });
      expect(unavailable.statusCode).toBe(409);
      expect(unavailable.json().error).toMatchObject({
        code: 'PUSH_UNAVAILABLE',
        message: 'Les notifications sur le téléphone ne sont pas disponibles sur ce serveur.',
      });
    } finally {
      await t.close();
      await off.close();
    }
  }, 90_000);
});

import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions, sessionFamilies } from '../../db/schema';
import { customer } from '../../testing/accounts';
import { databaseKinds } from '../../testing/databases';
import { startTestPushService, type TestPushService } from '../../testing/push-service';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createWalletTestApp } from '../../testing/wallet';
import { deliveryRules } from './dispatcher';
import { isSendableAddress, type PushEndpointPolicy, type PushResolver } from './push-endpoints';
import { createWebPushSender } from './push-sender';
import { ensureLocalVapidKeys } from './vapid';

const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
/** A real subscription's keys (the sender encrypts to them), from the test push service. */
function subscriptionOf(push: TestPushService, name: string) {
  return push.subscribe(name).json;
}

/** A listener on loopback that counts connections and answers as told (or never). */
async function startListener(answer: ((socket: Socket) => void) | 'never') {
  let connections = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer();
  server.on('connection', (socket) => {
    connections += 1;
    sockets.add(socket);
    if (answer !== 'never') answer(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('push subscription addresses on a public server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createWalletTestApp('pglite');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });
  const subscribe = (headers: Record<string, string>, endpoint: string) =>
    t.inject({ method: 'POST', url: '/api/v2/user/push_subscriptions', headers, payload: { endpoint, expirationTime: null, keys } });

  it('takes only https addresses on the browsers’ push services', async () => {
    const person = await customer(t);
    for (const endpoint of [
      'https://127.0.0.1:8443/push',
      'https://10.0.0.1:8443/admin',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/push',
      'https://intranet.corp.example/push',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://fcm.googleapis.com.attacker.example/fcm/send/abc',
      'https://attackerfcm.googleapis.com.example/x',
      'https://user:pass@fcm.googleapis.com/fcm/send/abc',
    ]) {
      const refused = await subscribe(person.headers, endpoint);
      expect(refused.statusCode, endpoint).toBe(400);
      expect(refused.json().error.fields, endpoint).toEqual({ endpoint: 'invalidValue' });
    }
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGx3',
      'https://wns2-by3p.notify.windows.com/w/?token=BQYAAA',
    ]) {
      expect((await subscribe(person.headers, endpoint)).statusCode, endpoint).toBe(201);
    }
  });

  it('answers 400, not 500, to an over-long or non-ASCII address', async () => {
    const person = await customer(t);
    const long = await subscribe(person.headers, `https://fcm.googleapis.com/fcm/send/${'a'.repeat(3000)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toEqual({ endpoint: 'tooLong' });
    const wide = await subscribe(person.headers, `https://fcm.googleapis.com/fcm/send/${'é'.repeat(1500)}`);
    expect(wide.statusCode).toBe(400);
  });

  it('keeps the newest 10 subscriptions of a customer', async () => {
    const person = await customer(t);
    const endpoints = Array.from({ length: 12 }, (_, index) => `https://fcm.googleapis.com/fcm/send/cap-${index}`);
    for (const endpoint of endpoints) {
      expect((await subscribe(person.headers, endpoint)).statusCode).toBe(201);
      t.clock.advance(1);
    }
    const settings = await t.inject({ method: 'GET', url: '/api/v2/user/notification_settings', headers: person.headers });
    expect([...settings.json().data.push_endpoints].sort()).toEqual(endpoints.slice(2).sort());
  });

  it('moves a subscription to another account only when its keys match', async () => {
    const owner = await customer(t);
    const rival = await customer(t);
    const endpoint = 'https://fcm.googleapis.com/fcm/send/owned-by-one';
    expect((await subscribe(owner.headers, endpoint)).statusCode).toBe(201);
    const stolen = await t.inject({
      method: 'POST',
      url: '/api/v2/user/push_subscriptions',
      headers: rival.headers,
      payload: { endpoint, expirationTime: null, keys: { p256dh: `B${'C'.repeat(86)}`, auth: 'C'.repeat(22) } },
    });
    expect(stolen.statusCode).toBe(400);
    const [row] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    expect(row).toMatchObject({ userId: owner.user.id, p256dh: keys.p256dh });
    // The same browser (same keys) signed in to another account: it moves.
    expect((await subscribe(rival.headers, endpoint)).statusCode).toBe(200);
    const [moved] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    expect(moved?.userId).toBe(rival.user.id);
  });

  it('PUSH_SERVICE_HOSTS replaces the list of push services', async () => {
    const own = await createTestApp('pglite', { env: { PUSH_SERVICE_HOSTS: 'push.example.net' } });
    try {
      const person = await customer(own);
      const post = (endpoint: string) =>
        own.inject({ method: 'POST', url: '/api/v2/user/push_subscriptions', headers: person.headers, payload: { endpoint, keys } });
      expect((await post('https://eu.push.example.net/s/1')).statusCode).toBe(201);
      expect((await post('https://fcm.googleapis.com/fcm/send/abc')).statusCode).toBe(400);
    } finally {
      await own.close();
    }
  }, 90_000);

  it('a subscription creation is rate-limited per customer', async () => {
    const limited = await createTestApp('pglite', { limitRules: { pushSubscriptionsPerUser: { points: 3, windowSeconds: 3600 } } });
    try {
      const person = await customer(limited);
      const post = (index: number) =>
        limited.inject({
          method: 'POST',
          url: '/api/v2/user/push_subscriptions',
          headers: person.headers,
          payload: { endpoint: `https://fcm.googleapis.com/fcm/send/limit-${index}`, keys },
        });
      for (const index of [1, 2, 3]) expect((await post(index)).statusCode).toBe(201);
      expect((await post(4)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  }, 90_000);
});

describe('a push at send time', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'roundtrip-push-'));
  const vapid = { ...ensureLocalVapidKeys(dataDir), subject: 'mailto:push@roundtrip.test' };
  const payload = { title: 't', body: 'b', url: '/us/user/news', tag: 'news', icon: '/icons/icon-192.png', lang: 'en-US' };
  let push: TestPushService;
  beforeAll(async () => {
    push = await startTestPushService();
  });
  afterAll(async () => {
    await push?.close();
  });

  it('is refused before any connection when the push host resolves to a private, loopback, link-local or metadata address', async () => {
    const listener = await startListener((socket) => socket.end('HTTP/1.1 201 Created\r\ncontent-length: 0\r\n\r\n'));
    try {
      const policy: PushEndpointPolicy = { hosts: ['push.example.net'], allowLoopback: false };
      for (const answers of [
        [{ address: '127.0.0.1', family: 4 }],
        [{ address: '10.0.0.1', family: 4 }],
        [{ address: '169.254.169.254', family: 4 }],
        [{ address: '192.168.1.20', family: 4 }],
        [{ address: '::ffff:127.0.0.1', family: 6 }],
        [{ address: 'fd00:ec2::254', family: 6 }],
        [{ address: 'fe80::1', family: 6 }],
        // One private answer among public ones is enough to refuse.
        [
          { address: '142.250.0.10', family: 4 },
          { address: '127.0.0.1', family: 4 },
        ],
      ]) {
        const resolve: PushResolver = async () => answers;
        const sender = createWebPushSender(vapid, { policy, resolve });
        const target = { ...subscriptionOf(push, 'probe').keys, endpoint: `https://push.example.net:${listener.port}/x` };
        // The port is not the push service's default: refused on the address alone.
        expect(await sender.send(target, payload)).toMatchObject({ kind: 'refused' });
        const onDefaultPort = { ...target, endpoint: 'https://push.example.net/x' };
        expect(await sender.send(onDefaultPort, payload), JSON.stringify(answers)).toMatchObject({ kind: 'refused' });
      }
      expect(listener.connections()).toBe(0);
    } finally {
      await listener.close();
    }
  });

  it('judges an IPv6 address that carries an IPv4 one (compatible, mapped, translated, NAT64, 6to4) by that IPv4 address, before any connection', async () => {
    const listener = await startListener((socket) => socket.end('HTTP/1.1 201 Created\r\ncontent-length: 0\r\n\r\n'));
    try {
      const policy: PushEndpointPolicy = { hosts: ['push.example.net'], allowLoopback: false };
      const carriers = [
        '::a00:5', // IPv4-compatible 10.0.0.5
        '::7f00:1', // IPv4-compatible 127.0.0.1
        '::a9fe:a9fe', // IPv4-compatible 169.254.169.254
        '2002:a00:5::1', // 6to4 of 10.0.0.5
        '2002:a9fe:a9fe::', // 6to4 of the metadata address
        '2002:c0a8:114::1', // 6to4 of 192.168.1.20
        '::ffff:10.0.0.5', // IPv4-mapped, both spellings
        '::ffff:a00:5',
        '::ffff:0:a00:5', // IPv4-translated (SIIT)
        '64:ff9b::10.0.0.5', // NAT64
        '64:ff9b::a9fe:a9fe',
        '64:ff9b:1::a00:5', // local-use NAT64 prefix (RFC 8215): never a push service's
        '2001:0:4136:e378:8000:63bf:f5ff:fffa', // Teredo, which hides its IPv4 address
      ];
      for (const address of carriers) {
        expect(isSendableAddress(address, policy), address).toBe(false);
        const resolve: PushResolver = async () => [{ address, family: 6 }];
        const sender = createWebPushSender(vapid, { policy, resolve });
        const target = { ...subscriptionOf(push, 'carrier').keys, endpoint: 'https://push.example.net/x' };
        expect(await sender.send(target, payload), address).toMatchObject({ kind: 'refused' });
      }
      expect(listener.connections()).toBe(0);
      // The same kinds of address carrying a public IPv4 address stay sendable.
      for (const address of ['::8efa:a', '2002:8efa:a::1', '::ffff:142.250.0.10', '64:ff9b::142.250.0.10', '2a00:1450:4001::200e']) {
        expect(isSendableAddress(address, policy), address).toBe(true);
      }
    } finally {
      await listener.close();
    }
  });

  it('follows no redirect and reads no answer body', async () => {
    let redirected = 0;
    const target = await startListener(() => {
      redirected += 1;
    });
    const listener = await startListener((socket) => {
      socket.once('data', () => {
        socket.write(
          `HTTP/1.1 307 Temporary Redirect\r\nlocation: http://127.0.0.1:${target.port}/elsewhere\r\ncontent-length: 100000000\r\n\r\n`,
        );
        socket.write('x'.repeat(64 * 1024));
      });
    });
    try {
      const sender = createWebPushSender(vapid, { policy: { hosts: [], allowLoopback: true } });
      const subscription = subscriptionOf(push, 'redirect');
      const result = await sender.send({ ...subscription.keys, endpoint: `http://127.0.0.1:${listener.port}/push` }, payload);
      expect(result).toEqual({ kind: 'failed', status: 307 });
      expect(redirected).toBe(0);
    } finally {
      await listener.close();
      await target.close();
    }
  });
});

describe.each(databaseKinds)('push subscriptions and sessions on %s', (kind) => {
  let t: TestApp;
  let push: TestPushService;
  beforeAll(async () => {
    push = await startTestPushService();
    t = await createWalletTestApp(kind, { PUBLIC_URL: 'http://localhost:8080' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await push?.close();
  });
  const news = (userId: string) =>
    t.db.execute(sql`
      insert into customer_news (user_id, kind, row_id, params)
      values (${userId}, 'SCAN_REJECTED', 'scan:00000000-0000-4000-8000-000000000000', jsonb_build_object('reason', 'x'))`);

  it('a local server takes a push service on loopback only, never on a private address', async () => {
    const person = await customer(t);
    const post = (endpoint: string) =>
      t.inject({ method: 'POST', url: '/api/v2/user/push_subscriptions', headers: person.headers, payload: { endpoint, keys } });
    expect((await post('http://10.0.0.1:8443/admin')).statusCode).toBe(400);
    expect((await post('http://169.254.169.254/latest')).statusCode).toBe(400);
    expect((await post(`${push.origin}/push/local`)).statusCode).toBe(201);
  });

  it('a subscription ends with the session that made it, also when that session simply runs out', async () => {
    const person = await customer(t);
    const subscription = push.subscribe('expiring');
    const made = await t.inject({
      method: 'POST',
      url: '/api/v2/user/push_subscriptions',
      headers: person.headers,
      payload: subscription.json,
    });
    expect(made.statusCode).toBe(201);
    t.clock.advance(t.config.refreshTokenTtlSeconds + deliveryRules.pushIntervalSeconds);
    await news(person.user.id);
    await t.notifications.deliverDue();
    expect(push.received.filter((message) => message.subscription === 'expiring')).toEqual([]);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, person.user.id))).toEqual([]);
  });

  it('300 dead addresses of one customer do not hold another customer’s push', async () => {
    const dead = await startListener('never');
    try {
      const stalled = await customer(t);
      const [family] = await t.db.select().from(sessionFamilies).where(eq(sessionFamilies.userId, stalled.user.id));
      // Rows as an older server let them in (no cap then): 300 addresses that accept and never answer.
      const subscription = push.subscribe('dead-keys').json;
      await t.db.insert(pushSubscriptions).values(
        Array.from({ length: 300 }, (_, index) => ({
          userId: stalled.user.id,
          sessionFamilyId: family!.id,
          endpoint: `http://127.0.0.1:${dead.port}/dead/${index}`,
          p256dh: subscription.keys.p256dh,
          auth: subscription.keys.auth,
        })),
      );
      await news(stalled.user.id);
      t.clock.advance(1);
      const other = await customer(t);
      const otherSubscription = push.subscribe('waiting-behind');
      await t.inject({ method: 'POST', url: '/api/v2/user/push_subscriptions', headers: other.headers, payload: otherSubscription.json });
      await news(other.user.id);
      t.clock.advance(deliveryRules.pushIntervalSeconds);

      const first = t.notifications.deliverDue();
      await expect
        .poll(() => push.received.filter((message) => message.subscription === 'waiting-behind').length, { timeout: 15_000 })
        .toBe(1);
      // News arriving while the dead addresses still hang is not held either.
      const third = await customer(t);
      const thirdSubscription = push.subscribe('later-one');
      await t.inject({ method: 'POST', url: '/api/v2/user/push_subscriptions', headers: third.headers, payload: thirdSubscription.json });
      await news(third.user.id);
      const later = t.notifications.deliverDue();
      await expect.poll(() => push.received.filter((message) => message.subscription === 'later-one').length, { timeout: 15_000 }).toBe(1);
      // Only the newest 10 of the stalled customer's addresses were tried.
      expect(dead.connections()).toBeLessThanOrEqual(10);
      await dead.close();
      await Promise.all([first, later]);
    } finally {
      await dead.close();
    }
  }, 30_000);
});

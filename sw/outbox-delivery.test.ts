import { describe, expect, it } from 'vitest';
import type { OutboxEntry, OutboxStore } from '#domain/outbox';
import { tokenRenewalLockName } from '#domain/client-session';
import { deliverOutbox, RetryLater, type DeliveryContext, type Locks } from './outbox-delivery';

const now = 1_800_000_000_000;

function entry(id: string, changes: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    id,
    kind: 'scan',
    endpoint: '/scans',
    method: 'POST',
    payload: { id, code: id.toUpperCase() },
    keyIn: 'body',
    owner: 'user-1',
    locale: 'fr-FR',
    createdAt: now - 60_000,
    attempts: 0,
    nextAttemptAt: now - 60_000,
    state: 'pending',
    ...changes,
  };
}

function memoryStore(entries: OutboxEntry[]): OutboxStore & { rows: Map<string, OutboxEntry> } {
  const rows = new Map(entries.map((row) => [row.id, row]));
  return {
    rows,
    all: async () => [...rows.values()].sort((a, b) => a.createdAt - b.createdAt),
    remove: async (ids) => ids.forEach((id) => rows.delete(id)),
    update: async (id, changes) => {
      const found = rows.get(id);
      if (found) rows.set(id, { ...found, ...changes });
    },
  };
}

/** The cookies as the app leaves them: the access token's ends with its 15 minutes. */
function cookieJar(initial: Record<string, { value: string; expires: number }>) {
  const jar = new Map(Object.entries(initial));
  const cookies: DeliveryContext['cookies'] = {
    get: async (name?: string | CookieStoreGetOptions) => {
      const key = typeof name === 'string' ? name : (name?.name ?? '');
      const found = jar.get(key);
      return found ? { name: key, value: found.value, expires: found.expires } : null;
    },
    set: async (options: string | CookieInit) => {
      if (typeof options === 'string') throw new Error('the worker sets cookies with their attributes');
      jar.set(options.name, { value: options.value, expires: Number(options.expires) });
    },
  };
  return { jar, cookies };
}

function urlOf(input: RequestInfo | URL): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

interface Sent {
  method: string;
  path: string;
  authorization: string | null;
  language: string | null;
  body: unknown;
}

/** The API as the worker meets it: who the token is, renewal with rotation, and /scans. */
function fakeApi(options: { down?: boolean; refreshRefused?: boolean; refusedCodes?: string[]; batchAnswer?: [number, unknown] } = {}) {
  const sent: Sent[] = [];
  const liveTokens = new Set(['access-1']);
  let refreshToken = 'refresh-1';
  const fetch: typeof globalThis.fetch = async (input, init) => {
    if (options.down) throw new TypeError('Failed to fetch');
    const headers = new Headers(init?.headers);
    const path = urlOf(input).replace('/api/v2', '');
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    sent.push({
      method: init?.method ?? 'GET',
      path,
      authorization: headers.get('authorization'),
      language: headers.get('accept-language'),
      body,
    });
    const json = (status: number, answer: unknown) =>
      new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
    if (path === '/oauth/token') {
      const presented = (body as { refresh_token: string }).refresh_token;
      if (options.refreshRefused || presented !== refreshToken) return json(400, { error: 'invalid_grant' });
      refreshToken = 'refresh-2';
      liveTokens.add('access-2');
      return json(200, {
        access_token: 'access-2',
        refresh_token: 'refresh-2',
        token_type: 'Bearer',
        expires_in: 900,
        refresh_token_expires_in: 86_400,
      });
    }
    if (!liveTokens.has(headers.get('authorization')?.replace('Bearer ', '') ?? ''))
      return json(401, { error: { code: 'UNAUTHORIZED', message: '' } });
    if (path === '/user') return json(200, { data: { id: 'user-1', email: 'someone@roundtrip.example' } });
    if (path === '/scans/batch') {
      if (options.batchAnswer) return json(...options.batchAnswer);
      const { scans } = body as { scans: { id: string; code: string }[] };
      return json(200, {
        data: scans.map(({ id, code }) =>
          options.refusedCodes?.includes(code)
            ? { id, status: 404, error: { code: 'CONTAINER_UNKNOWN', message: 'Désolé, nous ne reconnaissons pas ce code.' } }
            : { id, status: 201 },
        ),
      });
    }
    const code = (body as { code: string }).code;
    if (options.refusedCodes?.includes(code))
      return json(404, { error: { code: 'CONTAINER_UNKNOWN', message: 'Désolé, nous ne reconnaissons pas ce code.' } });
    return json(201, { data: { code } });
  };
  return { sent, fetch, liveTokens };
}

function contextOf(store: OutboxStore, jar: ReturnType<typeof cookieJar>, api: ReturnType<typeof fakeApi>): DeliveryContext {
  return { store, cookies: jar.cookies, locks: undefined, fetch: api.fetch, now: () => now, languages: ['en-US'] };
}

const signedIn = () =>
  cookieJar({ token: { value: 'access-1', expires: now + 10 * 60_000 }, refreshToken: { value: 'refresh-1', expires: now + 86_400_000 } });

describe('the worker sends the outbox with no window open', () => {
  it("sends the customer's due entries with the token and each entry's language; a refused one stays with the server's reason", async () => {
    const store = memoryStore([
      entry('a'),
      entry('b', { createdAt: now - 30_000 }),
      entry('w', { kind: 'withdrawal', endpoint: '/withdrawals', createdAt: now - 20_000 }),
    ]);
    const api = fakeApi({ refusedCodes: ['B'] });
    const outcome = await deliverOutbox(contextOf(store, signedIn(), api));
    expect(outcome).toEqual({ kind: 'delivered', sent: 2, refused: 1 });
    // The run of scans in one call, each scan as it was queued; the withdrawal after them, alone.
    expect(api.sent.map((request) => [request.method, request.path, request.authorization, request.language])).toEqual([
      ['GET', '/user', 'Bearer access-1', null],
      ['POST', '/scans/batch', 'Bearer access-1', 'fr-FR'],
      ['POST', '/withdrawals', 'Bearer access-1', 'fr-FR'],
    ]);
    expect(api.sent[1]?.body).toEqual({ scans: [entry('a').payload, entry('b').payload] });
    expect([...store.rows.values()]).toEqual([
      {
        ...entry('b', { createdAt: now - 30_000 }),
        attempts: 1,
        state: 'failed',
        lastError: { status: 404, code: 'CONTAINER_UNKNOWN', message: 'Désolé, nous ne reconnaissons pas ce code.' },
      },
    ]);
  });

  it('keeps every scan of a run for a later try when the call is refused whole or its answer cannot be read', async () => {
    const both = [
      ['a', 'pending', 1],
      ['b', 'pending', 1],
    ];
    for (const [batchAnswer, waiting] of [
      [[429, { error: { code: 'RATE_LIMITED', message: 'Too many requests' } }], both],
      [[200, { data: 'not a list' }], both],
      [[200, { data: [{ id: 'a', status: 201 }] }], [['b', 'pending', 1]]],
    ] satisfies [[number, unknown], unknown[]][]) {
      const store = memoryStore([entry('a'), entry('b', { createdAt: now - 30_000 })]);
      const api = fakeApi({ batchAnswer });
      await expect(deliverOutbox(contextOf(store, signedIn(), api))).rejects.toBeInstanceOf(RetryLater);
      // Only what the answer says was recorded leaves the outbox; the rest waits, none is given up.
      const left = [...store.rows.values()].map((row) => [row.id, row.state, row.attempts]);
      expect(left).toEqual(waiting);
    }
  });

  it('renews a token that has run out with the refresh token, once, and leaves the new pair in the cookies for the app', async () => {
    const store = memoryStore([entry('a'), entry('b', { createdAt: now - 30_000 })]);
    const jar = cookieJar({ refreshToken: { value: 'refresh-1', expires: now + 86_400_000 } });
    const api = fakeApi();
    expect(await deliverOutbox(contextOf(store, jar, api))).toEqual({ kind: 'delivered', sent: 2, refused: 0 });
    expect(api.sent.map((request) => `${request.method} ${request.path} ${request.authorization}`)).toEqual([
      'POST /oauth/token null',
      'GET /user Bearer access-2',
      'POST /scans/batch Bearer access-2',
    ]);
    expect(Object.fromEntries(jar.jar)).toEqual({
      token: { value: 'access-2', expires: now + 900_000 },
      refreshToken: { value: 'refresh-2', expires: now + 86_400_000 },
    });
  });

  it('renews once when the server says the token has expired, and sends again with the new one', async () => {
    const store = memoryStore([entry('a')]);
    const api = fakeApi();
    api.liveTokens.delete('access-1');
    expect(await deliverOutbox(contextOf(store, signedIn(), api))).toEqual({ kind: 'delivered', sent: 1, refused: 0 });
    expect(api.sent.map((request) => `${request.method} ${request.path} ${request.authorization}`)).toEqual([
      'GET /user Bearer access-1',
      'POST /oauth/token null',
      'GET /user Bearer access-2',
      'POST /scans Bearer access-2',
    ]);
  });

  it("never sends another person's entries with this token", async () => {
    const store = memoryStore([entry('a', { owner: 'user-2' })]);
    const api = fakeApi();
    expect(await deliverOutbox(contextOf(store, signedIn(), api))).toEqual({ kind: 'delivered', sent: 0, refused: 0 });
    expect(api.sent.map((request) => request.path)).toEqual(['/user']);
    expect(store.rows.size).toBe(1);
  });

  it('sends an entry saved before entries recorded their language in the browser’s language', async () => {
    const old = entry('a');
    delete old.locale;
    const api = fakeApi();
    await deliverOutbox({ ...contextOf(memoryStore([old]), signedIn(), api), languages: ['ja', 'en-US'] });
    expect(api.sent.at(-1)?.language).toBe('ja-JP');
  });

  it('asks nothing of the network when nothing waits (the app sent it already)', async () => {
    const api = fakeApi();
    const store = memoryStore([entry('a', { state: 'failed' })]);
    expect(await deliverOutbox(contextOf(store, signedIn(), api))).toEqual({ kind: 'nothing-waiting' });
    expect(api.sent).toEqual([]);
  });

  it('without network, rejects so that the browser fires the sync again; the entry stays', async () => {
    const store = memoryStore([entry('a')]);
    await expect(deliverOutbox(contextOf(store, signedIn(), fakeApi({ down: true })))).rejects.toBeInstanceOf(RetryLater);
    expect(store.rows.get('a')?.state).toBe('pending');
  });

  it('a network failure while sending leaves the entry for a later try and rejects', async () => {
    const store = memoryStore([entry('a')]);
    const api = fakeApi();
    const failing: typeof fetch = async (input, init) => {
      if (urlOf(input).endsWith('/scans')) throw new TypeError('Failed to fetch');
      return api.fetch(input, init);
    };
    await expect(deliverOutbox({ ...contextOf(store, signedIn(), api), fetch: failing })).rejects.toBeInstanceOf(RetryLater);
    expect(store.rows.get('a')).toMatchObject({ state: 'pending', attempts: 1, lastError: { status: 0, code: 'NETWORK' } });
  });

  it('with the refresh token refused, sends nothing, leaves the cookies to the app and does not ask to be fired again', async () => {
    const store = memoryStore([entry('a')]);
    const jar = cookieJar({ refreshToken: { value: 'refresh-1', expires: now + 86_400_000 } });
    const api = fakeApi({ refreshRefused: true });
    expect(await deliverOutbox(contextOf(store, jar, api))).toEqual({ kind: 'signed-out' });
    expect(api.sent.map((request) => request.path)).toEqual(['/oauth/token']);
    expect([...jar.jar.keys()]).toEqual(['refreshToken']);
    expect(store.rows.get('a')?.state).toBe('pending');
  });

  it('uses the tokens a tab renewed while the worker waited for the lock, instead of presenting the spent refresh token', async () => {
    const store = memoryStore([entry('a')]);
    const jar = cookieJar({ refreshToken: { value: 'refresh-1', expires: now + 86_400_000 } });
    const api = fakeApi();
    api.liveTokens.add('access-from-tab');
    const locks: Locks = {
      request: async (name, callback) => {
        // A tab holds the renewal lock and renews meanwhile.
        if (name === tokenRenewalLockName) {
          jar.jar.set('token', { value: 'access-from-tab', expires: now + 900_000 });
          jar.jar.set('refreshToken', { value: 'refresh-from-tab', expires: now + 86_400_000 });
        }
        return callback();
      },
    };
    expect(await deliverOutbox({ ...contextOf(store, jar, api), locks })).toEqual({ kind: 'delivered', sent: 1, refused: 0 });
    expect(api.sent.map((request) => `${request.path} ${request.authorization}`)).toEqual([
      '/user Bearer access-from-tab',
      '/scans Bearer access-from-tab',
    ]);
  });
});

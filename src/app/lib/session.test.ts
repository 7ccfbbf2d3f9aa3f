import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenRenewalLockName } from '#domain/client-session';

/** A cookie jar behind document.cookie, as the browser keeps it (name=value pairs only). */
function fakeCookies(initial: Record<string, string>) {
  const jar = new Map(Object.entries(initial));
  return {
    jar,
    document: {
      get cookie() {
        return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
      },
      set cookie(line: string) {
        const [pair = '', ...attributes] = line.split('; ');
        const [name = '', value = ''] = pair.split('=');
        if (attributes.includes('Max-Age=0')) jar.delete(name);
        else jar.set(name, value);
      },
    },
  };
}

/** Web Locks with one queue per name, and a way to hold one from outside (another tab, the service worker). */
function fakeLocks() {
  const queues = new Map<string, Promise<unknown>>();
  const request = <T>(name: string, callback: () => Promise<T>): Promise<T> => {
    const previous = queues.get(name) ?? Promise.resolve();
    const run = previous.then(callback, callback);
    queues.set(
      name,
      run.catch(() => undefined),
    );
    return run;
  };
  const hold = (name: string) => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    void request(name, () => released);
    return release;
  };
  return { request, hold };
}

const tokenAnswer = {
  access_token: 'access-2',
  refresh_token: 'refresh-2',
  token_type: 'Bearer',
  expires_in: 900,
  refresh_token_expires_in: 86_400,
};

let cookies: ReturnType<typeof fakeCookies>;
let locks: ReturnType<typeof fakeLocks>;
let renewals: string[];

beforeEach(() => {
  vi.resetModules();
  cookies = fakeCookies({ token: 'access-1', refreshToken: 'refresh-1' });
  locks = fakeLocks();
  renewals = [];
  const stored = new Map<string, string>();
  vi.stubGlobal('document', cookies.document);
  vi.stubGlobal('location', { protocol: 'http:' });
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
    removeItem: (key: string) => stored.delete(key),
  });
  vi.stubGlobal('navigator', { locks: { request: locks.request } });
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    renewals.push((JSON.parse(init.body as string) as { refresh_token: string }).refresh_token);
    return new Response(JSON.stringify(tokenAnswer), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('renewing the tokens', () => {
  it('presents the refresh token once and keeps the new pair in the cookies', async () => {
    const { refreshTokens } = await import('./session');
    expect(await refreshTokens()).toBe('access-2');
    expect(renewals).toEqual(['refresh-1']);
    expect(Object.fromEntries(cookies.jar)).toEqual({ token: 'access-2', refreshToken: 'refresh-2' });
  });

  it('waits for a renewal by the service worker or another tab, then uses its tokens instead of spending the old refresh token again', async () => {
    const { refreshTokens } = await import('./session');
    const release = locks.hold(tokenRenewalLockName);
    const waiting = refreshTokens();
    // The other party renews meanwhile and writes the cookies.
    cookies.jar.set('token', 'access-from-worker');
    cookies.jar.set('refreshToken', 'refresh-from-worker');
    release();
    expect(await waiting).toBe('access-from-worker');
    expect(renewals).toEqual([]);
  });
});

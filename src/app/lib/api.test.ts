import { afterEach, describe, expect, it, vi } from 'vitest';

const session = vi.hoisted(() => {
  const listeners = new Set<() => void>();
  let signedIn = true;
  return {
    listeners,
    setSignedIn(value: boolean) {
      signedIn = value;
      for (const listener of listeners) listener();
    },
    module: {
      freshAccessToken: async () => (signedIn ? 'token-a' : undefined),
      refreshTokens: async () => undefined,
      hasSession: () => signedIn,
      onSessionChange(listener: () => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
  };
});
vi.mock('./session', () => session.module);
vi.mock('./i18n', () => ({ currentLocale: () => 'en-US' }));

const { apiRequest } = await import('./api');

afterEach(() => {
  vi.unstubAllGlobals();
  session.setSignedIn(true);
});

describe('signed-in GETs and ETags', () => {
  it('sends the last ETag and keeps the answer it had when the server says 304', async () => {
    const seen: (string | null)[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      const ifNoneMatch = new Headers(init.headers).get('if-none-match');
      seen.push(ifNoneMatch);
      if (ifNoneMatch === '"7-abc"') return new Response(null, { status: 304, headers: { etag: '"7-abc"' } });
      return new Response(JSON.stringify({ data: { balance: '1.25' } }), { status: 200, headers: { etag: '"7-abc"' } });
    });
    expect(await apiRequest('/user/balance', { auth: true })).toEqual({ data: { balance: '1.25' } });
    expect(await apiRequest('/user/balance', { auth: true })).toEqual({ data: { balance: '1.25' } });
    expect(seen).toEqual([null, '"7-abc"']);
  });

  it('forgets every kept answer when the session ends', async () => {
    const seen: (string | null)[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      seen.push(new Headers(init.headers).get('if-none-match'));
      return new Response(JSON.stringify({ data: { name: 'Alice' } }), { status: 200, headers: { etag: '"3-def"' } });
    });
    await apiRequest('/user', { auth: true });
    session.setSignedIn(false);
    session.setSignedIn(true);
    await apiRequest('/user', { auth: true });
    expect(seen).toEqual([null, null]);
  });
});

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

describe("the answers a signed-in page's shell asked for before the app's code arrived", () => {
  const shellAsked = (token: string, lang: string, answers: Record<string, Promise<Response>>) => {
    vi.stubGlobal('window', { roundtripFirstAnswers: { token, lang, answers } });
  };
  const answer = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
  const serverAnswers = () => {
    const sent: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      sent.push(url);
      return new Response(JSON.stringify({ data: 'from the server' }), { status: 200 });
    });
    return sent;
  };

  it('takes the answer to the same call, once: the next ask goes to the server', async () => {
    const sent = serverAnswers();
    shellAsked('token-a', 'en-US', { '/user/impact': answer({ data: 'from the shell' }) });
    expect(await apiRequest('/user/impact', { auth: true })).toEqual({ data: 'from the shell' });
    expect(sent).toEqual([]);
    expect(await apiRequest('/user/impact', { auth: true })).toEqual({ data: 'from the server' });
    expect(sent).toEqual(['/api/v2/user/impact']);
  });

  it('sends the call itself when the shell asked with another token, in another language, or another call', async () => {
    const sent = serverAnswers();
    shellAsked('token-old', 'en-US', { '/user/news?limit=50': answer({ data: 'from the shell' }) });
    expect(await apiRequest('/user/news?limit=50', { auth: true })).toEqual({ data: 'from the server' });
    shellAsked('token-a', 'fr-FR', { '/user/news?limit=50': answer({ data: 'from the shell' }) });
    expect(await apiRequest('/user/news?limit=50', { auth: true })).toEqual({ data: 'from the server' });
    shellAsked('token-a', 'en-US', { '/user/news?limit=20': answer({ data: 'from the shell' }) });
    expect(await apiRequest('/user/news?limit=50', { auth: true })).toEqual({ data: 'from the server' });
    expect(sent).toHaveLength(3);
  });

  it("sends the call again when the shell's failed on the network, and reports the server's refusal as its own", async () => {
    const sent = serverAnswers();
    const failed = Promise.reject(new TypeError('Failed to fetch'));
    // As the shell's script does: the failure is the app's to report, when it sends the call again.
    failed.catch(() => {});
    shellAsked('token-a', 'en-US', {
      '/user': failed,
      '/user/balance': Promise.resolve(new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'Gone' }), { status: 404 })),
    });
    expect(await apiRequest('/user', { auth: true })).toEqual({ data: 'from the server' });
    await expect(apiRequest('/user/balance', { auth: true })).rejects.toMatchObject({ status: 404 });
    expect(sent).toEqual(['/api/v2/user']);
  });

  it('leaves what was not taken once the app has started', async () => {
    const { forgetFirstAnswers } = await import('./first-answers');
    const sent = serverAnswers();
    shellAsked('token-a', 'en-US', { '/user/impact': answer({ data: 'from the shell' }) });
    forgetFirstAnswers();
    expect(await apiRequest('/user/impact', { auth: true })).toEqual({ data: 'from the server' });
    expect(sent).toHaveLength(1);
  });
});

import { vi } from 'vitest';
import { apiPrefix } from '#domain/api';
import { notePasswordSignIn, saveTokens } from '../lib/session';

/** One answer of the fake API: a status and a JSON body, or a failure of the network itself. */
export type FakeAnswer = { status: number; body?: unknown } | 'network-down';

/** What a request to the fake API looks like to a test. */
export interface FakeRequest {
  method: string;
  path: string;
  body: unknown;
  headers: Headers;
  /** The query string's parameters (a list's cursor). */
  query: URLSearchParams;
}

/** Answers by "METHOD /path" (the path under the API prefix, without its query). */
export type FakeRoutes = Record<string, FakeAnswer | ((request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>)>;

/**
 * Replaces `fetch` for the API: each "METHOD /path" answers what the test says, and every request
 * is kept for the test to read. A request the test did not expect answers 501 and is kept too, so a
 * test that forgot a call fails on what the screen shows rather than reaching a real server.
 */
export function fakeApi(routes: FakeRoutes) {
  const requests: FakeRequest[] = [];
  const unexpected: string[] = [];
  const fake = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.startsWith(apiPrefix) ? url.pathname.slice(apiPrefix.length) : url.pathname;
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const request: FakeRequest = { method, path, body, headers: new Headers(init?.headers), query: url.searchParams };
    requests.push(request);
    const route = routes[`${method} ${path}`];
    if (!route) {
      unexpected.push(`${method} ${path}`);
      return Response.json({ code: 'UNKNOWN', message: `No fake answer for ${method} ${path}` }, { status: 501 });
    }
    const answer = typeof route === 'function' ? await route(request) : route;
    if (answer === 'network-down') throw new TypeError('Failed to fetch');
    return answer.body === undefined
      ? new Response(null, { status: answer.status })
      : Response.json(answer.body, { status: answer.status });
  });
  vi.stubGlobal('fetch', fake);
  return {
    requests,
    unexpected,
    /** The requests made to one "METHOD /path". */
    to: (route: string) => requests.filter((request) => `${request.method} ${request.path}` === route),
  };
}

export function restoreNetwork(): void {
  vi.unstubAllGlobals();
}

/** A signed-in customer's tokens, as the sign-in leaves them (the fake API does not check them). */
/** A session signed in with the password at `passwordSignedInAt` (now, unless given). */
export function signIn({ passwordSignedInAt = Date.now() }: { passwordSignedInAt?: number } = {}): void {
  saveTokens({ access_token: 'component-test', refresh_token: 'component-test-refresh', token_type: 'Bearer', expires_in: 3600 });
  notePasswordSignIn(passwordSignedInAt);
}

/**
 * Background Sync with no window of the app open: the worker sends the outbox itself, with the
 * rules the app uses (#domain/outbox's flushDue), the customer's token from the cookies the app
 * keeps (renewed with the refresh token when it has run out, and written back for the app), and
 * the language each action was taken in. What it touches is passed in, so a test can stand in for it.
 */
import { apiPrefix } from '#domain/api';
import {
  accessTokenCookie,
  isRenewalRefused,
  needsRenewal,
  refreshCookieSeconds,
  refreshTokenCookie,
  renewalAfterWaiting,
  tokenRenewalLockName,
  tokenRenewalPath,
  tokenRenewalRequest,
} from '#domain/client-session';
import { chooseLocale } from '#domain/locales';
import { classify, flushDue, outboxLockName, type OutboxEntry, type OutboxStore, type SendResult } from '#domain/outbox';
import { runCallOf, runResults } from '#domain/outbox-runs';
import { readErrorAnswer } from '#domain/schemas/error-answers';
import { tokenResponse } from '#domain/schemas/token-answer';
import { field } from './field';

/** A server that does not answer within this counts as no network: the browser tries again later. */
const requestTimeoutMs = 30_000;

/** What the delivery uses of Web Locks (navigator.locks). */
export interface Locks {
  request<T>(name: string, callback: () => T): Promise<T>;
}

export interface DeliveryContext {
  store: OutboxStore;
  cookies: Pick<CookieStore, 'get' | 'set'>;
  /** Web Locks, shared with the app's tabs; absent, the server's deduplication still keeps a double send harmless. */
  locks: Locks | undefined;
  fetch: typeof fetch;
  now: () => number;
  /** The browser's languages: the Accept-Language of an entry saved before entries recorded theirs. */
  languages: readonly string[];
}

export type DeliveryOutcome =
  | { kind: 'nothing-waiting' }
  /** No session to send with (signed out, or the refresh token refused): the app sends after the next sign-in. */
  | { kind: 'signed-out' }
  /** Every due entry was sent or refused (refused ones stay, for the app to show). */
  | { kind: 'delivered'; sent: number; refused: number };

/** The sync did not finish for a reason that may pass (no network, a server error, entries waiting to retry). */
export class RetryLater extends Error {
  override readonly name = 'RetryLater';
}

async function readCookie(context: DeliveryContext, name: string): Promise<{ value: string; expires: number | null } | undefined> {
  const cookie = await context.cookies.get(name);
  // Chromium says when the cookie ends; TypeScript's CookieListItem does not know it yet.
  const expires = field(cookie, 'expires');
  // The app writes cookie values URI-encoded (src/app/lib/cookies.ts).
  return cookie?.value ? { value: decodeURIComponent(cookie.value), expires: typeof expires === 'number' ? expires : null } : undefined;
}

function writeCookie(context: DeliveryContext, name: string, value: string, maxAgeSeconds: number): Promise<void> {
  // As the app writes them: the whole site, never sent by another site's request.
  return context.cookies.set({
    name,
    value: encodeURIComponent(value),
    expires: context.now() + maxAgeSeconds * 1000,
    path: '/',
    sameSite: 'strict',
  });
}

async function request(context: DeliveryContext, path: string, init: RequestInit): Promise<Response> {
  try {
    return await context.fetch(`${apiPrefix}${path}`, { ...init, signal: AbortSignal.timeout(requestTimeoutMs) });
  } catch {
    throw new RetryLater(`No answer from ${path}`);
  }
}

/**
 * Renews the tokens under the lock the app's tabs take too (src/app/lib/session.ts). Undefined when
 * there is no refresh token or the server refuses it: the session is over, and the app, which owns
 * it, clears the cookies at its next start.
 */
async function renewTokens(context: DeliveryContext): Promise<string | undefined> {
  const presented = (await readCookie(context, refreshTokenCookie))?.value;
  if (!presented) return undefined;
  const renew = async () => {
    const current = (await readCookie(context, refreshTokenCookie))?.value;
    switch (renewalAfterWaiting(presented, current)) {
      case 'ended':
        return undefined;
      case 'renewed-meanwhile':
        return (await readCookie(context, accessTokenCookie))?.value;
      case 'renew':
        break;
    }
    const response = await request(context, tokenRenewalPath, tokenRenewalRequest(presented));
    if (isRenewalRefused(response.status)) return undefined;
    if (!response.ok) throw new RetryLater(`Token renewal answered ${response.status}`);
    const answer = tokenResponse.safeParse(await response.json().catch(() => undefined));
    if (!answer.success) throw new RetryLater('Token renewal answer unreadable');
    const tokens = answer.data;
    await writeCookie(context, accessTokenCookie, tokens.access_token, tokens.expires_in);
    await writeCookie(context, refreshTokenCookie, tokens.refresh_token, refreshCookieSeconds(tokens));
    return tokens.access_token;
  };
  return context.locks ? context.locks.request(tokenRenewalLockName, renew) : renew();
}

/** The customer's access token for one round: the cookie's while it lasts, renewed at most once. */
function roundTokens(context: DeliveryContext) {
  let renewal: Promise<string | undefined> | undefined;
  const renewed = () => (renewal ??= renewTokens(context));
  return {
    async current(): Promise<string | undefined> {
      if (renewal) return renewal;
      const cookie = await readCookie(context, accessTokenCookie);
      return cookie && !needsRenewal(cookie.expires, context.now()) ? cookie.value : renewed();
    },
    renewed,
  };
}

type RoundTokens = ReturnType<typeof roundTokens>;

type AuthorizedRequest = Omit<RequestInit, 'headers'> & { headers: Record<string, string> };

/** Sends with the token, and once more with a renewed one when the server says it has expired. */
async function withToken(
  context: DeliveryContext,
  tokens: RoundTokens,
  path: string,
  init: AuthorizedRequest,
): Promise<Response | undefined> {
  const token = await tokens.current();
  if (!token) return undefined;
  const send = (bearer: string) => request(context, path, { ...init, headers: { ...init.headers, Authorization: `Bearer ${bearer}` } });
  const response = await send(token);
  if (response.status !== 401) return response;
  const renewed = await tokens.renewed();
  return renewed ? send(renewed) : undefined;
}

/** Whose token it is, from the server: entries of anyone else (left by a session that ran out) are never sent with it. */
async function ownerOf(context: DeliveryContext, tokens: RoundTokens): Promise<string | undefined> {
  const response = await withToken(context, tokens, '/user', { headers: { Accept: 'application/json' } });
  if (!response || response.status === 401) return undefined;
  if (!response.ok) throw new RetryLater(`GET /user answered ${response.status}`);
  const id = field(field(await response.json(), 'data'), 'id');
  // As the app records it (lib/outbox.ts currentOwner).
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

async function sendEntry(context: DeliveryContext, tokens: RoundTokens, entry: OutboxEntry): Promise<SendResult> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    // The language the app had when the action was taken, so a refusal reads in it.
    'Accept-Language': entry.locale ?? chooseLocale({ browserLanguages: context.languages }).locale,
  };
  if (entry.payload !== undefined) headers['Content-Type'] = 'application/json';
  if (entry.keyIn === 'header') headers['Idempotency-Key'] = entry.id;
  try {
    const response = await withToken(context, tokens, entry.endpoint, {
      method: entry.method,
      headers,
      body: entry.payload === undefined ? undefined : JSON.stringify(entry.payload),
    });
    if (!response) return classify(401, 'UNAUTHORIZED', '');
    if (response.ok) return classify(response.status, '', '');
    const { code, message } = readErrorAnswer(await response.json().catch(() => undefined));
    return classify(response.status, code, message);
  } catch {
    // No network, or the renewal had none: the round stops and the browser tries again later.
    return classify(0, 'NETWORK', '');
  }
}

/** A run of entries in one call (POST /scans/batch), in the first one's language (flushDue joins only entries of one). */
async function sendRun(context: DeliveryContext, tokens: RoundTokens, entries: OutboxEntry[]): Promise<SendResult[]> {
  const call = runCallOf(entries);
  const whole = (result: SendResult) => entries.map(() => result);
  try {
    const response = await withToken(context, tokens, call.endpoint, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'Accept-Language': entries[0]?.locale ?? chooseLocale({ browserLanguages: context.languages }).locale,
      },
      body: JSON.stringify(call.body),
    });
    if (!response) return whole(classify(401, 'UNAUTHORIZED', ''));
    if (response.ok) return runResults(entries, await response.json().catch(() => undefined));
    const { code, message } = readErrorAnswer(await response.json().catch(() => undefined));
    return whole(classify(response.status, code, message));
  } catch {
    return whole(classify(0, 'NETWORK', ''));
  }
}

async function deliveryRound(context: DeliveryContext): Promise<DeliveryOutcome> {
  const waiting = (await context.store.all()).some((entry) => entry.state === 'pending');
  // Most syncs find the outbox already sent by the app: no token, no request.
  if (!waiting) return { kind: 'nothing-waiting' };
  const tokens = roundTokens(context);
  const owner = await ownerOf(context, tokens);
  if (!owner) return { kind: 'signed-out' };
  const report = await flushDue(
    context.store,
    owner,
    (entry) => sendEntry(context, tokens, entry),
    context.now,
    (entries) => sendRun(context, tokens, entries),
  );
  if (report.nextAttemptAt !== undefined) throw new RetryLater('Entries are still waiting');
  return { kind: 'delivered', sent: report.sent.length, refused: report.refused.length };
}

/**
 * One delivery round, under the lock the app's tabs take for theirs (src/app/lib/outbox.ts): a tab
 * opened meanwhile waits, then finds the sent entries gone. Rejects with RetryLater when the
 * browser should fire the sync again later.
 */
export async function deliverOutbox(context: DeliveryContext): Promise<DeliveryOutcome> {
  const round = () => deliveryRound(context);
  return context.locks ? context.locks.request(outboxLockName, round) : round();
}

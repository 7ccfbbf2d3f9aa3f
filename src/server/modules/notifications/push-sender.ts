import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import webpush from 'web-push';
import type { PushPayload } from '#domain/schemas/notifications';
import { checkedAddress, RefusedPushAddress, systemResolver, type PushEndpointPolicy, type PushResolver } from './push-endpoints';
import type { VapidKeys } from './vapid';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * How one push went: delivered to the push service, gone (drop the subscription), refused by our
 * own address rules (drop it too: it can never be sent), or worth trying again.
 */
export type PushOutcome =
  | { kind: 'sent' }
  | { kind: 'gone'; status: number }
  | { kind: 'refused'; reason: string }
  | { kind: 'failed'; status?: number; error?: string };

export interface PushSender {
  publicKey: string;
  send(target: PushTarget, payload: PushPayload): Promise<PushOutcome>;
}

/** A push the phone may still show a day late (offline); older than that it is no news. */
const timeToLiveSeconds = 24 * 60 * 60;
/** The deadline of one push, from resolving its host to the push service's status line. */
export const pushRequestTimeoutMs = 10_000;

export interface WebPushSenderOptions {
  policy: PushEndpointPolicy;
  /** Default: the system's resolver. Tests pass their own, so that no test asks real DNS. */
  resolve?: PushResolver;
  timeoutMs?: number;
}

/**
 * The web-push library encrypts the payload (RFC 8291, aes128gcm) and signs the VAPID JWT; the
 * request itself is ours: the host is resolved and every address checked before any connection
 * (push-endpoints.ts), the connection goes to that checked address, redirects are not followed,
 * and only the status line is read (the body is dropped unread), all under one deadline.
 */
export function createWebPushSender(keys: VapidKeys, options: WebPushSenderOptions): PushSender {
  const resolve = options.resolve ?? systemResolver;
  const timeoutMs = options.timeoutMs ?? pushRequestTimeoutMs;
  return {
    publicKey: keys.publicKey,
    async send(target, payload) {
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: timeToLiveSeconds,
          contentEncoding: 'aes128gcm',
          urgency: 'normal',
        },
      );
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        const url = new URL(details.endpoint);
        const resolved = await Promise.race([
          checkedAddress(url, options.policy, resolve),
          new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true })),
        ]);
        const status = await post(url, resolved, details, signal);
        if (status >= 200 && status < 300) return { kind: 'sent' };
        // The push service forgot the subscription (unsubscribed, expired): it will never work again.
        if (status === 404 || status === 410) return { kind: 'gone', status };
        return { kind: 'failed', status };
      } catch (error) {
        if (error instanceof RefusedPushAddress) return { kind: 'refused', reason: error.message };
        return { kind: 'failed', error: error instanceof Error ? error.name : 'error' };
      }
    },
  };
}

type RequestDetails = ReturnType<typeof webpush.generateRequestDetails>;

function post(url: URL, resolved: { address: string; family: number }, details: RequestDetails, signal: AbortSignal): Promise<number> {
  // The connection goes to the address checked above, whatever a second resolution would say.
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [resolved]);
    else callback(null, resolved.address, resolved.family);
  };
  const body = details.body ? Buffer.from(details.body) : undefined;
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<number>((resolvePromise, reject) => {
    const request = transport.request(
      url,
      {
        method: details.method,
        headers: { ...(details.headers as Record<string, string>), ...(body ? { 'content-length': String(body.length) } : {}) },
        lookup: pinned,
        signal,
        agent: false,
      },
      (response) => {
        // The status is all we need: nothing of the answer is read or kept.
        resolvePromise(response.statusCode ?? 0);
        response.destroy();
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

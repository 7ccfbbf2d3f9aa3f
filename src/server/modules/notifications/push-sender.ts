import webpush from 'web-push';
import type { PushPayload } from '#domain/schemas/notifications';
import type { VapidKeys } from './vapid';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** How one push went: delivered to the push service, gone (drop the subscription), or worth trying again. */
export type PushOutcome = { kind: 'sent' } | { kind: 'gone'; status: number } | { kind: 'failed'; status?: number; error?: string };

export interface PushSender {
  publicKey: string;
  send(target: PushTarget, payload: PushPayload): Promise<PushOutcome>;
}

/** A push the phone may still show a day late (offline); older than that it is no news. */
const timeToLiveSeconds = 24 * 60 * 60;
const requestTimeoutMs = 10_000;

/**
 * The web-push library encrypts the payload (RFC 8291, aes128gcm) and signs the VAPID JWT; the
 * request goes out with fetch so that it has a deadline and one code path for every endpoint.
 */
export function createWebPushSender(keys: VapidKeys, fetchImpl: typeof fetch = fetch): PushSender {
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
      try {
        const response = await fetchImpl(details.endpoint, {
          method: details.method,
          headers: details.headers as Record<string, string>,
          body: details.body ? new Uint8Array(details.body) : null,
          redirect: 'error',
          signal: AbortSignal.timeout(requestTimeoutMs),
        });
        await response.body?.cancel();
        if (response.status >= 200 && response.status < 300) return { kind: 'sent' };
        // The push service forgot the subscription (unsubscribed, expired): it will never work again.
        if (response.status === 404 || response.status === 410) return { kind: 'gone', status: response.status };
        return { kind: 'failed', status: response.status };
      } catch (error) {
        return { kind: 'failed', error: error instanceof Error ? error.name : 'error' };
      }
    },
  };
}

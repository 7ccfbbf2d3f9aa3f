import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service on a local port that does what a browser and its push service do together: it
 * holds a subscription's private key and auth secret, checks the sender's VAPID token against the
 * public key it came with, and decrypts the message (RFC 8291, aes128gcm). What a test reads is what
 * a phone would have shown, not what our code meant to send.
 */
export interface ReceivedPush {
  subscription: string;
  /** The decrypted body, parsed as JSON. */
  payload: unknown;
  ttl: number;
  urgency: string | undefined;
  /** The VAPID public key the token was signed with (base64url). */
  vapidKey: string;
  /** The token's claims: aud (the endpoint's origin), exp, sub. */
  claims: { aud: string; exp: number; sub: string };
  /** When it arrived (ms since the epoch): the soak measures how long news took to reach a phone. */
  receivedAt: number;
}

export interface TestSubscription {
  name: string;
  /** What the browser's PushSubscription.toJSON() would give. */
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

export interface TestPushService {
  origin: string;
  subscribe(name: string): TestSubscription;
  received: ReceivedPush[];
  /** Refused messages and why (bad token, undecryptable body): a test expects none. */
  refused: string[];
  /** The next answers for a subscription (404, 410, 500…), one per message, before the usual 201. */
  answerNext(name: string, ...statuses: number[]): void;
  close(): Promise<void>;
}

function fromBase64url(text: string): Buffer {
  return Buffer.from(text, 'base64url');
}

function verifyVapid(authorization: string | undefined, origin: string): { key: string; claims: ReceivedPush['claims'] } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${authorization ?? '(none)'}`);
  const [, token, key] = match as unknown as [string, string, string];
  const [header, body, signature] = token.split('.');
  if (!header || !body || !signature) throw new Error('malformed token');
  const raw = fromBase64url(key);
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    fromBase64url(signature),
  );
  if (!signed) throw new Error('VAPID signature does not verify');
  const alg = (JSON.parse(fromBase64url(header).toString('utf8')) as { alg?: string }).alg;
  if (alg !== 'ES256') throw new Error(`alg ${alg}`);
  const claims = JSON.parse(fromBase64url(body).toString('utf8')) as ReceivedPush['claims'];
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`);
  const nowSeconds = Date.now() / 1000;
  if (!(claims.exp > nowSeconds && claims.exp <= nowSeconds + 24 * 3600)) throw new Error('exp not within the next 24 hours');
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`sub ${claims.sub}`);
  return { key, claims };
}

function decrypt(body: Buffer, userAgent: { ecdh: ReturnType<typeof createECDH>; auth: Buffer }): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error('keyid is not the sender public key');
  if (record.length > recordSize) throw new Error('more than one record');
  const secret = userAgent.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), userAgent.ecdh.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, userAgent.auth, keyInfo, 32));
  const contentKey = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('last record delimiter missing');
  return padded.subarray(0, end);
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startTestPushService(): Promise<TestPushService> {
  const subscriptions = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer; answers: number[] }>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  let origin = '';
  const server = createServer((request, response) => {
    void (async () => {
      const name = decodeURIComponent((request.url ?? '').replace(/^\/push\//, ''));
      const subscription = subscriptions.get(name);
      const body = await readBody(request);
      if (request.method !== 'POST' || !subscription) {
        response.writeHead(404).end();
        return;
      }
      const answer = subscription.answers.shift();
      if (answer !== undefined) {
        response.writeHead(answer).end();
        return;
      }
      try {
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${request.headers['content-encoding']}`);
        const { key, claims } = verifyVapid(request.headers.authorization, origin);
        const payload: unknown = JSON.parse(decrypt(body, subscription).toString('utf8'));
        const urgency = request.headers.urgency;
        received.push({
          subscription: name,
          payload,
          ttl: Number(request.headers.ttl),
          urgency: typeof urgency === 'string' ? urgency : undefined,
          vapidKey: key,
          claims,
          receivedAt: Date.now(),
        });
        response.writeHead(201).end();
      } catch (error) {
        refused.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
        response.writeHead(400).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    refused,
    subscribe(name) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      subscriptions.set(name, { ecdh, auth, answers: [] });
      return {
        name,
        json: {
          endpoint: `${origin}/push/${encodeURIComponent(name)}`,
          expirationTime: null,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
      };
    },
    answerNext(name, ...statuses) {
      subscriptions.get(name)?.answers.push(...statuses);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

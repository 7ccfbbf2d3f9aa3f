import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Language } from '#domain/locales';
import type { AuthenticatedSession } from '../modules/accounts/session-lookup';
import { requestLanguage } from './language';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Smaller answers go as they are: compressing them costs more than it saves. */
const compressAbove = 1024;

const encodings = ['br', 'gzip'] as const;
type Encoding = (typeof encodings)[number];

interface Answer {
  version: number;
  /** What the answer was asked with: a writer recomputes it from this (CustomerAnswers.keptFor). */
  asked: KeptAnswer;
  etag: string;
  json: Buffer;
  /**
   * Compressed when first asked for, or when a writer offers it in the encodings the answer it
   * replaces was sent in (CustomerAnswers.offer): most versions of a busy customer's answer are
   * read once, in one encoding.
   */
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
}

/** An answer its maker has already serialised (JSON text): kept and sent as it is. */
export class JsonText {
  constructor(readonly text: string) {}
}

/** One kept answer of a customer's GET: the language and the parsed query string it was asked with. */
export interface KeptAnswer {
  userId: string;
  /** The route's path, as `request.routeOptions.url` names it. */
  path: string;
  language: Language;
  /** The request's query string as the route parsed it (its schema's output), `{}` without one. */
  query: unknown;
  /** The raw query string and variant: with the rest, what tells this answer from another. */
  rest: string;
}

export interface CustomerAnswers {
  /**
   * Answer a customer's GET from what was computed for the same customer, URL and language at their
   * current data version (AuthenticatedSession.version, raised by the database on every write that
   * changes it), or compute and keep it. If-None-Match with the current ETag gets a 304.
   * `variant` names what else the answer depends on besides the data (the current month of a
   * chart): another variant is another answer, with another ETag.
   */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    session: AuthenticatedSession,
    compute: () => Promise<unknown>,
    variant?: string,
  ): Promise<FastifyReply>;
  /** The answers this process keeps for a customer's GET `path`, whatever their version. */
  keptFor(userId: string, path: string): KeptAnswer[];
  /**
   * A writer's answer at the version its transaction made, kept as if a call at that version had
   * computed it (unless a newer one is kept). Only once that transaction committed, and only with
   * a value read inside it after its write raised the version: the raise holds the customer's
   * version row to the commit, so no other change to their data can come in between. Its
   * compression in the encodings the answer it replaces was sent in starts at once (on zlib's
   * threads), so the customer's next read sends it ready instead of waiting for it.
   */
  offer(kept: KeptAnswer, version: number, value: unknown): void;
  /**
   * A writer of this process whose transaction makes `version` of the customer's data, and that
   * will offer its answers once committed: from its commit to its offer, a read that finds that
   * version in the database waits for the offer instead of computing the same answers again
   * (on PostgreSQL behind the writers holding the pool's connections, far longer than the offer,
   * which comes within a turn of the event loop). Call the function it returns once the writer
   * has offered, or has failed: a read waiting for it then computes.
   */
  expect(userId: string, version: number): () => void;
}

function etagOf(key: string, version: number): string {
  return `"${version}-${createHash('sha256').update(key).digest('base64url').slice(0, 16)}"`;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/** The encoding the client takes that we have, best first (brotli, then gzip). */
function pickEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, quality]) => quality === undefined || !/^q=0(\.0*)?$/.test(quality.trim()))
      .map(([name]) => name?.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

export function createCustomerAnswers(limits: { maxBytes: number } = { maxBytes: 64 * 1024 * 1024 }): CustomerAnswers {
  // Each customer's kept keys, for writers to find what to recompute (keptFor).
  const keysOf = new Map<string, Set<string>>();
  const answers = new LRUCache<string, Answer>({
    maxSize: limits.maxBytes,
    // The encodings come later, and JSON compresses to well under a quarter: room for them is counted now.
    sizeCalculation: (answer) => Math.ceil(answer.json.length * 1.25) + 200,
    dispose: (answer, key, reason) => {
      // A replaced answer keeps its key; an evicted or deleted one leaves the index.
      if (reason === 'set') return;
      const keys = keysOf.get(answer.asked.userId);
      keys?.delete(key);
      if (keys?.size === 0) keysOf.delete(answer.asked.userId);
    },
  });

  // The writers between their last change and their offer (CustomerAnswers.expect), by customer and version.
  const expected = new Map<string, Set<Promise<void>>>();
  const expectedKey = (userId: string, version: number) => `${userId}\u0000${version}`;

  const keyOf = (asked: KeptAnswer) => `${asked.userId}\u0000${asked.language}\u0000${asked.path}${asked.rest}`;

  function keep(key: string, answer: Answer) {
    answers.set(key, answer);
    let keys = keysOf.get(answer.asked.userId);
    if (!keys) keysOf.set(answer.asked.userId, (keys = new Set()));
    keys.add(key);
  }

  // Calls that miss together wait for one computation: 32 phones opening the same history at once
  // would otherwise each run the same query, one after the other on an embedded database.
  const inFlight = new Map<string, { version: number; answer: Promise<Answer> }>();

  function buildOnce(key: string, asked: KeptAnswer, version: number, compute: () => Promise<unknown>): Promise<Answer> {
    const running = inFlight.get(key);
    if (running && running.version === version) return running.answer;
    const answer = build(key, asked, version, compute).finally(() => {
      if (inFlight.get(key)?.answer === answer) inFlight.delete(key);
    });
    inFlight.set(key, { version, answer });
    return answer;
  }

  const answerOf = (key: string, asked: KeptAnswer, version: number, value: unknown): Answer => {
    const json = Buffer.from(value instanceof JsonText ? value.text : JSON.stringify(value));
    return { version, asked, etag: etagOf(key, version), json, encoded: {} };
  };

  async function build(key: string, asked: KeptAnswer, version: number, compute: () => Promise<unknown>): Promise<Answer> {
    return answerOf(key, asked, version, await compute());
  }

  /**
   * Once per version and encoding, off the event loop (zlib runs on libuv's thread pool). Brotli at
   * quality 3: a busy customer's answer is compressed anew after every write, on the two cores
   * every other call shares, and with both busy the pool's thread takes its time from the event
   * loop's. Quality 4 (another match finder) took three times as long on a page of history rows
   * for 1 % fewer bytes (bench/results/history.md, Figures once written in code comments).
   */
  function encode(answer: Answer, encoding: Encoding): Promise<Buffer> {
    answer.encoded[encoding] ??=
      encoding === 'gzip'
        ? gzipAsync(answer.json, { level: 6 })
        : brotliAsync(answer.json, {
            params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 3, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: answer.json.length },
          });
    return answer.encoded[encoding];
  }

  return {
    async send(request, reply, session, compute, variant) {
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const asked: KeptAnswer = {
        userId: session.userId,
        path: request.routeOptions.url ?? request.url.split('?')[0] ?? '',
        language: requestLanguage(request),
        query: request.query ?? {},
        rest: `${search}${variant === undefined ? '' : `\u0000${variant}`}`,
      };
      const key = keyOf(asked);
      let answer = answers.get(key);
      const offering = answer?.version === session.version ? undefined : expected.get(expectedKey(session.userId, session.version));
      if (offering) {
        await Promise.all(offering);
        answer = answers.get(key);
      }
      if (!answer || answer.version !== session.version) {
        answer = await buildOnce(key, asked, session.version, compute);
        // A write may have raised the version while this was computed: the older one never replaces it.
        const current = answers.get(key);
        if (!current || current.version <= answer.version) keep(key, answer);
      }
      reply.header('etag', answer.etag);
      reply.header('vary', 'authorization, accept-language, accept-encoding');
      if (matches(request.headers['if-none-match'], answer.etag)) return reply.status(304).send();
      reply.type('application/json; charset=utf-8');
      const encoding = answer.json.length > compressAbove ? pickEncoding(request.headers['accept-encoding']) : undefined;
      if (encoding) return reply.header('content-encoding', encoding).send(await encode(answer, encoding));
      return reply.send(answer.json);
    },

    keptFor(userId, path) {
      return [...(keysOf.get(userId) ?? [])].flatMap((key) => {
        const asked = answers.peek(key)?.asked;
        return asked && asked.path === path ? [asked] : [];
      });
    },

    expect(userId, version) {
      const key = expectedKey(userId, version);
      let settle!: () => void;
      const settled = new Promise<void>((resolve) => {
        settle = resolve;
      });
      let writers = expected.get(key);
      if (!writers) expected.set(key, (writers = new Set()));
      writers.add(settled);
      return () => {
        settle();
        writers.delete(settled);
        if (writers.size === 0 && expected.get(key) === writers) expected.delete(key);
      };
    },

    offer(asked, version, value) {
      const key = keyOf(asked);
      const current = answers.peek(key);
      if (current && current.version >= version) return;
      const answer = answerOf(key, asked, version, value);
      keep(key, answer);
      if (!current || answer.json.length <= compressAbove) return;
      for (const encoding of encodings) {
        if (!current.encoded[encoding]) continue;
        const encoded = encode(answer, encoding);
        // Nobody may be waiting for it yet: a failure is not left unhandled, and the next read
        // compresses again (and meets the error itself, if it lasts).
        encoded.catch(() => {
          if (answer.encoded[encoding] === encoded) delete answer.encoded[encoding];
        });
      }
    },
  };
}

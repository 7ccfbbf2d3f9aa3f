import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { AuthenticatedSession } from '../modules/accounts/session-lookup';
import { requestLanguage } from './language';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Smaller answers go as they are: compressing them costs more than it saves. */
const compressAbove = 1024;

type Encoding = 'br' | 'gzip';

interface Answer {
  version: number;
  etag: string;
  json: Buffer;
  /** Compressed when first asked for: most versions of a busy customer's answer are read once, in one encoding. */
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
}

/** An answer its maker has already serialised (JSON text): kept and sent as it is. */
export class JsonText {
  constructor(readonly text: string) {}
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
  const answers = new LRUCache<string, Answer>({
    maxSize: limits.maxBytes,
    // The encodings come later, and JSON compresses to well under a quarter: room for them is counted now.
    sizeCalculation: (answer) => Math.ceil(answer.json.length * 1.25) + 200,
  });

  // Calls that miss together wait for one computation: 32 phones opening the same history at once
  // would otherwise each run the same query, one after the other on an embedded database.
  const inFlight = new Map<string, { version: number; answer: Promise<Answer> }>();

  function buildOnce(key: string, version: number, compute: () => Promise<unknown>): Promise<Answer> {
    const running = inFlight.get(key);
    if (running && running.version === version) return running.answer;
    const answer = build(key, version, compute).finally(() => {
      if (inFlight.get(key)?.answer === answer) inFlight.delete(key);
    });
    inFlight.set(key, { version, answer });
    return answer;
  }

  async function build(key: string, version: number, compute: () => Promise<unknown>): Promise<Answer> {
    const value = await compute();
    const json = Buffer.from(value instanceof JsonText ? value.text : JSON.stringify(value));
    return { version, etag: etagOf(key, version), json, encoded: {} };
  }

  /** Once per version and encoding, off the event loop (zlib runs on libuv's thread pool). */
  function encode(answer: Answer, encoding: Encoding): Promise<Buffer> {
    answer.encoded[encoding] ??=
      encoding === 'gzip'
        ? gzipAsync(answer.json, { level: 6 })
        : brotliAsync(answer.json, {
            params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: answer.json.length },
          });
    return answer.encoded[encoding];
  }

  return {
    async send(request, reply, session, compute, variant) {
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const path = request.routeOptions.url ?? request.url.split('?')[0];
      const key = `${session.userId}\u0000${requestLanguage(request)}\u0000${path}${search}${variant === undefined ? '' : `\u0000${variant}`}`;
      let answer = answers.get(key);
      if (!answer || answer.version !== session.version) {
        answer = await buildOnce(key, session.version, compute);
        // A write may have raised the version while this was computed: the older one never replaces it.
        const current = answers.get(key);
        if (!current || current.version <= answer.version) answers.set(key, answer);
      }
      reply.header('etag', answer.etag);
      reply.header('vary', 'authorization, accept-language, accept-encoding');
      if (matches(request.headers['if-none-match'], answer.etag)) return reply.status(304).send();
      reply.type('application/json; charset=utf-8');
      const encoding = answer.json.length > compressAbove ? pickEncoding(request.headers['accept-encoding']) : undefined;
      if (encoding) return reply.header('content-encoding', encoding).send(await encode(answer, encoding));
      return reply.send(answer.json);
    },
  };
}

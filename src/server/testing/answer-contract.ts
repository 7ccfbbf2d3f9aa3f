import type { IncomingMessage } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiErrorAnswer } from '#domain/schemas/error-answers';

/** The text of an answer as the client reads it (the customer calls send brotli or gzip). */
function answerText(payload: unknown, encoding: unknown): string | undefined {
  const raw = typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : undefined;
  if (!raw || raw.length === 0) return undefined;
  const decoded = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
  return decoded.toString('utf8');
}

function isJson(contentType: unknown): boolean {
  return typeof contentType === 'string' && /^application\/(.+\+)?json\b/.test(contentType);
}

/** What is wrong with one answer, measured against what its route declares; undefined when nothing is. */
export function answerViolation(request: FastifyRequest, reply: FastifyReply, payload: unknown): string | undefined {
  if (request.method === 'HEAD') return undefined;
  const status = reply.statusCode;
  const where = `${request.method} ${request.routeOptions.url ?? request.url} answered ${status}`;
  const schema = request.routeOptions.schema;
  if (schema?.hide) return undefined;
  // No route: the app's pages (served by the not-found handler) are not the API's; its errors are.
  const routeless = request.routeOptions.url === undefined;
  if (routeless && status < 400) return undefined;
  // A file or another stream: its status is checked, not its body.
  if (payload !== null && payload !== undefined && typeof payload !== 'string' && !Buffer.isBuffer(payload)) {
    const response: unknown = schema?.response;
    const declaresStatus = typeof response === 'object' && response !== null && String(status) in response;
    return routeless || declaresStatus ? undefined : `${where}, a status the route does not declare`;
  }
  const contentType = reply.getHeader('content-type');
  const text = answerText(payload, reply.getHeader('content-encoding'));
  let body: unknown = null;
  if (text !== undefined) {
    if (!isJson(contentType)) return status >= 400 ? `${where} with ${String(contentType)}, not the JSON error shape` : undefined;
    try {
      body = JSON.parse(text);
    } catch {
      return `${where} with a body that is not JSON`;
    }
  }
  const declared = routeless ? { [status]: apiErrorAnswer } : schema?.response;
  if (!declared || typeof declared !== 'object') return `${where}, but the route declares no answers`;
  const answer: unknown = (declared as Record<string, unknown>)[String(status)];
  if (answer === undefined) return `${where}, a status the route does not declare (${Object.keys(declared).join(', ')})`;
  // The error answers are zod's mini build (src/domain/schemas/error-answers.ts): both builds share the core type.
  if (!(answer instanceof z.core.$ZodType)) return `${where}: its declared answer is not a zod schema`;
  const result = z.safeParse(answer, body);
  if (result.success) return undefined;
  return `${where} with a body its declared schema refuses:\n${z.prettifyError(result.error)}\nbody: ${JSON.stringify(body).slice(0, 2000)}`;
}

export interface AnswerContract {
  /** The violation of the answer to this request, forgotten once taken. */
  take(request: IncomingMessage): string | undefined;
  /** Violations not yet taken (answers to requests made without the checked inject). */
  remaining(): string[];
}

/**
 * Checks every answer of the app against its route's declared answer for its status (tests only:
 * in production answers are not parsed again). Must be added before the app is ready.
 */
export function checkAnswers(app: FastifyInstance): AnswerContract {
  const violations = new Map<IncomingMessage, string>();
  app.addHook('onSend', async (request, reply, payload) => {
    const violation = answerViolation(request, reply, payload);
    if (violation) violations.set(request.raw, violation);
    return payload;
  });
  return {
    take(request) {
      const violation = violations.get(request);
      violations.delete(request);
      return violation;
    },
    remaining: () => [...violations.values()],
  };
}

// A keep-alive HTTP client for benches that check answers: times a call from sending to its last
// byte and keeps the body as it came. Decompressing and parsing are the caller's, after the load:
// the bench process shares the CPU with the server, and its own work must not slow the server down.
import { Agent, request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface TimedAnswer {
  status: number;
  ms: number;
  /** As sent (see `decoded`). */
  body: Buffer;
  encoding: string | undefined;
}

/** The body of an answer, decompressed. */
export function decoded(answer: TimedAnswer): Buffer {
  if (answer.encoding === 'br') return brotliDecompressSync(answer.body);
  if (answer.encoding === 'gzip') return gunzipSync(answer.body);
  return answer.body;
}

/** What a call ended with: an answer (of any status), or no answer at all. */
export type CallOutcome = { kind: 'answer'; answer: TimedAnswer } | { kind: 'error'; message: string } | { kind: 'timeout' };

export function keepAliveAgent(sockets: number): Agent {
  return new Agent({ keepAlive: true, maxSockets: sockets });
}

export function timedCall(
  agent: Agent,
  url: string,
  init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string; timeoutMs?: number } = {},
): Promise<CallOutcome> {
  return new Promise((settle) => {
    const started = performance.now();
    const call = request(url, { agent, method: init.method ?? 'GET', headers: init.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const ms = performance.now() - started;
        const answer = {
          status: response.statusCode ?? 0,
          ms,
          body: Buffer.concat(chunks),
          encoding: response.headers['content-encoding'],
        };
        settle({ kind: 'answer', answer });
      });
      response.on('error', (error) => settle({ kind: 'error', message: error.message }));
    });
    call.setTimeout(init.timeoutMs ?? 10_000, () => {
      call.destroy();
      settle({ kind: 'timeout' });
    });
    call.on('error', (error) => settle({ kind: 'error', message: error.message }));
    call.end(init.body);
  });
}

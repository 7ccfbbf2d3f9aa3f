import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DoubleRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
  rawBody: string;
}

export interface DoubleAnswer {
  status: number;
  body?: unknown;
  /** The call is carried out, then the connection is cut before any answer: a timeout mid-call as the caller sees it. */
  dropAnswer?: boolean;
}

export interface RunningDouble {
  url: string;
  close(): Promise<void>;
}

/** A provider's double over HTTP on 127.0.0.1 (an ephemeral port unless one is given). */
export async function serveDouble(
  handle: (request: DoubleRequest) => DoubleAnswer | Promise<DoubleAnswer>,
  port = 0,
): Promise<RunningDouble> {
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      let body: unknown = rawBody;
      if ((request.headers['content-type'] ?? '').includes('json') && rawBody !== '') {
        try {
          body = JSON.parse(rawBody) as unknown;
        } catch {
          body = undefined;
        }
      }
      void Promise.resolve(
        handle({
          method: request.method ?? 'GET',
          path: new URL(request.url ?? '/', 'http://double').pathname,
          headers: request.headers,
          body,
          rawBody,
        }),
      ).then(
        (answer) => {
          if (answer.dropAnswer) {
            request.socket.destroy();
            return;
          }
          response.writeHead(answer.status, { 'content-type': 'application/json' });
          response.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
        },
        (error: unknown) => {
          response.writeHead(500, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ error: String(error) }));
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A webhook delivery as the provider makes it: the exact bytes and the headers that vouch for them. */
export interface WebhookDelivery {
  body: string;
  headers: Record<string, string>;
}

/** Posts a delivery to a webhook URL (a local start's double, where no test delivers by hand). */
export async function deliver(url: string, delivery: WebhookDelivery): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...delivery.headers },
    body: delivery.body,
  });
  return response.status;
}

import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from './error-handler';

/** Errors as the two drivers give them when the connection under a query goes, wrapped as drizzle wraps them. */
function wrapped(cause: Error): Error {
  return new Error('Failed query: select 1\nparams: private@example.com', { cause });
}

const lostConnections: [string, Error][] = [
  ['node-postgres: the socket closed', wrapped(new Error('Connection terminated unexpectedly'))],
  [
    'PostgreSQL shutting down (57P01)',
    wrapped(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })),
  ],
  ['a connection exception (08006)', wrapped(Object.assign(new Error('connection failure'), { code: '08006' }))],
  ['the socket reset', wrapped(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))],
];

describe('an answer when a write lost a lock race it did not retry', () => {
  it.each([
    ['a deadlock (40P01)', wrapped(Object.assign(new Error('deadlock detected'), { code: '40P01' }))],
    ['a serialization failure (40001)', wrapped(Object.assign(new Error('could not serialize access'), { code: '40001' }))],
  ])('%s: 503 SERVICE_BUSY with Retry-After, never 500', async (_name, error) => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/fails', () => {
      throw error;
    });
    const answer = await app.inject({ method: 'GET', url: '/fails' });
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('1');
    expect(answer.json().error.code).toBe('SERVICE_BUSY');
    expect(answer.body).not.toContain('private@example.com');
    await app.close();
  });
});

describe('an answer when the database connection is lost under a request', () => {
  it.each(lostConnections)('%s: 503 SERVICE_BUSY in the caller’s language, with Retry-After, never 500', async (_name, error) => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/fails', () => {
      throw error;
    });
    const answer = await app.inject({ method: 'GET', url: '/fails', headers: { 'accept-language': 'fr-FR' } });
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('1');
    expect(answer.json().error.code).toBe('SERVICE_BUSY');
    expect(answer.json().error.message).toContain('rien n’a été modifié');
    expect(answer.body).not.toContain('private@example.com');
    await app.close();
  });

  it('another database failure stays a 500 with no detail', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/fails', () => {
      throw wrapped(Object.assign(new Error('division by zero'), { code: '22012' }));
    });
    const answer = await app.inject({ method: 'GET', url: '/fails' });
    expect(answer.statusCode).toBe(500);
    expect(answer.json().error.code).toBe('RS_0001');
    await app.close();
  });
});

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';

const alive = z.object({ status: z.literal('ok') });
const ready = z.object({ status: z.literal('ready') });
const unavailable = z.object({ status: z.literal('unavailable') });

export function registerHealthRoutes(instance: FastifyInstance, db: Database) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get('/healthz', { schema: { summary: 'The process answers', response: { 200: alive } } }, async () => ({ status: 'ok' }) as const);

  /** Ready means the database answers: a load balancer sends no traffic before that. */
  app.get(
    '/readyz',
    { schema: { summary: 'The database answers', response: { 200: ready, 503: unavailable } } },
    async (request, reply) => {
      try {
        await db.execute(sql`select 1`);
        return { status: 'ready' } as const;
      } catch (error) {
        request.log.warn({ err: error }, 'database not ready');
        return reply.status(503).send({ status: 'unavailable' });
      }
    },
  );
}

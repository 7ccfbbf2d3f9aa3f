import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';

export function registerHealthRoutes(app: FastifyInstance, db: Database) {
  app.get('/healthz', async () => ({ status: 'ok' }));

  /** Ready means the database answers: a load balancer sends no traffic before that. */
  app.get('/readyz', async (request, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: error }, 'database not ready');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}

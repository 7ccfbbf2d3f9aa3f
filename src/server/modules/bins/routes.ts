import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { binsQuery, type AppConfig } from '../../../domain/bins';
import type { AppContext } from '../../app';
import { parseInput } from '../../http/validation';
import { listBins } from './service';

const gzipAsync = promisify(gzip);

/** Below this, compressing costs more than it saves. */
const compressFrom = 1024;

/** Return bins (issue 8): the public list per market, and the app's run-time settings. */
export async function registerBinRoutes(api: FastifyInstance, context: AppContext) {
  api.get('/bins', async (request, reply) => {
    const query = parseInput(binsQuery, request.query);
    // The same for everyone: the service worker serves it stale-while-revalidate, offline too.
    reply.header('cache-control', 'public, max-age=300');
    reply.header('vary', 'accept-encoding');
    reply.type('application/json; charset=utf-8');
    const body = JSON.stringify({ data: await listBins(context.db, query.country_code) });
    // A big market is thousands of bins: the list shrinks about five times gzipped.
    const acceptsGzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    if (!acceptsGzip || body.length < compressFrom) return reply.send(body);
    reply.header('content-encoding', 'gzip');
    return reply.send(await gzipAsync(body));
  });

  api.get('/config', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return { data: { map_style_url: context.config.mapStyleUrl ?? null } satisfies AppConfig };
  });
}

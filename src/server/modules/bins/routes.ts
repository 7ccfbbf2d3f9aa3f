import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appConfigSchema, binSchema, binsQuery, type AppConfig } from '#domain/bins';
import { languageFromAcceptLanguage } from '#domain/locales';
import type { AppContext } from '../../app-context';
import { dataAnswer } from '../../http/api-schemas';
import { registerOperatorScope } from '../../http/operator-access';
import { registerBinOperatorRoutes } from './operator-routes';
import { listBins } from './service';

const gzipAsync = promisify(gzip);

/** Below this, compressing costs more than it saves. */
const compressFrom = 1024;

/** Return bins: the public list per market, the app's run-time settings, and the operators' import. */
export async function registerBinRoutes(instance: FastifyInstance, context: AppContext) {
  const api = instance.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/bins',
    { schema: { summary: 'The return bins of a market', querystring: binsQuery, response: { 200: dataAnswer(z.array(binSchema)) } } },
    async (request, typedReply) => {
      // The answer goes out as the JSON text made here (gzipped when it pays), not as an object.
      const reply: FastifyReply = typedReply;
      const query = request.query;
      // The same for everyone: the service worker serves it stale-while-revalidate, offline too.
      reply.header('cache-control', 'public, max-age=300');
      // Without a language in the address, the descriptions are in the browser's.
      reply.header('vary', 'accept-encoding, accept-language');
      reply.type('application/json; charset=utf-8');
      const language = query.language ?? languageFromAcceptLanguage(request.headers['accept-language']);
      const body = JSON.stringify({ data: await listBins(context.db, query.country_code, language) });
      // A big market is thousands of bins: the list shrinks about five times gzipped.
      const acceptsGzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
      if (!acceptsGzip || body.length < compressFrom) return reply.send(body);
      reply.header('content-encoding', 'gzip');
      return reply.send(await gzipAsync(body));
    },
  );

  api.get(
    '/config',
    { schema: { summary: "The app's run-time settings", response: { 200: dataAnswer(appConfigSchema) } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { data: { map_style_url: context.config.mapStyleUrl ?? null, map_origins: context.config.mapOrigins } satisfies AppConfig };
    },
  );

  await registerOperatorScope(api, context, (ops) => registerBinOperatorRoutes(ops, context));
}

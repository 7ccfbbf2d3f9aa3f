import type { FastifyInstance, FastifyReply } from 'fastify';
import { isSupportedLocale } from '../../../domain/markets';
import { isContentNamespace, type ContentStatus } from '../../../domain/content/namespaces';
import { namespaceFileQuery, translationQuery } from '../../../domain/schemas/content';
import type { AppContext } from '../../app';
import { ApiError } from '../../http/api-error';
import { parseInput } from '../../http/validation';
import { opsKeyGuard } from '../wallet/ops-routes';
import { readNamespace, readTranslations } from './content';

/** Published texts may sit in caches for a few minutes; a draft preview never does. */
function cacheFor(reply: FastifyReply, status: ContentStatus) {
  reply.header('cache-control', status === 'published' ? 'public, max-age=300' : 'no-store');
}

/**
 * Page content, public and read-only (the spec's CMS calls, served by this server so that no
 * credential lives in the client). Published texts are public; drafts need the operator key
 * (`X-Ops-Key`), like every other operator call. `GET /api/v2/translation?locale=` answers every namespace of a
 * locale as `{data: {translations}}`; `GET /locales/{lng}/{ns}.json` one namespace.
 */
export async function registerContentApiRoutes(api: FastifyInstance, context: AppContext) {
  // Drafts are unpublished work (and may announce what is not public yet): operators only.
  const requireOpsKey = opsKeyGuard(context);
  api.get('/translation', async (request, reply) => {
    const query = parseInput(translationQuery, request.query);
    if (query.strapi_status === 'draft') await requireOpsKey(request);
    if (!isSupportedLocale(query.locale)) throw new ApiError(404, 'NOT_FOUND');
    cacheFor(reply, query.strapi_status);
    return { data: { translations: await readTranslations(context.db, query.locale, query.strapi_status) } };
  });
}

export async function registerLocaleFileRoutes(app: FastifyInstance, context: AppContext) {
  const requireOpsKey = opsKeyGuard(context);
  app.get<{ Params: { locale: string; file: string } }>('/locales/:locale/:file', async (request, reply) => {
    const { locale, file } = request.params;
    const namespace = file.endsWith('.json') ? file.slice(0, -'.json'.length) : undefined;
    if (!isSupportedLocale(locale) || !isContentNamespace(namespace)) throw new ApiError(404, 'NOT_FOUND');
    const query = parseInput(namespaceFileQuery, request.query);
    if (query.strapi_status === 'draft') await requireOpsKey(request);
    cacheFor(reply, query.strapi_status);
    return readNamespace(context.db, locale, namespace, query.strapi_status);
  });
}

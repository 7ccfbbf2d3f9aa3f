import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isSupportedLocale, supportedLocales } from '#domain/markets';
import { contentNamespaces, type ContentStatus } from '#domain/content/namespaces';
import {
  contentDraftSchema,
  contentPageTextsSchema,
  contentPublishedSchema,
  namespaceFileQuery,
  translationQuery,
} from '#domain/schemas/content';
import type { AppContext } from '../../app-context';
import { ApiError } from '../../http/api-error';
import { dataAnswer, errorAnswers } from '../../http/api-schemas';
import { addressLimitKey } from '../../http/rate-limit';
import { inputValidator } from '../../http/validation';
import { authorizeOperator, currentActor, operatorAccess, registerOperatorScope } from '../../http/operator-access';
import { ContentInputError, publishDrafts, readDrafts, readNamespace, readTranslations, setContent } from './content';
import { listMissingTexts, recordMissingTexts } from './missing-texts';
import { missingTextBody, missingTextParams } from '#domain/schemas/missing-text-report';
import { missingTextsQuery, pageTextDraftBody, pageTextPublishBody } from '#domain/schemas/operator-requests';
import { missingTextSchema } from '#domain/schemas/missing-texts';

const pageParams = z.strictObject({
  locale: z.enum(supportedLocales, { error: 'invalidValue' }),
  namespace: z.enum(contentNamespaces, { error: 'invalidValue' }),
});
const textParams = pageParams.extend({ key: z.string().min(1).max(200, { error: 'tooLong' }) });

/** A text the content rules refuse (an unknown key): the field at fault, as every form error. */
async function asFieldError<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ContentInputError) throw new ApiError(400, 'VALIDATION_FAILED', { key: 'invalidValue' });
    throw error;
  }
}

/** Published texts are public; drafts are for operators with the content role (an editor's own session). */
const draftAccess = operatorAccess('content');
const publishedOrDraft = [{}, ...draftAccess];
const translations = dataAnswer(z.object({ translations: z.record(z.string(), z.record(z.string(), z.string())) }));
const namespaceFileParams = z.object({
  locale: z.enum(supportedLocales),
  file: z
    .enum(contentNamespaces.map((namespace) => `${namespace}.json` as const))
    .transform((file) => file.slice(0, -'.json'.length))
    .pipe(z.enum(contentNamespaces)),
});

/** Published texts may sit in caches for a few minutes; a draft preview never does. */
function cacheFor(reply: FastifyReply, status: ContentStatus) {
  reply.header('cache-control', status === 'published' ? 'public, max-age=300' : 'no-store');
}

/**
 * Page content, public and read-only (the content system's calls that earlier clients made, served
 * by this server so that no credential lives in the client). Published texts are public; drafts need an operator with
 * the content role (their session, or a token), like every other operator call. `GET /api/v2/translation?locale=` answers every namespace of a
 * locale as `{data: {translations}}`; `GET /locales/{lng}/{ns}.json` one namespace.
 */
export async function registerContentApiRoutes(instance: FastifyInstance, context: AppContext) {
  const api = instance.withTypeProvider<ZodTypeProvider>();
  // Drafts are unpublished work (and may announce what is not public yet): editors only.
  api.get(
    '/translation',
    {
      schema: {
        summary: 'Every page text of a locale',
        security: publishedOrDraft,
        querystring: translationQuery,
        response: { 200: translations, ...errorAnswers(404) },
      },
    },
    async (request, reply) => {
      const query = request.query;
      if (query.strapi_status === 'draft') await authorizeOperator(context, request, draftAccess);
      if (!isSupportedLocale(query.locale)) throw new ApiError(404, 'NOT_FOUND');
      cacheFor(reply, query.strapi_status);
      return { data: { translations: await readTranslations(context.db, query.locale, query.strapi_status) } };
    },
  );

  // The app's missing texts (i18next's saveMissing call): public, small, limited per address.
  api.post(
    '/locales/add/:lng/:ns',
    {
      // Every report counts against the limit, well-formed or not; an IPv6 sender's whole /64 is one budget.
      preValidation: async (request) => context.rateLimits.consume('missingTextsPerAddress', addressLimitKey(request.ip)),
      schema: {
        summary: 'Report texts the app lacks',
        params: missingTextParams,
        body: missingTextBody,
        response: { 200: dataAnswer(z.object({ recorded: z.number().int() })), ...errorAnswers(429) },
      },
    },
    async (request) => {
      // Past its share of new keys, a sender's report still counts the keys already listed.
      const mayAddKeys = async (newKeys: number) => {
        try {
          await context.rateLimits.consume('missingTextNewKeysPerAddress', addressLimitKey(request.ip), newKeys);
          return true;
        } catch (error) {
          if (error instanceof ApiError && error.status === 429) return false;
          throw error;
        }
      };
      const { lng, ns } = request.params;
      return { data: { recorded: await recordMissingTexts(context.db, lng, ns, request.body, context.now(), mayAddKeys) } };
    },
  );

  await registerOperatorScope(api, context, (ops) => {
    ops.get(
      '/missing-texts',
      {
        schema: {
          summary: 'Texts the app reported missing, most reported first',
          security: operatorAccess('content'),
          querystring: missingTextsQuery,
          response: { 200: dataAnswer(z.array(missingTextSchema)) },
        },
      },
      async (request) => ({ data: await listMissingTexts(context.db, request.query) }),
    );
    ops.get(
      '/content/:locale/:namespace',
      {
        schema: {
          summary: "A page's published texts and its drafts",
          security: operatorAccess('content'),
          params: pageParams,
          response: { 200: dataAnswer(contentPageTextsSchema) },
        },
      },
      async (request) => {
        const { locale, namespace } = request.params;
        const [published, drafts] = await Promise.all([
          readNamespace(context.db, locale, namespace, 'published'),
          readDrafts(context.db, locale, namespace),
        ]);
        return { data: { published, drafts } };
      },
    );
    ops.put(
      '/content/:locale/:namespace/:key',
      {
        schema: {
          summary: 'Write a draft of one text (previewed with strapi_status=draft until published)',
          security: operatorAccess('content'),
          params: textParams,
          body: pageTextDraftBody,
          response: { 200: dataAnswer(contentDraftSchema) },
        },
      },
      async (request) => {
        const { locale, namespace, key } = request.params;
        await asFieldError(() =>
          setContent(context.db, currentActor(request), [{ locale, namespace, key, text: request.body.text }], 'draft'),
        );
        return { data: { key, text: request.body.text, status: 'draft' as const } };
      },
    );
    ops.post(
      '/content/:locale/publish',
      {
        schema: {
          summary: 'Publish the drafts of a locale (of one page, or all)',
          security: operatorAccess('content'),
          params: pageParams.pick({ locale: true }),
          body: pageTextPublishBody,
          response: { 200: dataAnswer(contentPublishedSchema) },
        },
      },
      async (request) => ({
        data: { published: await publishDrafts(context.db, currentActor(request), request.params.locale, request.body.namespace) },
      }),
    );
  });
}

export async function registerLocaleFileRoutes(instance: FastifyInstance, context: AppContext) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/locales/:locale/:file',
    {
      schema: {
        summary: 'The texts of one page in a locale',
        security: publishedOrDraft,
        params: namespaceFileParams,
        querystring: namespaceFileQuery,
        response: { 200: z.record(z.string(), z.string()), ...errorAnswers(404) },
      },
      // An unknown locale or page is no file at all.
      validatorCompiler: inputValidator({ unknownPathIsNotFound: true }),
    },
    async (request, reply) => {
      const { locale, file } = request.params;
      const query = request.query;
      if (query.strapi_status === 'draft') await authorizeOperator(context, request, draftAccess);
      cacheFor(reply, query.strapi_status);
      return readNamespace(context.db, locale, file, query.strapi_status);
    },
  );
}

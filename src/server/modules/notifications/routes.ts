import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  markNewsReadAnswerSchema,
  markNewsReadBodySchema,
  newsListAnswerSchema,
  newsQuerySchema,
  notificationSettingsAnswerSchema,
  notificationSettingsBodySchema,
  pushPublicKeyAnswerSchema,
  pushSubscriptionBodySchema,
  pushUnsubscribeBodySchema,
} from '#domain/schemas/notifications';
import type { AppContext } from '../../app-context';
import { ApiError } from '../../http/api-error';
import { customerSecurity, errorAnswers } from '../../http/api-schemas';
import { authenticate, currentSession, currentUserId } from '../accounts/authenticate';
import { isAcceptedEndpoint } from './push-endpoints';
import { listNews, markNewsRead, notificationSettingsOf, setEmailPreference, subscribePush, unsubscribePush } from './news';

/** News of money that moved, the phone's push subscription and the mail preference. */
export async function registerNotificationRoutes(instance: FastifyInstance, context: AppContext) {
  const api = instance.withTypeProvider<ZodTypeProvider>();
  const requireUser = authenticate(context);
  const publicKey = context.pushSender?.publicKey ?? null;

  api.get(
    '/push/public_key',
    { schema: { summary: 'The VAPID public key to subscribe with', response: { 200: pushPublicKeyAnswerSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { data: { public_key: publicKey } };
    },
  );

  const settings = { 200: notificationSettingsAnswerSchema };
  api.post(
    '/user/push_subscriptions',
    {
      preValidation: [requireUser, async (request) => context.rateLimits.consume('pushSubscriptionsPerUser', currentUserId(request))],
      schema: {
        summary: "Subscribe this browser to push (the browser's PushSubscription)",
        security: customerSecurity,
        body: pushSubscriptionBodySchema,
        response: { ...settings, 201: notificationSettingsAnswerSchema, ...errorAnswers(409, 429) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (!publicKey) throw new ApiError(409, 'PUSH_UNAVAILABLE');
      // Only the browsers' push services (or, on a local server, one on this machine): any other
      // address would have our server send requests wherever a customer says (push-endpoints.ts).
      if (!isAcceptedEndpoint(body.endpoint, context.pushPolicy))
        throw new ApiError(400, 'VALIDATION_FAILED', { endpoint: 'invalidValue' });
      const session = currentSession(request);
      const { created, taken } = await subscribePush(context.db, session.userId, session.familyId, body, context.now());
      // Another account's browser, named without its keys: nothing moves, and nothing says whose it is.
      if (taken) throw new ApiError(400, 'VALIDATION_FAILED', { endpoint: 'invalidValue' });
      return reply.status(created ? 201 : 200).send({ data: await notificationSettingsOf(context.db, session.userId) });
    },
  );

  api.delete(
    '/user/push_subscriptions',
    {
      preValidation: requireUser,
      schema: {
        summary: "Unsubscribe one of the caller's browsers",
        security: customerSecurity,
        body: pushUnsubscribeBodySchema,
        response: settings,
      },
    },
    async (request) => {
      await unsubscribePush(context.db, currentUserId(request), request.body.endpoint);
      return { data: await notificationSettingsOf(context.db, currentUserId(request)) };
    },
  );

  api.get(
    '/user/notification_settings',
    {
      preValidation: requireUser,
      schema: { summary: 'Push subscriptions known and the mail preference', security: customerSecurity, response: settings },
    },
    async (request) => ({ data: await notificationSettingsOf(context.db, currentUserId(request)) }),
  );

  api.patch(
    '/user/notification_settings',
    {
      preValidation: requireUser,
      schema: {
        summary: 'Mail the news too, or not',
        security: customerSecurity,
        body: notificationSettingsBodySchema,
        response: settings,
      },
    },
    async (request) => ({ data: await setEmailPreference(context.db, currentUserId(request), request.body.email) }),
  );

  api.get(
    '/user/news',
    {
      preValidation: requireUser,
      schema: {
        summary: 'Recent news, newest first',
        security: customerSecurity,
        querystring: newsQuerySchema,
        response: { 200: newsListAnswerSchema },
      },
    },
    async (request) => listNews(context.db, currentUserId(request), request.query.limit),
  );

  api.post(
    '/user/news/read',
    {
      preValidation: requireUser,
      schema: {
        summary: 'Mark news read (some, or all)',
        security: customerSecurity,
        body: markNewsReadBodySchema,
        response: { 200: markNewsReadAnswerSchema },
      },
    },
    async (request) => ({ data: await markNewsRead(context.db, currentUserId(request), request.body, context.now()) }),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactBody, contactResponse } from '#domain/schemas/contact';
import type { AppContext } from '../../app-context';
import { errorAnswers } from '../../http/api-schemas';
import { requestLanguage } from '../../http/language';
import { receiveContactMessage } from './contact';

const localeOfLanguage = { en: 'en-US', fr: 'fr-FR', ja: 'ja-JP' } as const;

/** POST /contact (public): the contact form, stored and mailed to support; 201. */
export async function registerContactRoutes(instance: FastifyInstance, context: AppContext) {
  const api = instance.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/contact',
    { schema: { summary: 'Send a message to support', body: contactBody, response: { 201: contactResponse, ...errorAnswers(429) } } },
    async (request, reply) => {
      const body = request.body;
      await context.rateLimits.consume('contactPerAddress', request.ip);
      await context.rateLimits.consume('contactPerEmail', body.email);
      const received = await receiveContactMessage(
        { db: context.db, mailer: context.mailer, supportEmail: context.config.supportEmail, now: context.now(), logger: request.log },
        body,
        localeOfLanguage[requestLanguage(request)],
      );
      return reply.status(201).send({ data: received });
    },
  );
}

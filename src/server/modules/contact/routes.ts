import type { FastifyInstance } from 'fastify';
import { contactBody } from '../../../domain/schemas/contact';
import type { AppContext } from '../../app';
import { requestLanguage } from '../../http/language';
import { parseInput } from '../../http/validation';
import { receiveContactMessage } from './contact';

const localeOfLanguage = { en: 'en-US', fr: 'fr-FR', ja: 'ja-JP' } as const;

/** POST /contact (public): the contact form, stored and mailed to support; 201. */
export async function registerContactRoutes(api: FastifyInstance, context: AppContext) {
  api.post('/contact', async (request, reply) => {
    const body = parseInput(contactBody, request.body);
    await context.rateLimits.consume('contactPerAddress', request.ip);
    await context.rateLimits.consume('contactPerEmail', body.email);
    const received = await receiveContactMessage(
      { db: context.db, mailer: context.mailer, supportEmail: context.config.supportEmail, now: context.now(), logger: request.log },
      body,
      localeOfLanguage[requestLanguage(request)],
    );
    return reply.status(201).send({ data: received });
  });
}

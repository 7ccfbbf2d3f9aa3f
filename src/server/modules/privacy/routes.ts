import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { deleteAccountBody, dsarBody } from '../../../domain/schemas/privacy';
import type { AppContext } from '../../app';
import { parseInput } from '../../http/validation';
import { authenticate, currentUserId } from '../accounts/authenticate';
import { opsKeyGuard } from '../wallet/ops-routes';
import { deleteAccount } from './deletion';
import { closeDataRequest, fileDataRequest, listDataRequests } from './dsar';
import { exportPersonalData, exportSectionsWith } from './export';
import type { PaymentCipher } from '../payments/encryption';

const dataRequestsQuery = z.strictObject({ status: z.enum(['open', 'all']).default('open') });
const dataRequestParams = z.strictObject({ id: z.uuid({ error: 'invalidValue' }) });

/** Account deletion, the personal-data export and data-subject requests (issue 9). */
export async function registerPrivacyRoutes(api: FastifyInstance, context: AppContext, paymentCipher: PaymentCipher) {
  const requireUser = authenticate(context);
  const sections = exportSectionsWith(paymentCipher);

  api.delete('/user', { preHandler: requireUser }, async (request) => {
    const body = parseInput(deleteAccountBody, request.body);
    await deleteAccount(context, { userId: currentUserId(request), password: body.password });
    return { data: { deleted: true } };
  });

  api.get('/user/export', { preHandler: requireUser }, async (request, reply) => {
    const data = await exportPersonalData(context, currentUserId(request), sections);
    const day = data.exported_at.slice(0, 10);
    reply.header('content-disposition', `attachment; filename="roundtrip-personal-data-${day}.json"`);
    reply.type('application/json; charset=utf-8');
    return JSON.stringify(data, null, 2);
  });

  api.post('/dsar', async (request, reply) => {
    const body = parseInput(dsarBody, request.body);
    await context.rateLimits.consume('dataRequestsPerAddress', request.ip);
    return reply.status(201).send({ data: await fileDataRequest(context, body, request.log) });
  });

  await api.register(
    async (ops) => {
      ops.addHook('onRequest', opsKeyGuard(context));
      ops.get('/dsar', async (request) => {
        const query = parseInput(dataRequestsQuery, request.query);
        return { data: await listDataRequests(context.db, { includeClosed: query.status === 'all', now: context.now() }) };
      });
      ops.post('/dsar/:id/close', async (request) => {
        const params = parseInput(dataRequestParams, request.params);
        return { data: await closeDataRequest(context.db, params.id, context.now()) };
      });
    },
    { prefix: '/ops' },
  );
}

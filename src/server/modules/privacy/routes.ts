import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userSchema } from '#domain/schemas/user';
import { balanceSchema } from '#domain/schemas/wallet';
import { dataRequestsPage, dataRequestsQuery, operatorDataRequestSchema } from '#domain/schemas/operator-answers';
import { deleteAccountBody, dsarBody, dsarReceipt } from '#domain/schemas/privacy';
import type { AppContext } from '../../app-context';
import { customerSecurity, dataAnswer, errorAnswers } from '../../http/api-schemas';
import { decodePageCursor, pageMeta, pageOf } from '../../http/page-cursor';
import { authenticate, currentUserId } from '../accounts/authenticate';
import { currentActor, operatorAccess, registerOperatorScope } from '../../http/operator-access';
import { deleteAccount } from './deletion';
import { closeDataRequest, dataRequestTotals, fileDataRequest, listDataRequests } from './dsar';
import { exportFormat, exportPersonalData, exportSectionsWith } from './export';
import type { PaymentCipher } from '../payments/encryption';

const dataRequestParams = z.strictObject({ id: z.uuid({ error: 'invalidValue' }) });
/** The personal-data file: each section a list of the person's rows (export.ts names them). */
const personalData = z.looseObject({
  format: z.literal(exportFormat),
  exported_at: z.string(),
  account: z.looseObject(userSchema.shape),
  balance: balanceSchema,
});

/** Account deletion, the personal-data export and data-subject requests. */
export async function registerPrivacyRoutes(instance: FastifyInstance, context: AppContext, paymentCipher: PaymentCipher) {
  const api = instance.withTypeProvider<ZodTypeProvider>();
  const requireUser = authenticate(context);
  const sections = exportSectionsWith(paymentCipher);

  api.delete(
    '/user',
    {
      preValidation: requireUser,
      schema: {
        summary: 'Delete the account',
        security: customerSecurity,
        body: deleteAccountBody,
        response: { 200: dataAnswer(z.object({ deleted: z.literal(true) })), ...errorAnswers(422, 429) },
      },
    },
    async (request) => {
      await deleteAccount(context, {
        userId: currentUserId(request),
        password: request.body.password,
        giveUpBalance: request.body.give_up_balance,
      });
      return { data: { deleted: true } } as const;
    },
  );

  api.get(
    '/user/export',
    {
      preValidation: requireUser,
      schema: { summary: 'Everything held about the customer, as a file', security: customerSecurity, response: { 200: personalData } },
    },
    async (request, typedReply) => {
      // The file goes out as indented text.
      const reply: FastifyReply = typedReply;
      const data = await exportPersonalData(context, currentUserId(request), sections);
      const day = data.exported_at.slice(0, 10);
      reply.header('content-disposition', `attachment; filename="roundtrip-personal-data-${day}.json"`);
      reply.type('application/json; charset=utf-8');
      return reply.send(JSON.stringify(data, null, 2));
    },
  );

  api.post(
    '/dsar',
    {
      schema: { summary: 'File a data-subject request', body: dsarBody, response: { 201: dataAnswer(dsarReceipt), ...errorAnswers(429) } },
    },
    async (request, reply) => {
      await context.rateLimits.consume('dataRequestsPerAddress', request.ip);
      return reply.status(201).send({ data: await fileDataRequest(context, request.body, request.log) });
    },
  );

  await registerOperatorScope(api, context, (ops) => {
    ops.get(
      '/dsar',
      {
        schema: {
          summary: 'Data-subject requests, nearest deadline first, a page at a time, with how many there are and how many are overdue',
          security: operatorAccess('care'),
          querystring: dataRequestsQuery,
          response: { 200: dataRequestsPage, ...errorAnswers(400) },
        },
      },
      async (request) => {
        const { limit, status } = request.query;
        const after = decodePageCursor(request.query.cursor);
        const now = context.now();
        const includeClosed = status === 'all';
        const [rows, { totals, overdue }] = await Promise.all([
          listDataRequests(context.db, { includeClosed, now, limit: limit + 1, after }),
          dataRequestTotals(context.db, { includeClosed, now }),
        ]);
        const page = pageOf(rows, limit);
        return {
          data: page.items.map(({ pageKey: _key, ...dataRequest }) => dataRequest),
          meta: { ...pageMeta(page.nextCursor, totals), overdue },
        };
      },
    );
    ops.post(
      '/dsar/:id/close',
      {
        schema: {
          summary: 'Mark a data-subject request answered',
          security: operatorAccess('care'),
          params: dataRequestParams,
          response: { 200: dataAnswer(operatorDataRequestSchema), ...errorAnswers(404) },
        },
      },
      async (request) => ({ data: await closeDataRequest(context.db, currentActor(request), request.params.id, context.now()) }),
    );
  });
}

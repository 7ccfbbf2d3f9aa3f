import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { disputeBody, disputeResponse, maxDisputePhotoBytes } from '#domain/schemas/disputes';
import { approvalSchema } from '#domain/schemas/operators';
import { disputeCreditBody, disputeUpholdBody } from '#domain/schemas/operator-requests';
import type { AppContext } from '../../app-context';
import { ApiError } from '../../http/api-error';
import { customerSecurity, dataAnswer, errorAnswers } from '../../http/api-schemas';
import { authenticate, currentUserId } from '../accounts/authenticate';
import { currentActor, operatorAccess, registerOperatorScope } from '../../http/operator-access';
import { disputeCreditAmount, disputePhoto, disputeTotals, fileDispute, listDisputes, resolveDispute } from './disputes';
import { decodePageCursor, pageMeta, pageOf } from '../../http/page-cursor';
import { disputesPage, disputesQuery } from '#domain/schemas/operator-answers';
import { ApprovalNeeded, approvalPolicy, moneyMoveGuard, requestApproval } from '../audit/approvals';
import { mailApprovers } from '../operators/notices';

const idParams = z.strictObject({ id: z.uuid({ error: 'invalidValue' }) });
const photoAnswer = z
  .unknown()
  .meta({ description: 'The photo as stored: the sent JPEG decoded and encoded again, without its metadata (image/jpeg)' });

/** A dispute's JSON with its photo in base64 (a third larger than the photo) and the other fields. */
const disputeBodyLimit = Math.ceil((maxDisputePhotoBytes * 4) / 3) + 16 * 1024;

/** Disputes: the customer's "this isn't right", and the operators' calls under /ops. */
export async function registerDisputeRoutes(instance: FastifyInstance, context: AppContext) {
  const api = instance.withTypeProvider<ZodTypeProvider>();
  const requireUser = authenticate(context);

  api.post(
    '/disputes',
    {
      preValidation: requireUser,
      bodyLimit: disputeBodyLimit,
      schema: {
        summary: 'Dispute a refused or long-pending history line (idempotent on its id)',
        security: customerSecurity,
        body: disputeBody,
        response: { 200: disputeResponse, 201: disputeResponse, ...errorAnswers(404, 409, 422) },
      },
    },
    async (request, reply) => {
      const { created, dispute } = await fileDispute(context.db, currentUserId(request), request.body, context.now());
      return reply.status(created ? 201 : 200).send({ data: dispute });
    },
  );

  await registerOperatorScope(api, context, (ops) => {
    ops.get(
      '/disputes',
      {
        schema: {
          summary:
            'Open disputes oldest first, resolved ones newest first, or all; searched and filtered; a page at a time, with the deposits at stake per currency',
          security: operatorAccess('care'),
          querystring: disputesQuery,
          response: { 200: disputesPage, ...errorAnswers(400) },
        },
      },
      async (request) => {
        const { limit, cursor, ...filter } = request.query;
        const after = decodePageCursor(cursor);
        const [rows, totals] = await Promise.all([
          listDisputes(context.db, { ...filter, limit: limit + 1, after }),
          disputeTotals(context.db, filter),
        ]);
        const page = pageOf(rows, limit);
        return { data: page.items.map(({ pageKey: _key, ...dispute }) => dispute), meta: pageMeta(page.nextCursor, totals) };
      },
    );
    ops.get(
      '/disputes/:id/photo',
      {
        schema: {
          summary: "A dispute's photo",
          security: operatorAccess('care'),
          params: idParams,
          response: { 200: photoAnswer, ...errorAnswers(404) },
        },
      },
      async (request, reply) => {
        const photo = await disputePhoto(context.db, request.params.id);
        if (!photo) throw new ApiError(404, 'NOT_FOUND');
        return reply.header('content-type', 'image/jpeg').header('x-content-type-options', 'nosniff').send(photo);
      },
    );
    ops.post(
      '/disputes/:id/credit',
      {
        schema: {
          summary: 'Credit the deposits of a dispute (once)',
          security: operatorAccess('care'),
          params: idParams,
          body: disputeCreditBody,
          response: { 200: disputeResponse, 202: dataAnswer(approvalSchema), ...errorAnswers(404, 409) },
        },
      },
      async (request, reply) => {
        const { userId, amountMinor, currency } = await disputeCreditAmount(context.db, request.params.id);
        const actor = currentActor(request);
        const now = context.now();
        try {
          // An open dispute whose credit passes the limits waits for a second operator; a settled one answers as it is.
          const { dispute } = await resolveDispute(
            context.db,
            actor,
            request.params.id,
            { outcome: 'CREDIT', answer: request.body.answer },
            now,
            moneyMoveGuard(approvalPolicy(context.config), actor.person, now),
          );
          return { data: dispute };
        } catch (error) {
          if (!(error instanceof ApprovalNeeded)) throw error;
          const approval = await requestApproval(
            context.db,
            actor,
            {
              action: 'dispute.credit',
              recordId: request.params.id,
              request: { answer: request.body.answer },
              amountMinor,
              currency,
              reason: error.reason,
              moves: [{ userId, amountMinor, currency }],
            },
            now,
          );
          await mailApprovers(context, request.log, actor, approval);
          return reply.status(202).send({ data: approval });
        }
      },
    );
    ops.post(
      '/disputes/:id/uphold',
      {
        schema: {
          summary: 'Uphold the refusal with an answer',
          security: operatorAccess('care'),
          params: idParams,
          body: disputeUpholdBody,
          response: { 200: disputeResponse, ...errorAnswers(404, 409) },
        },
      },
      async (request) => ({
        data: (
          await resolveDispute(
            context.db,
            currentActor(request),
            request.params.id,
            { outcome: 'UPHOLD', answer: request.body.answer },
            context.now(),
          )
        ).dispute,
      }),
    );
  });
}

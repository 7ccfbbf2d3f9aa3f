import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyKeyField, withdrawalBody, withdrawalResponse, withdrawalSchema } from '#domain/schemas/payments';
import { payoutFilesSchema, payoutsPage, payoutsQuery, reconciliationSchema } from '#domain/schemas/operator-answers';
import { payoutCompleteBody, payoutExportBody, payoutFailBody, payoutReconcileBody } from '#domain/schemas/operator-requests';
import { decodePageCursor, pageMeta, pageOf } from '../../http/page-cursor';
import type { AppContext } from '../../app-context';
import { customerSecurity, dataAnswer, errorAnswers } from '../../http/api-schemas';
import { authenticate, currentUserId } from '../accounts/authenticate';
import type { PaymentCipher } from '../payments/encryption';
import { mailWithdrawalRequested } from '../payments/notices';
import { currentActor, operatorOnlyAccess, operatorAccess, registerOperatorScope } from '../../http/operator-access';
import { exportPayoutFiles } from './payout-files';
import { manualMethods } from './submit';
import { reconcileUpload } from './reconcile-upload';
import {
  listPendingPayouts,
  payoutReferencePattern,
  pendingPayoutTotals,
  requestWithdrawal,
  settleWithdrawal,
  withdrawalIdOf,
} from './withdrawals';

/** Request headers arrive lower-cased; errors name it `Idempotency-Key`. */
const keyHeader = z.looseObject({ 'idempotency-key': idempotencyKeyField });
/** A withdrawal id, or the payout reference the bank or PayPal reports back (RT + 16 hex digits). */
const payoutParams = z.strictObject({
  id: z.union([z.uuid(), z.string().regex(new RegExp(payoutReferencePattern.source, 'i'))], { error: 'invalidValue' }),
});
/** Withdrawals: the customer's request, and the operators' payout calls under /ops. */

export async function registerWithdrawalRoutes(instance: FastifyInstance, context: AppContext, cipher: PaymentCipher) {
  const api = instance.withTypeProvider<ZodTypeProvider>();
  const requireUser = authenticate(context);

  api.post(
    '/withdrawals',
    {
      preValidation: requireUser,
      schema: {
        summary: 'Request a withdrawal (idempotent on Idempotency-Key)',
        security: customerSecurity,
        headers: keyHeader,
        body: withdrawalBody,
        response: { 201: withdrawalResponse, ...errorAnswers(403, 409, 422) },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const { created, withdrawal } = await requestWithdrawal(
        context.db,
        cipher,
        currentUserId(request),
        key,
        request.body,
        context.now(),
        context.config.linePayMarkets,
      );
      // A retry gets the first answer, status included; the header tells a client it was a replay.
      if (!created) reply.header('idempotent-replayed', 'true');
      else mailWithdrawalRequested(context, request.log, currentUserId(request), withdrawal);
      return reply.status(201).send({ data: withdrawal });
    },
  );

  await registerOperatorScope(api, context, (ops) => {
    ops.get(
      '/payouts',
      {
        schema: {
          summary:
            'Pending payouts oldest first, or settled ones newest first; filtered by market, method, currency, batch, searched by reference or email; a page at a time, with what they add up to per currency',
          security: operatorAccess('finance'),
          querystring: payoutsQuery,
          response: { 200: payoutsPage, ...errorAnswers(400) },
        },
      },
      async (request) => {
        const { limit, cursor, ...filter } = request.query;
        const after = decodePageCursor(cursor);
        const [rows, totals] = await Promise.all([
          // Bank details in clear go to a person only, as the export's files do: a token reads the masked form.
          listPendingPayouts(
            context.db,
            { ...filter, limit: limit + 1, after },
            currentActor(request).kind === 'operator' ? cipher : undefined,
          ),
          pendingPayoutTotals(context.db, filter),
        ]);
        const page = pageOf(rows, limit);
        return { data: page.items.map(({ pageKey: _key, ...payout }) => payout), meta: pageMeta(page.nextCursor, totals) };
      },
    );
    ops.post(
      '/payouts/export',
      {
        schema: {
          summary:
            "Export the pending payouts no export listed yet (or an earlier batch again) as a file per market in its banks' format and PayPal's, to the finance operator's own device",
          // A person only: the files hold bank details in clear, and go to the device of whoever asked.
          security: operatorOnlyAccess('finance'),
          body: payoutExportBody,
          // 409: a market of these payouts has no own account configured (PAYOUT_ORIGINATOR_<market>).
          response: { 200: dataAnswer(payoutFilesSchema), ...errorAnswers(409) },
        },
      },
      async (request) => {
        const exported = await exportPayoutFiles(
          context.db,
          currentActor(request),
          cipher,
          context.config.payoutOriginators,
          context.now(),
          { repeatBatch: request.body.repeat_batch, methods: manualMethods(context.config.payoutProviders) },
        );
        return {
          data: { batch: exported.batch, repeated: exported.repeated, payouts: exported.withdrawalIds.length, files: exported.files },
        };
      },
    );
    ops.post(
      '/payouts/reconcile',
      {
        // A month of camt.054 bookings runs to megabytes; more than this is not one day's answer.
        bodyLimit: 8 * 1024 * 1024,
        schema: {
          summary:
            "Settle the payouts a bank's or PayPal's answer names (pain.002, camt.054, NACHA returns, Zengin results, PayPal payouts report), each once, as `payouts reconcile FILE` does",
          security: operatorAccess('finance'),
          body: payoutReconcileBody,
          // 422: the file is none of these formats, or is cut or malformed; nothing was settled.
          response: { 200: dataAnswer(reconciliationSchema), ...errorAnswers(422) },
        },
      },
      async (request) => ({
        data: await reconcileUpload(context.db, currentActor(request), request.body, context.now()),
      }),
    );
    ops.post(
      '/payouts/:id/complete',
      {
        schema: {
          summary: 'A payout was paid',
          security: operatorAccess('finance'),
          params: payoutParams,
          body: payoutCompleteBody,
          response: { 200: dataAnswer(withdrawalSchema), ...errorAnswers(404, 409) },
        },
      },
      async (request) => {
        const id = await withdrawalIdOf(context.db, request.params.id);
        return {
          data: (
            await settleWithdrawal(
              context.db,
              currentActor(request),
              id,
              { status: 'COMPLETED', reference: request.body.reference },
              context.now(),
            )
          ).withdrawal,
        };
      },
    );
    ops.post(
      '/payouts/:id/fail',
      {
        schema: {
          summary: 'A payout failed or was cancelled: the money goes back',
          security: operatorAccess('finance'),
          params: payoutParams,
          body: payoutFailBody,
          response: { 200: dataAnswer(withdrawalSchema), ...errorAnswers(404, 409) },
        },
      },
      async (request) => {
        const id = await withdrawalIdOf(context.db, request.params.id);
        return {
          data: (
            await settleWithdrawal(
              context.db,
              currentActor(request),
              id,
              { status: request.body.status, reason: request.body.reason },
              context.now(),
            )
          ).withdrawal,
        };
      },
    );
  });
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idempotencyKeyField, withdrawalBody } from '../../../domain/schemas/payments';
import type { AppContext } from '../../app';
import { parseInput } from '../../http/validation';
import { authenticate, currentUserId } from '../accounts/authenticate';
import type { PaymentCipher } from '../payments/encryption';
import { mailWithdrawalRequested } from '../payments/notices';
import { opsKeyGuard } from '../wallet/ops-routes';
import { listPendingPayouts, payoutReferencePattern, requestWithdrawal, settleWithdrawal, withdrawalIdOf } from './withdrawals';

const keyHeader = z.object({ 'Idempotency-Key': idempotencyKeyField });
/** A withdrawal id, or the payout reference the bank or PayPal reports back (RT + 16 hex digits). */
const payoutParams = z.strictObject({ id: z.union([z.uuid(), z.string().regex(new RegExp(payoutReferencePattern.source, 'i'))], { error: 'invalidValue' }) });
const completeBody = z.strictObject({ reference: z.string().trim().min(1).max(200).optional() });
const failBody = z.strictObject({
  reason: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(300, { error: 'tooLong' }),
  status: z.enum(['FAILED', 'CANCELLED'], { error: 'invalidValue' }).default('FAILED'),
});
const listQuery = z.strictObject({ limit: z.coerce.number().int().min(1).max(1000).default(200) });

/** Withdrawals (issue 7): the customer's request, and the operators' payout calls under /ops. */
export async function registerWithdrawalRoutes(api: FastifyInstance, context: AppContext, cipher: PaymentCipher) {
  const requireUser = authenticate(context);

  api.post('/withdrawals', { preHandler: requireUser }, async (request, reply) => {
    const header = request.headers['idempotency-key'];
    const key = parseInput(keyHeader, { 'Idempotency-Key': typeof header === 'string' ? header : undefined })['Idempotency-Key'];
    const body = parseInput(withdrawalBody, request.body);
    const { created, withdrawal } = await requestWithdrawal(context.db, cipher, currentUserId(request), key, body, context.now());
    // A retry gets the first answer, status included; the header tells a client it was a replay.
    if (!created) reply.header('idempotent-replayed', 'true');
    else mailWithdrawalRequested(context, request.log, currentUserId(request), withdrawal);
    return reply.status(201).send({ data: withdrawal });
  });

  await api.register(
    async (ops) => {
      ops.addHook('onRequest', opsKeyGuard(context));
      ops.get('/payouts', async (request) => {
        const query = parseInput(listQuery, request.query);
        return { data: await listPendingPayouts(context.db, query.limit) };
      });
      ops.post('/payouts/:id/complete', async (request) => {
        const { id } = parseInput(payoutParams, request.params);
        const body = parseInput(completeBody, request.body);
        return { data: (await settleWithdrawal(context.db, await withdrawalIdOf(context.db, id), { status: 'COMPLETED', reference: body.reference }, context.now())).withdrawal };
      });
      ops.post('/payouts/:id/fail', async (request) => {
        const { id } = parseInput(payoutParams, request.params);
        const body = parseInput(failBody, request.body);
        return { data: (await settleWithdrawal(context.db, await withdrawalIdOf(context.db, id), { status: body.status, reason: body.reason }, context.now())).withdrawal };
      });
    },
    { prefix: '/ops' },
  );
}

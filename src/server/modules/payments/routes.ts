import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { paymentMethodField, setDefaultPaymentMethodBody } from '../../../domain/schemas/payments';
import type { AppContext } from '../../app';
import { parseInput } from '../../http/validation';
import { authenticate, currentUserId } from '../accounts/authenticate';
import type { PaymentCipher } from './encryption';
import { findCustomer, getPaymentMethods, savePaymentMethod, setDefaultPaymentMethod } from './payment-methods';

const methodParams = z.strictObject({ method: paymentMethodField });

/** Payment methods (issue 7, spec §7): list masked, set the default, save one. */
export async function registerPaymentRoutes(api: FastifyInstance, context: AppContext, cipher: PaymentCipher) {
  const requireUser = authenticate(context);

  api.get('/payment_methods', { preHandler: requireUser }, async (request) => {
    const customer = await findCustomer(context.db, currentUserId(request));
    return { data: await getPaymentMethods(context.db, cipher, customer) };
  });

  api.put('/payment_methods', { preHandler: requireUser }, async (request) => {
    const body = parseInput(setDefaultPaymentMethodBody, request.body);
    const customer = await findCustomer(context.db, currentUserId(request));
    return { data: await setDefaultPaymentMethod(context.db, cipher, customer, body.withdraw_type, context.now()) };
  });

  api.post('/payment_methods/:method', { preHandler: requireUser }, async (request) => {
    const { method } = parseInput(methodParams, request.params);
    const customer = await findCustomer(context.db, currentUserId(request));
    return { data: await savePaymentMethod(context.db, cipher, customer, method, request.body, context.now()) };
  });
}

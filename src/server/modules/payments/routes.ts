import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recentSignInSeconds } from '#domain/client-session';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { PaymentMethod } from '#domain/payment-methods';
import { destinationChangeProof, paymentMethodField, setDefaultPaymentMethodBody } from '#domain/schemas/payments';
import { paymentMethodsResponse, type PaymentMethods } from '#domain/schemas/payment-methods-answer';
import type { AppContext } from '../../app-context';
import { users } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { customerSecurity, errorAnswers } from '../../http/api-schemas';
import { accountAddressKey } from '../../http/rate-limit';
import { authenticate, currentSession, currentUserId } from '../accounts/authenticate';
import { verifyPassword } from '../accounts/passwords';
import type { AuthenticatedSession } from '../accounts/session-lookup';
import { sessionSignedInAt } from '../accounts/sessions';
import type { PaymentCipher } from './encryption';
import { mailPayoutDestinationChanged } from './notices';
import { findCustomer } from '../accounts/customers';
import { getPaymentMethods, parseDetails, savePaymentMethod, setDefaultPaymentMethod } from './payment-methods';

const methodParams = z.strictObject({ method: paymentMethodField });
/** The method's form for the customer's market is checked by the route, which knows the market (docs/api.md, bank forms). */
const destinationForm = z.looseObject(destinationChangeProof.shape).meta({
  description:
    "The method's form for the customer's market (TRANSFERWISE: the market's bank form; PAYPAL: email; LINE: referenceNo), and current_password unless the session logged in within 5 minutes",
});

/** A sign-in this recent counts as proof that the person, not only their token, is at the phone. */
export { recentSignInSeconds };

/**
 * Where money goes changes only for the person: the account password in the request, or a session
 * that signed in with it within `recentSignInSeconds`. Wrong passwords count against the account's
 * login limit, as a sign-in would.
 */
async function requirePersonPresent(
  context: AppContext,
  session: AuthenticatedSession,
  currentPassword: string | undefined,
  address: string,
): Promise<void> {
  if (currentPassword === undefined) {
    const signedInAt = await sessionSignedInAt(context.db, session.familyId);
    if (signedInAt && context.now().getTime() - signedInAt.getTime() <= recentSignInSeconds * 1000) return;
    throw new ApiError(403, 'PASSWORD_REQUIRED', { current_password: 'required' });
  }
  const [user] = await context.db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, session.userId))
    .limit(1);
  const limitKey = accountAddressKey(user?.email ?? session.userId, address);
  await context.rateLimits.consume('loginPerAccount', limitKey);
  if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, currentPassword))) {
    throw new ApiError(422, 'CURRENT_PASSWORD_INCORRECT', { current_password: 'invalidValue' });
  }
  await context.rateLimits.reset('loginPerAccount', limitKey);
}

/** The destination now in use, as the mail names it (masked). */
function defaultDestination(methods: PaymentMethods): { method: PaymentMethod; maskedNumber: string | null } | undefined {
  switch (methods.withdraw_type) {
    case 'TRANSFERWISE':
      return {
        method: 'TRANSFERWISE',
        maskedNumber: methods.transfer_wise_data?.account_number ?? methods.transfer_wise_data?.iban ?? null,
      };
    case 'PAYPAL':
      return { method: 'PAYPAL', maskedNumber: methods.paypalWithdrawData?.email ?? null };
    case 'LINE':
      return { method: 'LINE', maskedNumber: methods.lineData?.referenceNo ?? null };
    case null:
      return undefined;
  }
}

/**
 * A destination saved in the last few minutes was mailed about when it was saved: making it the
 * default right after (the app's "save, then use it") is the same change, and one change sends
 * one mail. A default moved to a destination saved earlier is mailed as its own change.
 */
export const sameChangeWindowMs = 10 * 60 * 1000;

function savedJustNow(methods: PaymentMethods, method: PaymentMethod, now: Date): boolean {
  const updatedAt =
    method === 'TRANSFERWISE'
      ? methods.transfer_wise_data?.updated_at
      : method === 'PAYPAL'
        ? methods.paypalWithdrawData?.updated_at
        : methods.lineData?.updated_at;
  return updatedAt !== undefined && now.getTime() - Date.parse(updatedAt) < sameChangeWindowMs;
}

/** Payment methods: list masked, set the default, save one. */
export async function registerPaymentRoutes(instance: FastifyInstance, context: AppContext, cipher: PaymentCipher) {
  const api = instance.withTypeProvider<ZodTypeProvider>();
  const requireUser = authenticate(context);

  api.get(
    '/payment_methods',
    {
      preValidation: requireUser,
      schema: { summary: 'Payout methods on file, masked', security: customerSecurity, response: { 200: paymentMethodsResponse } },
    },
    async (request) => {
      const customer = await findCustomer(context.db, currentUserId(request), { linePayMarkets: context.config.linePayMarkets });
      return { data: await getPaymentMethods(context.db, cipher, customer) };
    },
  );

  // Choosing between destinations the person already proved themselves for: no password, but a mail.
  api.put(
    '/payment_methods',
    {
      preValidation: requireUser,
      schema: {
        summary: 'Choose the default payment method',
        security: customerSecurity,
        body: setDefaultPaymentMethodBody,
        response: { 200: paymentMethodsResponse, ...errorAnswers(422) },
      },
    },
    async (request) => {
      const customer = await findCustomer(context.db, currentUserId(request), { linePayMarkets: context.config.linePayMarkets });
      const before = await getPaymentMethods(context.db, cipher, customer);
      const after = await setDefaultPaymentMethod(context.db, cipher, customer, request.body.withdraw_type, context.now());
      const destination = defaultDestination(after);
      if (destination && before.withdraw_type !== after.withdraw_type && !savedJustNow(before, destination.method, context.now()))
        mailPayoutDestinationChanged(context, request.log, customer.id, destination);
      return { data: after };
    },
  );

  api.post(
    '/payment_methods/:method',
    {
      preValidation: requireUser,
      schema: {
        summary: 'Save a payment method',
        security: customerSecurity,
        params: methodParams,
        body: destinationForm,
        response: { 200: paymentMethodsResponse, ...errorAnswers(403, 422, 429) },
      },
    },
    async (request) => {
      const { method } = request.params;
      const { current_password: currentPassword, ...form } = request.body;
      const customer = await findCustomer(context.db, currentUserId(request), { linePayMarkets: context.config.linePayMarkets });
      // The form's own mistakes first: a person fixes those before typing a password.
      if (customer.offered.includes(method)) parseDetails(customer.countryCode, method, form);
      await requirePersonPresent(context, currentSession(request), currentPassword, request.ip);
      const methods = await savePaymentMethod(context.db, cipher, customer, method, form, context.now());
      mailPayoutDestinationChanged(context, request.log, customer.id, {
        method,
        maskedNumber:
          method === 'TRANSFERWISE'
            ? (methods.transfer_wise_data?.account_number ?? methods.transfer_wise_data?.iban ?? null)
            : method === 'PAYPAL'
              ? (methods.paypalWithdrawData?.email ?? null)
              : (methods.lineData?.referenceNo ?? null),
      });
      return { data: methods };
    },
  );
}

import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Language } from '#domain/locales';
import { defaultLocale, languageOf, matchSupportedLocale } from '#domain/locales';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/client';
import { users, withdrawals } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { dataAnswer, errorAnswers } from '../../http/api-schemas';
import type { Actor } from '../audit/audit';
import { paypalClient } from './paypal';
import { completePaypal, completeWise } from './provider-settings';
import { wiseClient, wiseSignatureValid, wiseTransactionId } from './wise';
import { ProviderApiError } from './provider-http';
import { payoutReferencePattern, settleWithdrawal } from './withdrawals';

/** What the customer reads on a payout a provider gave back, in their language. */
const providerReasons = {
  wiseReturned: {
    en: 'Your bank returned the transfer. The money is back in your balance; please check your bank details.',
    fr: 'Votre banque a renvoyé le virement. L’argent est de retour sur votre solde\u202f; vérifiez vos coordonnées bancaires.',
    ja: '銀行から振込が返却されました。金額は残高に戻っています。口座情報をご確認ください。',
  },
  wiseCancelled: {
    en: 'The transfer could not be made. The money is back in your balance.',
    fr: 'Le virement n’a pas pu être effectué. L’argent est de retour sur votre solde.',
    ja: '振込を実行できませんでした。金額は残高に戻っています。',
  },
  paypalFailed: {
    en: 'PayPal could not pay this email address. The money is back in your balance; please check your PayPal email.',
    fr: 'PayPal n’a pas pu verser le paiement à cette adresse. L’argent est de retour sur votre solde\u202f; vérifiez votre adresse PayPal.',
    ja: 'PayPal がこのメールアドレスに支払えませんでした。金額は残高に戻っています。PayPal のメールアドレスをご確認ください。',
  },
  paypalReturned: {
    en: 'The PayPal payment was not claimed within 30 days and came back. The money is back in your balance.',
    fr: 'Le paiement PayPal n’a pas été réclamé sous 30 jours et nous est revenu. L’argent est de retour sur votre solde.',
    ja: 'PayPal の支払いが30日以内に受け取られなかったため返金されました。金額は残高に戻っています。',
  },
} as const satisfies Record<string, Record<Language, string>>;

type Outcome = { status: 'COMPLETED'; reference: string } | { status: 'FAILED'; reason: keyof typeof providerReasons };

/**
 * A call the webhook makes to the provider to learn the payout's state. When the provider does not
 * answer, nothing is settled and the answer is 503: the provider sends the event again later.
 */
async function askProvider<T>(request: FastifyRequest, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof ProviderApiError)) throw error;
    request.log.warn({ err: error }, 'payout provider unreachable while settling from its webhook');
    throw new ApiError(503, 'PAYOUT_PROVIDER_UNAVAILABLE');
  }
}

/**
 * Wise's transfer states that end a payout. `outgoing_payment_sent` is paid; a bounce ends in
 * `bounced_back` then `funds_refunded`, either of which gives the money back. The others are on the way.
 */
export function wiseOutcome(status: string, transferId: number): Outcome | undefined {
  if (status === 'outgoing_payment_sent') return { status: 'COMPLETED', reference: `wise:${transferId}` };
  if (status === 'bounced_back' || status === 'funds_refunded' || status === 'charged_back')
    return { status: 'FAILED', reason: 'wiseReturned' };
  if (status === 'cancelled') return { status: 'FAILED', reason: 'wiseCancelled' };
  return undefined;
}

/**
 * PayPal's item states that end a payout. UNCLAIMED does not: the receiver may still claim it for
 * 30 days, after which PayPal returns it (RETURNED); giving the money back earlier could pay twice.
 */
export function paypalOutcome(status: string, payoutItemId: string): Outcome | undefined {
  if (status === 'SUCCESS') return { status: 'COMPLETED', reference: `paypal:${payoutItemId}` };
  if (status === 'RETURNED' || status === 'REFUNDED' || status === 'REVERSED') return { status: 'FAILED', reason: 'paypalReturned' };
  if (status === 'FAILED' || status === 'BLOCKED' || status === 'DENIED') return { status: 'FAILED', reason: 'paypalFailed' };
  return undefined;
}

export type WebhookResult = 'settled' | 'already_settled' | 'in_progress' | 'conflict' | 'not_ours' | 'ignored';

/**
 * Settles the payout a provider names, through settleWithdrawal as finance does (the money back
 * and the customer's notice on a failure, an audit entry either way). A delivery sent twice, or a
 * stale one after a newer, finds the payout settled and changes nothing; one that contradicts a
 * settled payout (paid, then bounced) is a conflict, left for finance to look at.
 */
async function settleByProvider(db: Database, actor: Actor, payoutReference: string, outcome: Outcome | undefined, now: Date) {
  const [payout] = await db
    .select({ id: withdrawals.id, status: withdrawals.status, locale: users.locale })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(eq(withdrawals.payoutReference, payoutReference))
    .limit(1);
  if (!payout) return 'not_ours' satisfies WebhookResult;
  if (!outcome) return 'in_progress' satisfies WebhookResult;
  const language = languageOf(matchSupportedLocale(payout.locale) ?? defaultLocale);
  try {
    const settled = await settleWithdrawal(
      db,
      actor,
      payout.id,
      outcome.status === 'COMPLETED' ? outcome : { status: 'FAILED', reason: providerReasons[outcome.reason][language] },
      now,
    );
    return settled.changed ? 'settled' : 'already_settled';
  } catch (error) {
    if (error instanceof ApiError && error.code === 'WITHDRAWAL_NOT_PENDING') return 'conflict' satisfies WebhookResult;
    throw error;
  }
}

const wiseEvent = z.looseObject({
  event_type: z.string(),
  data: z.looseObject({ resource: z.looseObject({ id: z.number().int().positive(), type: z.string().optional() }).optional() }),
});

const paypalEvent = z.looseObject({
  id: z.string(),
  event_type: z.string(),
  resource: z.looseObject({ payout_item_id: z.string().optional() }).optional(),
});

const webhookAnswer = dataAnswer(
  z.object({ result: z.enum(['settled', 'already_settled', 'in_progress', 'conflict', 'not_ours', 'ignored']) }),
);

function providerActor(provider: string, request: FastifyRequest): Actor {
  return { kind: 'token', id: null, name: `${provider} webhook`, person: `provider:${provider}`, roles: [], address: request.ip };
}

function jsonOf(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    throw new ApiError(400, 'VALIDATION_FAILED');
  }
}

/**
 * The providers' webhooks. The body is kept as it came: Wise signs those bytes. What an event says
 * only tells which transfer to look at: its state is read back from the provider's API, so a
 * delivery that arrives late, twice, or out of order settles by the transfer's state now.
 */
export async function registerPayoutWebhookRoutes(instance: FastifyInstance, context: AppContext) {
  await instance.register(async (hooks) => {
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));

    hooks.post(
      '/webhooks/wise',
      {
        schema: {
          summary: "Wise's transfers#state-change events, signed (X-Signature-SHA256): settles the payout the transfer pays",
          response: { 200: webhookAnswer, ...errorAnswers(400, 401, 404, 503) },
        },
      },
      async (request) => {
        const settings = completeWise(context.config.payoutProviders.wise);
        if (context.config.payoutProviders.TRANSFERWISE !== 'wise' || !settings) throw new ApiError(404, 'NOT_FOUND');
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['x-signature-sha256'];
        if (!wiseSignatureValid(raw, typeof signature === 'string' ? signature : undefined, settings.webhookPublicKey))
          throw new ApiError(401, 'UNAUTHORIZED');
        const event = wiseEvent.safeParse(jsonOf(raw));
        if (!event.success) throw new ApiError(400, 'VALIDATION_FAILED');
        const transferId = event.data.data.resource?.id;
        if (event.data.event_type !== 'transfers#state-change' || transferId === undefined) return { data: { result: 'ignored' as const } };
        const transfer = await askProvider(request, () => wiseClient(settings).transfer(transferId));
        const reference = (transfer.details?.reference ?? transfer.reference ?? '').trim().toUpperCase();
        // Another transfer of the profile (not a payout, or made by hand) is none of ours.
        if (!payoutReferencePattern.test(reference) || transfer.customerTransactionId !== wiseTransactionId(reference))
          return { data: { result: 'not_ours' as const } };
        const result = await settleByProvider(
          context.db,
          providerActor('wise', request),
          reference,
          wiseOutcome(transfer.status, transfer.id),
          context.now(),
        );
        if (result === 'conflict') request.log.warn({ reference, status: transfer.status }, 'Wise reports a settled payout otherwise');
        return { data: { result } };
      },
    );

    hooks.post(
      '/webhooks/paypal',
      {
        schema: {
          summary: "PayPal's PAYMENT.PAYOUTS-ITEM.* events, verified with PayPal: settles the payout the item pays",
          response: { 200: webhookAnswer, ...errorAnswers(400, 401, 404, 503) },
        },
      },
      async (request) => {
        const settings = completePaypal(context.config.payoutProviders.paypal);
        if (context.config.payoutProviders.PAYPAL !== 'paypal' || !settings) throw new ApiError(404, 'NOT_FOUND');
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const body = jsonOf(raw);
        const event = paypalEvent.safeParse(body);
        if (!event.success) throw new ApiError(400, 'VALIDATION_FAILED');
        const header = (name: string) => {
          const value = request.headers[name];
          return typeof value === 'string' ? value : '';
        };
        const client = paypalClient(settings);
        const verified = await askProvider(request, () =>
          client.verify(
            {
              authAlgo: header('paypal-auth-algo'),
              certUrl: header('paypal-cert-url'),
              transmissionId: header('paypal-transmission-id'),
              transmissionSig: header('paypal-transmission-sig'),
              transmissionTime: header('paypal-transmission-time'),
            },
            body,
          ),
        );
        if (!verified) throw new ApiError(401, 'UNAUTHORIZED');
        const itemId = event.data.resource?.payout_item_id;
        if (!event.data.event_type.startsWith('PAYMENT.PAYOUTS-ITEM.') || !itemId) return { data: { result: 'ignored' as const } };
        const item = await askProvider(request, () => client.item(itemId));
        const reference = (item.payout_item.sender_item_id ?? '').trim().toUpperCase();
        if (!payoutReferencePattern.test(reference)) return { data: { result: 'not_ours' as const } };
        const result = await settleByProvider(
          context.db,
          providerActor('paypal', request),
          reference,
          paypalOutcome(item.transaction_status, item.payout_item_id),
          context.now(),
        );
        if (result === 'conflict')
          request.log.warn({ reference, status: item.transaction_status }, 'PayPal reports a settled payout otherwise');
        return { data: { result } };
      },
    );
  });
}

import { z } from 'zod';
import { moneyFromMinor } from '#domain/money';
import type { PayoutProvider, PayoutSubmission } from './payout-provider';
import type { PaypalSettings } from './provider-settings';
import { completePaypal } from './provider-settings';
import { ProviderApiError, providerCall } from './provider-http';

export const paypalItemSchema = z.looseObject({
  payout_item_id: z.string(),
  payout_batch_id: z.string().optional(),
  transaction_status: z.string(),
  payout_item: z.looseObject({ sender_item_id: z.string().optional() }),
  errors: z.looseObject({ name: z.string().optional() }).optional(),
});
export type PaypalItem = z.infer<typeof paypalItemSchema>;

const batchAnswer = z.looseObject({ batch_header: z.looseObject({ payout_batch_id: z.string() }) });
const tokenAnswer = z.looseObject({ access_token: z.string() });
const verificationAnswer = z.looseObject({ verification_status: z.string() });

function parsed<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new ProviderApiError(`PayPal ${what}: an answer of an unexpected shape`);
  return result.data;
}

/** The PAYPAL-* headers of a webhook delivery, as PayPal's verification call takes them. */
export interface PaypalTransmission {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
}

export function paypalClient(settings: PaypalSettings) {
  const complete = completePaypal(settings);
  const configured = () => {
    if (!complete) throw new ProviderApiError('PayPal is not configured (PAYPAL_API_URL, PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET)');
    return complete;
  };
  // OAuth client credentials; a token per use is plenty for a payout run or one webhook.
  const token = async () => {
    const { apiUrl, clientId, clientSecret } = configured();
    const answer = await providerCall('PayPal', `${apiUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    return parsed(tokenAnswer, answer, 'token').access_token;
  };
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    providerCall('PayPal', `${configured().apiUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${await token()}`, 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  return {
    /**
     * One payout batch. PayPal-Request-Id is the batch too: sent again (the first answer was lost),
     * PayPal answers the batch it made the first time instead of a second one.
     */
    async createBatch(batch: string, items: unknown[]): Promise<string> {
      const answer = await call(
        'POST',
        '/v1/payments/payouts',
        {
          sender_batch_header: { sender_batch_id: batch, recipient_type: 'EMAIL', email_subject: 'Roundtrip: your deposit refund' },
          items,
        },
        { 'paypal-request-id': batch },
      );
      return parsed(batchAnswer, answer, 'payout batch').batch_header.payout_batch_id;
    },
    async item(payoutItemId: string): Promise<PaypalItem> {
      return parsed(paypalItemSchema, await call('GET', `/v1/payments/payouts-item/${encodeURIComponent(payoutItemId)}`), 'payout item');
    },
    /** PayPal itself says whether a delivery is one of its own, sent to the configured webhook. */
    async verify(transmission: PaypalTransmission, event: unknown): Promise<boolean> {
      const answer = await call('POST', '/v1/notifications/verify-webhook-signature', {
        auth_algo: transmission.authAlgo,
        cert_url: transmission.certUrl,
        transmission_id: transmission.transmissionId,
        transmission_sig: transmission.transmissionSig,
        transmission_time: transmission.transmissionTime,
        webhook_id: configured().webhookId,
        webhook_event: event,
      });
      return parsed(verificationAnswer, answer, 'webhook verification').verification_status === 'SUCCESS';
    },
  };
}

/** PayPal payouts through the Payouts API: one batch per export, `sender_item_id` the payout reference. */
export function paypalPayoutProvider(settings: PaypalSettings): PayoutProvider {
  const client = paypalClient(settings);
  return {
    name: 'paypal',
    async submit(instructions, batch): Promise<PayoutSubmission> {
      const items = instructions.flatMap((instruction) =>
        instruction.destination.method === 'PAYPAL'
          ? [
              {
                withdrawalId: instruction.withdrawalId,
                item: {
                  recipient_type: 'EMAIL',
                  receiver: instruction.destination.account.email,
                  amount: moneyFromMinor(instruction.payoutMinor, instruction.currency),
                  sender_item_id: instruction.payoutReference,
                  note: 'Roundtrip deposit refund',
                },
              },
            ]
          : [],
      );
      if (items.length === 0) return { provider: 'paypal', withdrawalIds: [], files: [], references: {} };
      const payoutBatchId = await client.createBatch(
        batch,
        items.map(({ item }) => item),
      );
      const references = Object.fromEntries(items.map(({ withdrawalId }) => [withdrawalId, `paypal:${payoutBatchId}`]));
      return { provider: 'paypal', withdrawalIds: Object.keys(references), files: [], references };
    },
  };
}

import { createHmac, randomUUID } from 'node:crypto';
import { deliver, serveDouble, type DoubleRequest, type WebhookDelivery } from './provider-double-http';

export interface PaypalDoubleItem {
  payout_item_id: string;
  payout_batch_id: string;
  transaction_status: string;
  payout_item: { recipient_type: string; receiver: string; amount: { value: string; currency: string }; sender_item_id: string };
}

interface PaypalDoubleBatch {
  payout_batch_id: string;
  sender_batch_id: string;
  requestId: string | undefined;
  items: PaypalDoubleItem[];
}

/**
 * PayPal's REST API as payouts use it, on 127.0.0.1: OAuth client credentials, payout batches (a
 * repeated PayPal-Request-Id answers the batch made the first time; a sender_batch_id used before
 * without it is refused, as PayPal does), item lookup, webhook deliveries and their verification
 * (`/v1/notifications/verify-webhook-signature` says SUCCESS only for a delivery it sent, unchanged,
 * to the configured webhook id). `dropNextBatchAnswer` makes the next batch and cuts the connection.
 */
export async function startPaypalDouble(
  options: {
    clientId?: string;
    clientSecret?: string;
    webhookId?: string;
    port?: number;
    webhookUrl?: string;
    /** A local start's double: each item of a new batch goes on to this state by itself, its webhook posted. */
    settleItemsAs?: string;
  } = {},
) {
  const clientId = options.clientId ?? `double-client-${randomUUID()}`;
  const clientSecret = options.clientSecret ?? randomUUID();
  const webhookId = options.webhookId ?? `WH-DOUBLE-${randomUUID()}`;
  const signingSecret = randomUUID();
  const tokens = new Set<string>();
  const batches: PaypalDoubleBatch[] = [];
  let nextId = 1;
  const state = { dropNextBatchAnswer: false, webhookUrl: options.webhookUrl, batchesCreated: 0 };

  const signatureOf = (transmissionId: string, time: string, body: string) =>
    createHmac('sha256', signingSecret).update(`${transmissionId}|${time}|${webhookId}|${body}`).digest('base64');
  const batchAnswer = (batch: PaypalDoubleBatch) => ({
    batch_header: {
      payout_batch_id: batch.payout_batch_id,
      batch_status: 'PENDING',
      sender_batch_header: { sender_batch_id: batch.sender_batch_id },
    },
  });

  const handle = (request: DoubleRequest) => {
    if (request.method === 'POST' && request.path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      if (request.headers.authorization !== expected || !request.rawBody.includes('grant_type=client_credentials'))
        return { status: 401, body: { error: 'invalid_client' } };
      const token = `A21-${randomUUID()}`;
      tokens.add(token);
      return { status: 200, body: { access_token: token, token_type: 'Bearer', expires_in: 32400 } };
    }
    const bearer = request.headers.authorization?.replace(/^Bearer /, '');
    if (!bearer || !tokens.has(bearer)) return { status: 401, body: { name: 'AUTHENTICATION_FAILURE' } };
    const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
    if (request.method === 'POST' && request.path === '/v1/payments/payouts') {
      const requestId = typeof request.headers['paypal-request-id'] === 'string' ? request.headers['paypal-request-id'] : undefined;
      const replayed = requestId === undefined ? undefined : batches.find((batch) => batch.requestId === requestId);
      if (replayed) return { status: 201, body: batchAnswer(replayed) };
      const header = (body.sender_batch_header ?? {}) as { sender_batch_id?: string };
      const senderBatchId = header.sender_batch_id ?? '';
      if (batches.some((batch) => batch.sender_batch_id === senderBatchId))
        return { status: 400, body: { name: 'USER_BUSINESS_ERROR', message: 'Batch with given sender_batch_id already exists' } };
      const payoutBatchId = `DOUBLEBATCH${String(nextId++).padStart(6, '0')}`;
      const items = (Array.isArray(body.items) ? body.items : []) as PaypalDoubleItem['payout_item'][];
      const batch: PaypalDoubleBatch = {
        payout_batch_id: payoutBatchId,
        sender_batch_id: senderBatchId,
        requestId,
        items: items.map((item) => ({
          payout_item_id: `DOUBLEITEM${String(nextId++).padStart(6, '0')}`,
          payout_batch_id: payoutBatchId,
          transaction_status: 'PENDING',
          payout_item: item,
        })),
      };
      batches.push(batch);
      state.batchesCreated += 1;
      const settleAs = options.settleItemsAs;
      if (settleAs)
        setImmediate(() => {
          for (const entry of batch.items) void move(entry.payout_item_id, settleAs).catch(() => undefined);
        });
      if (state.dropNextBatchAnswer) {
        state.dropNextBatchAnswer = false;
        return { status: 201, dropAnswer: true };
      }
      return { status: 201, body: batchAnswer(batch) };
    }
    const item = /^\/v1\/payments\/payouts-item\/([A-Z0-9]+)$/.exec(request.path);
    if (request.method === 'GET' && item) {
      const found = batches.flatMap((batch) => batch.items).find((entry) => entry.payout_item_id === item[1]);
      return found ? { status: 200, body: found } : { status: 404, body: { name: 'RESOURCE_NOT_FOUND' } };
    }
    if (request.method === 'POST' && request.path === '/v1/notifications/verify-webhook-signature') {
      const expected = signatureOf(String(body.transmission_id), String(body.transmission_time), JSON.stringify(body.webhook_event));
      const valid = body.webhook_id === webhookId && body.auth_algo === 'SHA256withRSA' && body.transmission_sig === expected;
      return { status: 200, body: { verification_status: valid ? 'SUCCESS' : 'FAILURE' } };
    }
    return { status: 404, body: { name: 'RESOURCE_NOT_FOUND' } };
  };

  const running = await serveDouble(handle, options.port);
  const eventNames: Record<string, string> = {
    SUCCESS: 'SUCCEEDED',
    FAILED: 'FAILED',
    RETURNED: 'RETURNED',
    BLOCKED: 'BLOCKED',
    UNCLAIMED: 'UNCLAIMED',
    REFUNDED: 'REFUNDED',
    ONHOLD: 'HELD',
    DENIED: 'DENIED',
  };
  /** Moves an item to `status` and returns the delivery PayPal sends for it (posted too with a webhook URL). */
  const move = async (payoutItemId: string, status: string): Promise<WebhookDelivery> => {
    const found = batches.flatMap((batch) => batch.items).find((entry) => entry.payout_item_id === payoutItemId);
    if (!found) throw new Error(`no payout item ${payoutItemId}`);
    found.transaction_status = status;
    const body = JSON.stringify({
      id: `WH-${randomUUID()}`,
      create_time: new Date().toISOString(),
      resource_type: 'payouts_item',
      event_type: `PAYMENT.PAYOUTS-ITEM.${eventNames[status] ?? status}`,
      summary: `Payout item ${status.toLowerCase()}`,
      resource: { ...found },
    });
    const transmissionId = randomUUID();
    const time = new Date().toISOString();
    // What PayPal verifies is the event as JSON; the double signs the same serialisation it will compare.
    const signed = JSON.stringify(JSON.parse(body) as unknown);
    const delivery: WebhookDelivery = {
      body,
      headers: {
        'content-type': 'application/json',
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': `${running.url}/v1/notifications/certs/double`,
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-time': time,
        'paypal-transmission-sig': signatureOf(transmissionId, time, signed),
      },
    };
    if (state.webhookUrl) await deliver(state.webhookUrl, delivery);
    return delivery;
  };
  return {
    ...running,
    clientId,
    clientSecret,
    webhookId,
    state,
    batches,
    env(): Record<string, string> {
      return { PAYPAL_API_URL: running.url, PAYPAL_CLIENT_ID: clientId, PAYPAL_CLIENT_SECRET: clientSecret, PAYPAL_WEBHOOK_ID: webhookId };
    },
    itemFor(reference: string): PaypalDoubleItem | undefined {
      return batches.flatMap((batch) => batch.items).find((entry) => entry.payout_item.sender_item_id === reference);
    },
    move,
  };
}

export type PaypalDouble = Awaited<ReturnType<typeof startPaypalDouble>>;

import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { deliver, serveDouble, type DoubleRequest, type WebhookDelivery } from './provider-double-http';

export interface WiseDoubleTransfer {
  id: number;
  status: string;
  customerTransactionId: string;
  targetAccount: number;
  quoteUuid: string;
  details: { reference: string };
  targetAmount: number;
  targetCurrency: string;
}

/**
 * Wise's API as payouts use it, on 127.0.0.1: recipients (an identical one answers the one it
 * has), quotes, transfers (a known customerTransactionId answers its transfer, never a second
 * one), balance funding, transfer lookup, and transfers#state-change webhooks signed with a key of
 * its own. `dropNextTransferAnswer` makes the next transfer and cuts the connection before answering;
 * `unavailable` answers every call 503.
 */
export async function startWiseDouble(
  options: {
    token?: string;
    profileId?: string;
    port?: number;
    webhookUrl?: string;
    /** A local start's double: a funded transfer goes on to this state by itself, its webhook posted. */
    settleFundedAs?: string;
  } = {},
) {
  const token = options.token ?? `double-${randomUUID()}`;
  const profileId = options.profileId ?? '4242';
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const recipients = new Map<string, number>();
  const quotes = new Map<string, { targetAmount: number; targetCurrency: string }>();
  const transfers = new Map<number, WiseDoubleTransfer>();
  let nextId = 1000;
  const state = { dropNextTransferAnswer: false, unavailable: false, webhookUrl: options.webhookUrl, transfersCreated: 0, fundings: 0 };

  const handle = (request: DoubleRequest) => {
    // Wise down for maintenance: every call answers 503, as its API does then.
    if (state.unavailable) return { status: 503, body: { error: 'service_unavailable' } };
    if (request.headers.authorization !== `Bearer ${token}`) return { status: 401, body: { error: 'invalid_token' } };
    const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
    if (request.method === 'POST' && request.path === '/v1/accounts') {
      const key = JSON.stringify([body.currency, body.type, body.profile, body.accountHolderName, body.details]);
      const id = recipients.get(key) ?? nextId++;
      recipients.set(key, id);
      return { status: 200, body: { id, ...body } };
    }
    if (request.method === 'POST' && request.path === `/v3/profiles/${profileId}/quotes`) {
      const id = randomUUID();
      quotes.set(id, { targetAmount: Number(body.targetAmount), targetCurrency: String(body.targetCurrency) });
      return { status: 200, body: { id, ...body, rate: 1 } };
    }
    if (request.method === 'POST' && request.path === '/v1/transfers') {
      const customerTransactionId = typeof body.customerTransactionId === 'string' ? body.customerTransactionId : '';
      const known = [...transfers.values()].find((transfer) => transfer.customerTransactionId === customerTransactionId);
      if (known) return { status: 200, body: known };
      const quote = quotes.get(String(body.quoteUuid));
      if (!quote || !/^[0-9a-f-]{36}$/.test(customerTransactionId)) return { status: 422, body: { errors: [{ code: 'invalid' }] } };
      const details = (body.details ?? {}) as { reference?: string };
      const transfer: WiseDoubleTransfer = {
        id: nextId++,
        status: 'incoming_payment_waiting',
        customerTransactionId,
        targetAccount: Number(body.targetAccount),
        quoteUuid: String(body.quoteUuid),
        details: { reference: details.reference ?? '' },
        ...quote,
      };
      transfers.set(transfer.id, transfer);
      state.transfersCreated += 1;
      if (state.dropNextTransferAnswer) {
        state.dropNextTransferAnswer = false;
        return { status: 200, dropAnswer: true };
      }
      return { status: 200, body: transfer };
    }
    const funding = new RegExp(`^/v3/profiles/${profileId}/transfers/(\\d+)/payments$`).exec(request.path);
    if (request.method === 'POST' && funding) {
      const transfer = transfers.get(Number(funding[1]));
      if (!transfer) return { status: 404, body: { errors: [{ code: 'transfer.not.found' }] } };
      if (transfer.status !== 'incoming_payment_waiting') return { status: 409, body: { errors: [{ code: 'transfer.already.funded' }] } };
      transfer.status = 'processing';
      state.fundings += 1;
      const settleAs = options.settleFundedAs;
      if (settleAs) setImmediate(() => void move(transfer.id, settleAs).catch(() => undefined));
      return { status: 201, body: { type: 'BALANCE', status: 'COMPLETED', errorCode: null } };
    }
    const lookup = /^\/v1\/transfers\/(\d+)$/.exec(request.path);
    if (request.method === 'GET' && lookup) {
      const transfer = transfers.get(Number(lookup[1]));
      return transfer ? { status: 200, body: transfer } : { status: 404, body: { errors: [{ code: 'transfer.not.found' }] } };
    }
    return { status: 404, body: { errors: [{ code: 'not.found' }] } };
  };

  const running = await serveDouble(handle, options.port);
  /** The signed delivery of a state change, as Wise sends it. */
  const eventOf = (transfer: WiseDoubleTransfer, previous: string): WebhookDelivery => {
    const body = JSON.stringify({
      data: {
        resource: { type: 'transfer', id: transfer.id, profile_id: Number(profileId), account_id: transfer.targetAccount },
        current_state: transfer.status,
        previous_state: previous,
        occurred_at: new Date().toISOString(),
      },
      subscription_id: 'double-subscription',
      event_type: 'transfers#state-change',
      schema_version: '2.0.0',
      sent_at: new Date().toISOString(),
    });
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'x-signature-sha256': sign('RSA-SHA256', Buffer.from(body), privateKey).toString('base64'),
        'x-delivery-id': randomUUID(),
      },
    };
  };
  /** Moves a transfer to `status`; the signed delivery of that change is returned, and posted too with a webhook URL. */
  const move = async (transferId: number, status: string): Promise<WebhookDelivery> => {
    const transfer = transfers.get(transferId);
    if (!transfer) throw new Error(`no transfer ${transferId}`);
    const previous = transfer.status;
    transfer.status = status;
    const delivery = eventOf(transfer, previous);
    if (state.webhookUrl) await deliver(state.webhookUrl, delivery);
    return delivery;
  };
  return {
    ...running,
    token,
    profileId,
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    state,
    transfers,
    move,
    /** The settings that point the server at this double. */
    env(): Record<string, string> {
      return { WISE_API_URL: running.url, WISE_API_TOKEN: token, WISE_PROFILE_ID: profileId, WISE_WEBHOOK_PUBLIC_KEY: this.publicKeyPem };
    },
    transferFor(reference: string): WiseDoubleTransfer | undefined {
      return [...transfers.values()].find((transfer) => transfer.details.reference === reference);
    },
  };
}

export type WiseDouble = Awaited<ReturnType<typeof startWiseDouble>>;

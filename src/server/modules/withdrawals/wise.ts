import { createHash, verify } from 'node:crypto';
import { z } from 'zod';
import { moneyFromMinor } from '#domain/money';
import type { BankAccount } from '#domain/schemas/payments';
import type { PayoutInstruction, PayoutProvider, PayoutSubmission } from './payout-provider';
import type { WiseSettings } from './provider-settings';
import { completeWise } from './provider-settings';
import { ProviderApiError, providerCall } from './provider-http';

/**
 * Wise takes a UUID as `customerTransactionId`, and creating a transfer again with the same one
 * answers the transfer made the first time: the payout reference, turned into a UUID (version 5,
 * in a namespace of our own), is what makes a retry never pay twice.
 */
const payoutNamespace = Buffer.from('6f1c6a2e4b7d4c0e9a53d2b8e0f4a7c1', 'hex');

export function wiseTransactionId(payoutReference: string): string {
  const hash = createHash('sha1').update(payoutNamespace).update(payoutReference).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A recipient account of Wise's v1 accounts API, from the bank form the customer filled in. */
export function wiseRecipient(account: BankAccount, currency: string, profileId: number) {
  const base = { currency, profile: profileId, ownedByCustomer: false };
  switch (account.country) {
    case 'us':
      return {
        ...base,
        type: 'aba',
        accountHolderName: account.name,
        details: {
          legalType: 'PRIVATE',
          abartn: account.routing_number,
          accountNumber: account.account_number,
          accountType: account.account_type === 'savings' ? 'SAVINGS' : 'CHECKING',
          address: { country: 'US', state: account.state, city: account.city, postCode: account.zip_code, firstLine: account.address },
        },
      };
    case 'ca':
      return {
        ...base,
        type: 'canadian',
        accountHolderName: account.name,
        details: {
          legalType: 'PRIVATE',
          institutionNumber: account.institution_number,
          transitNumber: account.transit_number,
          accountNumber: account.account_number,
          accountType: 'CHECKING',
        },
      };
    case 'uk':
      return {
        ...base,
        type: 'sort_code',
        accountHolderName: account.name,
        details: { legalType: 'PRIVATE', sortCode: account.sort_code, accountNumber: account.account_number },
      };
    case 'fr':
      return { ...base, type: 'iban', accountHolderName: account.name, details: { legalType: 'PRIVATE', IBAN: account.iban } };
    case 'jp':
      return {
        ...base,
        type: 'japanese',
        accountHolderName: account.account_name,
        details: {
          legalType: 'PRIVATE',
          bankCode: account.bank_code,
          branchCode: account.branch_code,
          accountNumber: account.account_number,
          // 普通 is a savings account to Wise, 当座 a current one.
          accountType: account.account_type === 'current' ? 'CURRENT' : 'SAVINGS',
        },
      };
  }
}

const idAnswer = z.looseObject({ id: z.union([z.number(), z.string()]) });
export const wiseTransferSchema = z.looseObject({
  id: z.number(),
  status: z.string(),
  customerTransactionId: z.string().optional(),
  reference: z.string().optional(),
  details: z.looseObject({ reference: z.string().optional() }).optional(),
});
export type WiseTransfer = z.infer<typeof wiseTransferSchema>;

/** Wise's answer about a call it could not make sense of, read with the schema it should follow. */
function parsed<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new ProviderApiError(`Wise ${what}: an answer of an unexpected shape`);
  return result.data;
}

export interface WiseClient {
  transfer(id: number): Promise<WiseTransfer>;
}

export function wiseClient(settings: WiseSettings): WiseClient & {
  pay(instruction: PayoutInstruction): Promise<WiseTransfer>;
} {
  const complete = completeWise(settings);
  const call = (method: string, path: string, body?: unknown) => {
    if (!complete) throw new ProviderApiError('Wise is not configured (WISE_API_URL, WISE_API_TOKEN, WISE_PROFILE_ID)');
    return providerCall('Wise', `${complete.apiUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${complete.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  };
  const profile = () => Number(complete?.profileId);
  return {
    async transfer(id) {
      return parsed(wiseTransferSchema, await call('GET', `/v1/transfers/${id}`), 'transfer');
    },
    /**
     * Recipient, quote, transfer, funding: each step may be run again. Wise answers an identical
     * recipient with the one it has, a transfer with a known customerTransactionId with that
     * transfer, and a transfer that left `incoming_payment_waiting` is funded already.
     */
    async pay(instruction) {
      if (instruction.destination.method !== 'TRANSFERWISE')
        throw new Error(`Wise pays bank accounts, not ${instruction.destination.method}`);
      const recipient = parsed(
        idAnswer,
        await call('POST', '/v1/accounts', wiseRecipient(instruction.destination.account, instruction.currency, profile())),
        'recipient',
      );
      const amount = Number(moneyFromMinor(instruction.payoutMinor, instruction.currency).value);
      const quote = parsed(
        idAnswer,
        await call('POST', `/v3/profiles/${profile()}/quotes`, {
          sourceCurrency: instruction.currency,
          targetCurrency: instruction.currency,
          targetAmount: amount,
          targetAccount: Number(recipient.id),
          payOut: 'BANK_TRANSFER',
        }),
        'quote',
      );
      const transfer = parsed(
        wiseTransferSchema,
        await call('POST', '/v1/transfers', {
          targetAccount: Number(recipient.id),
          quoteUuid: String(quote.id),
          customerTransactionId: wiseTransactionId(instruction.payoutReference),
          details: { reference: instruction.payoutReference },
        }),
        'transfer',
      );
      if (transfer.status === 'incoming_payment_waiting')
        await call('POST', `/v3/profiles/${profile()}/transfers/${transfer.id}/payments`, { type: 'BALANCE' });
      return transfer;
    },
  };
}

/** Bank payouts through Wise's API, one transfer each, paid from the profile's balance in the payout's currency. */
export function wisePayoutProvider(settings: WiseSettings): PayoutProvider {
  const client = wiseClient(settings);
  return {
    name: 'wise',
    async submit(instructions): Promise<PayoutSubmission> {
      const references: Record<string, string> = {};
      for (const instruction of instructions) {
        if (instruction.destination.method !== 'TRANSFERWISE') continue;
        references[instruction.withdrawalId] = `wise:${(await client.pay(instruction)).id}`;
      }
      return { provider: 'wise', withdrawalIds: Object.keys(references), files: [], references };
    },
  };
}

/** Wise's webhook signature: RSA SHA-256 over the raw body, base64 in X-Signature-SHA256, by Wise's published key. */
export function wiseSignatureValid(rawBody: Buffer, signature: string | undefined, publicKeyPem: string): boolean {
  if (!signature) return false;
  try {
    return verify('RSA-SHA256', rawBody, publicKeyPem, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

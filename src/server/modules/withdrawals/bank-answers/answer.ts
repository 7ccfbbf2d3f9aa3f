import type { BankAnswerFormat } from '#domain/schemas/operator-answers';

/** A bank's answer that cannot be read: nothing was settled from it. */
export class BankAnswerError extends Error {
  override name = 'BankAnswerError';
}

/** What the customer is told of a refusal (the texts are in bank-answers.ts). */
export type RefusalReason =
  | 'closed'
  | 'wrongAccount'
  | 'noAccount'
  | 'nameMismatch'
  | 'frozen'
  | 'holderDeceased'
  | 'refusedByHolder'
  | 'paypalReturned'
  | 'paypalRefused'
  | 'generic';

/** One transfer the bank or PayPal names: the payout reference, or its first 15 characters (NACHA). */
export interface BankRefusal {
  /** The whole reference (pain.002, camt.054, PayPal) or the start of one (a NACHA individual id). */
  reference: string;
  partial: boolean;
  code: string;
  /**
   * The customer's reason, set by readers whose codes are bare digits of their own scheme (Zengin
   * result codes, CPA-005 return reasons) and so cannot share the table of ISO and NACHA codes.
   */
  reason?: RefusalReason;
}

export interface BankAnswer {
  format: BankAnswerFormat;
  refusals: BankRefusal[];
  /**
   * Transfers the bank booked or PayPal delivered (camt.054 debits, PayPal SUCCESS): settled as
   * paid. A refusal of the same payout in the same answer wins: the money left and came back.
   */
  payments: BankRefusal[];
  /**
   * A message or payment block the bank refused as a whole without listing its transactions: a
   * problem of the file, not of the customers' accounts. Nothing is failed for it; finance sends
   * the batch again once corrected.
   */
  refusedWhole: { id: string; code: string }[];
  /** Lines the answer gives as still under way (PayPal PENDING, UNCLAIMED…): nothing settled yet. */
  inProgress: BankRefusal[];
}

export function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  return undefined;
}

export function recordOf(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

export function listOf(value: unknown): Record<string, unknown>[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    const record = recordOf(item);
    return record ? [record] : [];
  });
}

/** The namespace of an ISO 20022 document's root (prefixed or not): it names the message and its version. */
export function rootNamespace(raw: Record<string, unknown>): string {
  const rootName = Object.keys(raw).find((name) => name === 'Document' || name.endsWith(':Document'));
  const root = recordOf(rootName ? raw[rootName] : undefined) ?? {};
  const attribute = rootName?.includes(':') ? `@_xmlns:${rootName.split(':')[0]}` : '@_xmlns';
  return textOf(root[attribute]) ?? '';
}

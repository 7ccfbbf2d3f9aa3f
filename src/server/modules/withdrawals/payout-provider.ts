import type { Currency } from '#domain/markets';
import type { PaymentDetails } from '../payments/payment-methods';

/** One payout to make: a pending withdrawal with its destination decrypted. */
export interface PayoutInstruction {
  withdrawalId: string;
  /** Stable, 18 characters: what the bank or PayPal reports back, accepted by complete and fail. */
  payoutReference: string;
  userId: string;
  currency: Currency;
  /** What the customer receives (amount − fee), minor units. */
  payoutMinor: number;
  destination: PaymentDetails;
  requestedAt: Date;
}

export interface PayoutSubmission {
  provider: string;
  /** The withdrawals handed over. */
  withdrawalIds: string[];
  /** What the operator gets (the manual provider: the files written). */
  files: string[];
  /** A provider with an API: what it calls each payout it took (a Wise transfer id, a PayPal payout batch id), by withdrawal id. */
  references?: Record<string, string>;
}

/**
 * A way to pay customers out. The manual provider writes files an operator uploads to the
 * bank and to PayPal, then settles each payout with `ops payouts complete|fail`. A provider
 * with an API (Wise, PayPal Payouts) submits the same instructions by HTTP and settles them
 * from its webhook with the same `settleWithdrawal`.
 */
export interface PayoutProvider {
  readonly name: string;
  /**
   * Throws a typed error when these payouts cannot be handed over as configured (a market's own
   * account is not set): called before the export marks anything, so a refusal leaves no batch.
   */
  check?(instructions: readonly PayoutInstruction[]): void;
  /** `batch` names the export (files are named after it); the same batch may be submitted again. */
  submit(instructions: readonly PayoutInstruction[], batch: string): Promise<PayoutSubmission>;
}

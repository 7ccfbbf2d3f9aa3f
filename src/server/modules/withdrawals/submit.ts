import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { paymentMethods, type PaymentMethod } from '#domain/payment-methods';
import type { Database } from '../../db/client';
import { withdrawals } from '../../db/schema';
import type { Actor } from '../audit/audit';
import type { PaymentCipher } from '../payments/encryption';
import type { PayoutProvider } from './payout-provider';
import { paypalPayoutProvider } from './paypal';
import type { PayoutProviderSettings } from './provider-settings';
import { wisePayoutProvider } from './wise';
import { exportPendingPayouts, type PayoutExport } from './withdrawals';

/** The provider with an API that pays this method's payouts, or undefined when they are paid by hand. */
export function apiProviderOf(settings: PayoutProviderSettings, method: PaymentMethod): PayoutProvider | undefined {
  if (method === 'TRANSFERWISE' && settings.TRANSFERWISE === 'wise') return wisePayoutProvider(settings.wise);
  if (method === 'PAYPAL' && settings.PAYPAL === 'paypal') return paypalPayoutProvider(settings.paypal);
  return undefined;
}

/** The methods `payouts export` writes files for: those no provider's API pays, so that nobody pays one payout both ways. */
export function manualMethods(settings: PayoutProviderSettings): PaymentMethod[] {
  return paymentMethods.filter((method) => apiProviderOf(settings, method) === undefined);
}

/** A submission that stopped part way: what was handed over before stays so, the rest is sent by the next run. */
export class PayoutSubmitError extends Error {
  override name = 'PayoutSubmitError';
}

export interface PayoutRun {
  provider: string;
  /** Earlier batches whose answer never came, sent again, then the new one (absent when nothing was pending). */
  batches: PayoutExport[];
}

/**
 * `payouts submit`: hands a method's pending payouts to its provider's API. First the batches of
 * this provider whose payouts have no provider reference yet (an earlier run lost the answer, or
 * stopped): sent again, the provider answers what it made the first time (Wise by
 * customerTransactionId, PayPal by the batch's request id), never a second transfer. Then the
 * payouts no batch claimed yet, in a new batch. Each taken payout keeps the provider's reference;
 * it stays PENDING until the provider's webhook settles it.
 */
export async function submitPayouts(
  db: Database,
  actor: Actor,
  cipher: PaymentCipher,
  settings: PayoutProviderSettings,
  method: PaymentMethod,
  now: Date,
): Promise<PayoutRun> {
  const provider = apiProviderOf(settings, method);
  if (!provider)
    throw new PayoutSubmitError(`${method} payouts are paid by hand (PAYOUT_PROVIDER_${method} is manual): use payouts export`);
  const unanswered = await db
    .selectDistinct({ batch: withdrawals.exportBatch })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.status, 'PENDING'),
        eq(withdrawals.method, method),
        eq(withdrawals.provider, provider.name),
        isNotNull(withdrawals.exportBatch),
        isNull(withdrawals.providerReference),
      ),
    )
    .orderBy(withdrawals.exportBatch);
  const batches: PayoutExport[] = [];
  const send = async (repeatBatch: string | undefined) => {
    let run: PayoutExport;
    try {
      run = await exportPendingPayouts(db, actor, cipher, provider, now, repeatBatch ? { repeatBatch } : { methods: [method] });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new PayoutSubmitError(
        `${provider.name} did not take every payout (${reason}). Run payouts submit again: the payouts it took already are recognised, never paid twice.`,
        { cause: error },
      );
    }
    for (const [withdrawalId, reference] of Object.entries(run.references ?? {})) {
      await db
        .update(withdrawals)
        .set({ providerReference: reference })
        .where(and(eq(withdrawals.id, withdrawalId), eq(withdrawals.status, 'PENDING'), isNull(withdrawals.providerReference)));
    }
    if (run.withdrawalIds.length > 0 || run.repeated) batches.push(run);
  };
  for (const { batch } of unanswered) if (batch) await send(batch);
  await send(undefined);
  return { provider: provider.name, batches };
}

import { and, eq, sql } from 'drizzle-orm';
import { existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../../db/client';
import { paymentDataKeys, paymentMethods, withdrawals } from '../../db/schema';
import { isPaymentMethod } from '#domain/payment-methods';
import {
  createPaymentCipher,
  describePaymentKey,
  nextPaymentKeyFileName,
  PaymentKeyError,
  writeKeyFileAtomically,
  type PaymentCipher,
} from './encryption';
import { paymentKeyLockKey } from './key-check';
import { sealOwner } from './payment-methods';
import { recordAudit, type Actor } from '../audit/audit';

export interface RotationResult {
  /** The id of the key every stored value is now sealed with. */
  keyId: string;
  paymentMethods: number;
  withdrawals: number;
  /** Keys no stored value uses any more (the database stops requiring them). */
  retiredKeyIds: string[];
}

export interface RotationOptions {
  /** DATA_DIR/payment-data.key when the key lives there: rewritten (0600) once the database holds the new seals. */
  keyFile?: string;
}

/**
 * Re-seal every stored bank detail (saved methods and the destinations of withdrawals) with
 * `newKey`, in one transaction, and record `newKey` as the only key of this database.
 * `cipher` must open everything stored (the old key, and any read keys of a rotation in
 * progress); nothing changes if one value does not open. Writers of bank details wait for the
 * transaction (the tables are locked against writes, not reads).
 *
 * With a key file, the new key is first written beside it (`payment-data.key.next`, which a
 * start also reads with), then renamed over it after the commit: a crash in between leaves
 * every value readable.
 */
export async function rotatePaymentDataKey(
  db: Database,
  actor: Actor,
  cipher: PaymentCipher,
  newKey: Buffer,
  options: RotationOptions = {},
): Promise<RotationResult> {
  const target = describePaymentKey(newKey);
  const sealer = createPaymentCipher(newKey);
  const opener = createPaymentCipher(
    newKey,
    cipher.keys.map((entry) => entry.key),
  );
  const nextFile = options.keyFile ? path.join(path.dirname(options.keyFile), nextPaymentKeyFileName) : undefined;
  if (nextFile) writeKeyFileAtomically(nextFile, newKey);

  const reseal = (sealed: string, owner: string): string => {
    let plain: unknown;
    try {
      plain = opener.open(sealed, owner);
    } catch (error) {
      if (error instanceof PaymentKeyError) throw error;
      throw new PaymentKeyError(
        'PAYMENT_DATA_UNREADABLE',
        'a stored bank detail does not open with the keys given (PAYMENT_DATA_KEY, PAYMENT_DATA_READ_KEYS): nothing was changed',
      );
    }
    return sealer.seal(plain, owner);
  };

  let result: RotationResult;
  try {
    result = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${paymentKeyLockKey})`);
      await tx.execute(sql`lock table payment_methods, withdrawals in exclusive mode`);
      const recorded = await tx.select().from(paymentDataKeys);
      const missing = recorded.filter((row) => !opener.keys.some((entry) => entry.id === row.keyId));
      if (missing.length > 0) {
        throw new PaymentKeyError(
          'PAYMENT_KEY_NOT_HELD',
          `stored bank details were sealed with key id ${missing.map((row) => row.keyId).join(', ')}, which is not among the keys given (PAYMENT_DATA_KEY, PAYMENT_DATA_READ_KEYS): nothing was changed`,
        );
      }

      let methodCount = 0;
      for (const row of await tx.select().from(paymentMethods)) {
        if (!isPaymentMethod(row.method)) continue;
        const details = reseal(row.details, sealOwner(row.userId, row.method));
        await tx
          .update(paymentMethods)
          .set({ details })
          .where(and(eq(paymentMethods.userId, row.userId), eq(paymentMethods.method, row.method)));
        methodCount += 1;
      }
      let withdrawalCount = 0;
      const payouts = await tx
        .select({ id: withdrawals.id, userId: withdrawals.userId, method: withdrawals.method, payoutDetails: withdrawals.payoutDetails })
        .from(withdrawals)
        .where(sql`${withdrawals.payoutDetails} is not null`);
      for (const row of payouts) {
        if (!row.payoutDetails || !isPaymentMethod(row.method)) continue;
        await tx
          .update(withdrawals)
          .set({ payoutDetails: reseal(row.payoutDetails, sealOwner(row.userId, row.method)) })
          .where(eq(withdrawals.id, row.id));
        withdrawalCount += 1;
      }

      await tx.delete(paymentDataKeys);
      await tx.insert(paymentDataKeys).values({ keyId: target.id, verifier: target.verifier });
      const retiredKeyIds = recorded.map((row) => row.keyId).filter((id) => id !== target.id);
      // Key ids only (a digest's prefix): never the key.
      await recordAudit(tx, actor, {
        action: 'payment_key.rotate',
        recordType: 'payment_key',
        recordId: target.id,
        detail: { payment_methods: methodCount, withdrawals: withdrawalCount, retired_key_ids: retiredKeyIds },
      });
      return { keyId: target.id, paymentMethods: methodCount, withdrawals: withdrawalCount, retiredKeyIds };
    });
  } catch (error) {
    if (nextFile) rmSync(nextFile, { force: true });
    throw error;
  }
  if (options.keyFile && nextFile && existsSync(nextFile)) renameSync(nextFile, options.keyFile);
  return result;
}

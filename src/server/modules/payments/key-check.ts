import { isNotNull, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { paymentDataKeys, paymentMethods, withdrawals } from '../../db/schema';
import { isPaymentMethod } from '#domain/payment-methods';
import {
  createPaymentCipher,
  loadPaymentKeyring,
  PaymentKeyError,
  sealedKeyId,
  type PaymentCipher,
  type PaymentKeySource,
} from './encryption';
import { sealOwner } from './payment-methods';

/** Any number above 2^31 keyed to this app: the start check and a rotation take turns. */
export const paymentKeyLockKey = 727_413_214;

/** Every sealed value in the database, with what it is bound to. */
export interface SealedValue {
  table: 'payment_methods' | 'withdrawals';
  sealed: string;
  owner: string;
}

export async function sealedValues(executor: Executor): Promise<SealedValue[]> {
  const methods = await executor
    .select({ userId: paymentMethods.userId, method: paymentMethods.method, details: paymentMethods.details })
    .from(paymentMethods);
  const payouts = await executor
    .select({ userId: withdrawals.userId, method: withdrawals.method, details: withdrawals.payoutDetails })
    .from(withdrawals)
    .where(isNotNull(withdrawals.payoutDetails));
  const values: SealedValue[] = [];
  for (const row of methods) {
    if (isPaymentMethod(row.method))
      values.push({ table: 'payment_methods', sealed: row.details, owner: sealOwner(row.userId, row.method) });
  }
  for (const row of payouts) {
    if (row.details && isPaymentMethod(row.method))
      values.push({ table: 'withdrawals', sealed: row.details, owner: sealOwner(row.userId, row.method) });
  }
  return values;
}

/** The id of the key (among the cipher's) that opens a value, or undefined when none does. */
export function keyIdOpening(cipher: PaymentCipher, value: SealedValue): string | undefined {
  const named = sealedKeyId(value.sealed);
  if (named !== undefined) return cipher.keys.some((entry) => entry.id === named) ? named : undefined;
  for (const entry of cipher.keys) {
    try {
      createPaymentCipher(entry.key).open(value.sealed, value.owner);
      return entry.id;
    } catch {
      // another key may open it
    }
  }
  return undefined;
}

function whereTheKeyIs(source: PaymentKeySource): string {
  return source.kind === 'env' ? 'PAYMENT_DATA_KEY' : `the file ${source.file}, as PAYMENT_DATA_KEY is not set`;
}

const whatToSet =
  '  Set PAYMENT_DATA_KEY, the same value on every instance, to the key the other instances use: their PAYMENT_DATA_KEY,\n' +
  '  or the content of DATA_DIR/payment-data.key of the instance that first started on this database.\n' +
  '  During a key rotation, PAYMENT_DATA_READ_KEYS holds the other key (docs/configuration.md, Payment-data key).';

/**
 * The start check (before listening): this instance must hold every key that sealed what the
 * database stores. The first instance on a database records its key; later ones are compared
 * with the record, so a key that cannot read the stored bank details is refused here rather
 * than met by a customer as a 500. Stored values from before the record (v1, no key id) are
 * tried once, when the record is made.
 */
export async function checkPaymentKeys(db: Executor, cipher: PaymentCipher, source: PaymentKeySource): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${paymentKeyLockKey})`);
    const recorded = await tx.select().from(paymentDataKeys);
    if (recorded.length === 0) {
      const used = new Set<string>();
      let unreadable = 0;
      for (const value of await sealedValues(tx)) {
        const keyId = keyIdOpening(cipher, value);
        if (keyId === undefined) unreadable += 1;
        else used.add(keyId);
      }
      if (unreadable > 0) {
        throw new PaymentKeyError(
          'PAYMENT_DATA_UNREADABLE',
          `Roundtrip will not start: ${unreadable} stored bank detail(s) cannot be opened with this instance's payment-data key (${whereTheKeyIs(source)}).\n${whatToSet}\n` +
            '  If two keys sealed them, give this instance the other one in PAYMENT_DATA_READ_KEYS, then bring them under one key: npm run ops -- payment-key rotate.',
        );
      }
      used.add(cipher.keyId);
      const rows = cipher.keys.filter((entry) => used.has(entry.id)).map((entry) => ({ keyId: entry.id, verifier: entry.verifier }));
      await tx.insert(paymentDataKeys).values(rows).onConflictDoNothing();
      return;
    }
    const missing = recorded.filter((row) => !cipher.keys.some((entry) => entry.id === row.keyId && entry.verifier === row.verifier));
    if (missing.length > 0) {
      throw new PaymentKeyError(
        'PAYMENT_KEY_NOT_HELD',
        `Roundtrip will not start: this instance's payment-data key cannot read the bank details stored in this database.\n` +
          `  They were sealed with key id ${missing.map((row) => row.keyId).join(', ')}; this instance holds key id ${cipher.keys.map((entry) => entry.id).join(', ')} (${whereTheKeyIs(source)}).\n` +
          whatToSet,
      );
    }
    // A rolling rotation: this instance seals with a new key; the others must now hold it too.
    if (!recorded.some((row) => row.keyId === cipher.keyId)) {
      const sealing = cipher.keys[0]!;
      await tx.insert(paymentDataKeys).values({ keyId: sealing.id, verifier: sealing.verifier }).onConflictDoNothing();
    }
  });
}

/** The server's cipher: the configured keys, checked against the database (throws PaymentKeyError). */
export async function openCheckedPaymentCipher(
  config: Pick<Config, 'paymentDataKey' | 'paymentDataReadKeys' | 'dataDir'>,
  db: Executor,
): Promise<PaymentCipher> {
  const keyring = loadPaymentKeyring(config);
  const cipher = createPaymentCipher(keyring.current, keyring.readOnly);
  await checkPaymentKeys(db, cipher, keyring.source);
  return cipher;
}

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PaymentMethod } from '#domain/payment-methods';
import type { Database } from '../../db/client';
import type { Actor } from '../audit/audit';
import type { PaymentCipher } from '../payments/encryption';
import type { Originators } from './bank-files/originators';
import { manualPayoutProvider } from './manual-provider';
import { exportPendingPayouts } from './withdrawals';

export interface PayoutFiles {
  batch: string;
  repeated: boolean;
  withdrawalIds: string[];
  /**
   * Each file by its name (no folder) and content: bank details in clear. A file in another
   * encoding than UTF-8 (the Zengin file is Shift_JIS) travels as base64, byte for byte.
   */
  files: { name: string; content: string; encoding: 'utf-8' | 'base64' }[];
}

/**
 * A payout export as files in hand, for whoever asked: the CLI writes them where the operator said,
 * the console hands them to the signed-in finance operator's device. The manual provider writes
 * into a private temporary folder of this process, read back and removed here.
 */
export async function exportPayoutFiles(
  db: Database,
  actor: Actor,
  cipher: PaymentCipher,
  originators: Originators,
  now: Date,
  /** `methods`: the methods paid by hand (the others are paid through a provider's API: `payouts submit`). */
  options: { repeatBatch?: string; methods?: readonly PaymentMethod[] } = {},
): Promise<PayoutFiles> {
  const staging = mkdtempSync(path.join(tmpdir(), 'roundtrip-payouts-'));
  try {
    const submission = await exportPendingPayouts(
      db,
      actor,
      cipher,
      manualPayoutProvider(staging, originators, () => now),
      now,
      options,
    );
    return {
      batch: submission.batch,
      repeated: submission.repeated,
      withdrawalIds: submission.withdrawalIds,
      files: submission.files.map((file) => {
        const bytes = readFileSync(file);
        const text = bytes.toString('utf8');
        const utf8 = Buffer.from(text, 'utf8').equals(bytes);
        return { name: path.relative(staging, file), content: utf8 ? text : bytes.toString('base64'), encoding: utf8 ? 'utf-8' : 'base64' };
      }),
    };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

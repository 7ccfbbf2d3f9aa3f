import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '../../db/client';
import type { Actor } from '../audit/audit';
import type { PaymentCipher } from '../payments/encryption';
import { manualPayoutProvider } from './manual-provider';
import { exportPendingPayouts } from './withdrawals';

export interface PayoutFiles {
  batch: string;
  repeated: boolean;
  withdrawalIds: string[];
  /** Each CSV by its name (no folder) and content: bank details in clear. */
  files: { name: string; content: string }[];
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
  now: Date,
  options: { repeatBatch?: string } = {},
): Promise<PayoutFiles> {
  const staging = mkdtempSync(path.join(tmpdir(), 'roundtrip-payouts-'));
  try {
    const submission = await exportPendingPayouts(db, actor, cipher, manualPayoutProvider(staging), now, options);
    return {
      batch: submission.batch,
      repeated: submission.repeated,
      withdrawalIds: submission.withdrawalIds,
      files: submission.files.map((file) => ({ name: path.relative(staging, file), content: readFileSync(file, 'utf8') })),
    };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

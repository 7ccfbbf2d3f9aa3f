import path from 'node:path';
import { exportPayoutFiles } from '../../modules/withdrawals/payout-files';
import {
  listPendingPayouts,
  payoutReferencePattern,
  pendingPayoutTotals,
  settleWithdrawal,
  withdrawalIdOf,
} from '../../modules/withdrawals/withdrawals';
import { isUuid, type OpsArguments } from './args';
import { OpsUsageError, type OpsIo } from './types';

async function exportPayouts(io: OpsIo, directory: string, repeatBatch: string | undefined): Promise<number> {
  const submission = await exportPayoutFiles(io.db, io.actor, await io.paymentCipher(), io.config.payoutOriginators, io.now, {
    repeatBatch,
  });
  const files = submission.files.map((file) => {
    // Bank details in clear: 0600 wherever they land.
    const written = { name: path.join(directory, file.name), content: file.content, encoding: file.encoding, mode: 0o600 };
    io.writeFile(written);
    return written.name;
  });
  const what = submission.repeated ? `batch ${submission.batch} written again` : `batch ${submission.batch}`;
  io.out(`${submission.withdrawalIds.length} pending payout(s), ${what} (bank details in clear: keep these files safe):\n`);
  if (!submission.repeated && submission.withdrawalIds.length === 0)
    io.out('  Payouts listed by an earlier export are left out; write one again with --repeat <batch>.\n');
  for (const file of files) io.out(`  ${file}\n`);
  return 0;
}

/** `payouts list|export|complete|fail …`: thin over the withdrawals module, which owns what each step means. */
export async function payoutsCommand({ values, positionals }: OpsArguments, io: OpsIo, usage: string): Promise<number> {
  const [action, id] = positionals;
  if (id !== undefined && !isUuid(id) && !payoutReferencePattern.test(id.toUpperCase())) {
    throw new OpsUsageError(`${id} is neither a withdrawal id nor a payout reference (see: npm run ops -- payouts list)`);
  }
  const print = (value: unknown) => io.out(`${JSON.stringify(value, null, 2)}\n`);
  if (action === 'list') {
    const rows = await listPendingPayouts(io.db);
    for (const row of rows) {
      io.out(
        `${row.id}  ${row.payout_reference}  ${row.created_at}  ${row.payout_amount.value.padStart(9)} ${row.payout_amount.currency}  ${row.withdraw_type.padEnd(12)} ${row.account_number ?? ''}${row.export_batch ? `  exported in batch ${row.export_batch}` : ''}\n`,
      );
    }
    if (rows.length === 0) io.out('No pending payout.\n');
    else {
      // The whole list's totals (the same grouped query as GET /ops/payouts), also when it holds more than is printed.
      const totals = await pendingPayoutTotals(io.db);
      io.out(`${totals.count} pending, to pay out: ${totals.amounts.map((amount) => `${amount.value} ${amount.currency}`).join(', ')}\n`);
      if (totals.count > rows.length) io.out(`(the oldest ${rows.length} are listed)\n`);
    }
    return 0;
  }
  if (action === 'export') return exportPayouts(io, io.resolvePath(values.out ?? path.join(io.config.dataDir, 'payouts')), values.repeat);
  if (action === 'complete' && id) {
    print(
      await settleWithdrawal(
        io.db,
        io.actor,
        await withdrawalIdOf(io.db, id),
        { status: 'COMPLETED', reference: values.reference },
        io.now,
      ),
    );
    return 0;
  }
  if (action === 'fail' && id && values.reason) {
    print(
      await settleWithdrawal(
        io.db,
        io.actor,
        await withdrawalIdOf(io.db, id),
        { status: values.cancel ? 'CANCELLED' : 'FAILED', reason: values.reason },
        io.now,
      ),
    );
    return 0;
  }
  throw new OpsUsageError(`payouts needs list, export, complete <id> or fail <id> --reason text\n\n${usage}`);
}

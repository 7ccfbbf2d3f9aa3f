import path from 'node:path';
import { reconcileBankAnswer, type ReconcileLine, type Reconciliation } from '../../modules/withdrawals/bank-answers';
import { BankAnswerError } from '../../modules/withdrawals/bank-answers/answer';
import { exportPayoutFiles } from '../../modules/withdrawals/payout-files';
import { apiProviderOf, manualMethods, PayoutSubmitError, submitPayouts } from '../../modules/withdrawals/submit';
import { paymentMethods, type PaymentMethod } from '#domain/payment-methods';
import {
  listPendingPayouts,
  payoutReferencePattern,
  pendingPayoutTotals,
  settleWithdrawal,
  withdrawalIdOf,
} from '../../modules/withdrawals/withdrawals';
import { isRecordId } from '#domain/schemas/operator-requests';
import type { CliArguments } from './args';
import { CliUsageError, type CliIo } from './types';

async function exportPayouts(io: CliIo, directory: string, repeatBatch: string | undefined): Promise<number> {
  const submission = await exportPayoutFiles(io.db, io.actor, await io.paymentCipher(), io.config.payoutOriginators, io.now, {
    repeatBatch,
    methods: manualMethods(io.config.payoutProviders),
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

/** The bank's answer file of `payouts reconcile FILE`, which a server running the command cannot read itself. */
export function payoutsInputFiles({ positionals }: CliArguments): string[] {
  const [action, file] = positionals;
  return action === 'reconcile' && file ? [file] : [];
}

const formatNames: Record<Reconciliation['format'], string> = {
  'pain.002': 'SEPA status report (pain.002)',
  'nacha-returns': 'NACHA returns',
  'camt.054': 'bank debit/credit notification (camt.054)',
  'paypal-payouts-report': 'PayPal payouts report',
  'zengin-results': 'Zengin transfer results (総合振込)',
};

async function reconcilePayouts(io: CliIo, file: string): Promise<number> {
  let bytes: Uint8Array;
  try {
    // Bytes, not text: a Zengin answer is Shift_JIS; the others are decoded as UTF-8 by the reader.
    bytes = io.readBytes(file);
  } catch (error) {
    io.err(`${file}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  let result;
  try {
    result = await reconcileBankAnswer(io.db, io.actor, bytes, io.now);
  } catch (error) {
    if (!(error instanceof BankAnswerError)) throw error;
    io.err(`${file} was not read: ${error.message}. Nothing was settled.\n`);
    return 2;
  }
  const lineOf = (line: ReconcileLine) =>
    `  ${line.payout ?? line.reference}  ${line.code || '(no reason code)'}${line.payout && line.payout !== line.reference ? `  (bank: ${line.reference})` : ''}\n`;
  const list = (title: string, lines: ReconcileLine[]) => {
    io.out(`${title}: ${lines.length}\n`);
    for (const line of lines) io.out(lineOf(line));
  };
  io.out(`${file}: ${formatNames[result.format]}\n`);
  list(
    'Settled (FAILED, the money back to the customer)',
    result.settled.filter((line) => line.outcome === 'failed'),
  );
  // Status reports and returns only ever refuse; a notification of bookings or PayPal's report also pays.
  if (result.format === 'camt.054' || result.format === 'paypal-payouts-report' || result.format === 'zengin-results')
    list(
      'Settled (COMPLETED, paid)',
      result.settled.filter((line) => line.outcome === 'paid'),
    );
  list('Already settled', result.alreadySettled);
  list('Unmatched (no payout of ours)', result.unmatched);
  if (result.inProgress.length > 0) list('Still under way (settled by a later report)', result.inProgress);
  if (result.conflicts.length > 0)
    list(
      'Conflicts (COMPLETED here and refused there, or CANCELLED here and paid there: left as they are, check them by hand)',
      result.conflicts,
    );
  if (result.refusedWhole.length > 0) {
    io.out(
      `Refused as a whole by the bank, no payout settled for it (correct the file, then payouts export --repeat <batch>): ${result.refusedWhole.length}\n`,
    );
    for (const whole of result.refusedWhole) io.out(`  ${whole.id || '(no id)'}  ${whole.code || '(no reason code)'}\n`);
  }
  return result.conflicts.length > 0 || result.refusedWhole.length > 0 ? 1 : 0;
}

/** `payouts submit [transferwise|paypal]`: each method's pending payouts to the provider whose API pays them. */
async function submitToProviders(io: CliIo, named: string | undefined): Promise<number> {
  const settings = io.config.payoutProviders;
  const method = named?.toUpperCase();
  if (method !== undefined && !paymentMethods.some((known) => known === method))
    throw new CliUsageError(`payouts submit takes transferwise or paypal, not ${named}`);
  const methods = paymentMethods.filter(
    (known: PaymentMethod) => (method === undefined || known === method) && apiProviderOf(settings, known) !== undefined,
  );
  if (methods.length === 0) {
    io.err(
      `${method ?? 'No method'}${method ? ' payouts are' : ' is'} paid through a provider's API (PAYOUT_PROVIDER_TRANSFERWISE=wise, PAYOUT_PROVIDER_PAYPAL=paypal); write the files with: payouts export\n`,
    );
    return 2;
  }
  let failed = false;
  for (const each of methods) {
    try {
      const run = await submitPayouts(io.db, io.actor, await io.paymentCipher(), settings, each, io.now);
      const sent = run.batches.reduce((sum, batch) => sum + batch.withdrawalIds.length, 0);
      io.out(`${each}: ${sent} payout(s) handed to ${run.provider}; each is settled when ${run.provider} reports it (webhook)\n`);
      for (const batch of run.batches)
        io.out(`  batch ${batch.batch}${batch.repeated ? ' (sent again: its answer had not come)' : ''}: ${batch.withdrawalIds.length}\n`);
    } catch (error) {
      if (!(error instanceof PayoutSubmitError)) throw error;
      io.err(`${each}: ${error.message}\n`);
      failed = true;
    }
  }
  return failed ? 1 : 0;
}

/** `payouts list|export|submit|reconcile|complete|fail …`: thin over the withdrawals module, which owns what each step means. */
export async function payoutsCommand({ values, positionals }: CliArguments, io: CliIo, usage: string): Promise<number> {
  const [action, id] = positionals;
  if (action === 'submit') return submitToProviders(io, id);
  if (action === 'reconcile') {
    if (!id) throw new CliUsageError(`payouts reconcile needs the bank's answer file\n\n${usage}`);
    return reconcilePayouts(io, id);
  }
  if (id !== undefined && !isRecordId(id) && !payoutReferencePattern.test(id.toUpperCase())) {
    throw new CliUsageError(`${id} is neither a withdrawal id nor a payout reference (see: npm run ops -- payouts list)`);
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
  throw new CliUsageError(`payouts needs list, export, submit, reconcile <file>, complete <id> or fail <id> --reason text\n\n${usage}`);
}

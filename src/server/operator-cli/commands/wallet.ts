import { randomUUID } from 'node:crypto';
import { undoCheckIn } from '../../modules/wallet/checkin-undo';
import { adjustBalance, cancelScan, checkIn, reject } from '../../modules/wallet/operator-actions';
import type { CliArguments } from './args';
import { CliUsageError, type CliIo } from './types';

function print(io: CliIo, value: unknown) {
  io.out(`${JSON.stringify(value, null, 2)}\n`);
}

/** `checkin <code>… [--note text]`: credit the deposits of pending scans; `checkin --undo <batch>` takes a batch back. */
export async function checkinCommand({ values, positionals }: CliArguments, io: CliIo): Promise<number> {
  if (values.undo !== undefined) {
    if (positionals.length > 0) throw new CliUsageError('checkin --undo takes a batch id and no codes');
    print(io, await undoCheckIn(io.db, io.actor, values.undo, io.now));
    return 0;
  }
  if (positionals.length === 0) throw new CliUsageError('checkin needs at least one code');
  print(io, await checkIn(io.db, io.actor, positionals, io.now, values.note));
  return 0;
}

/** `reject <code>… --reason text`: no money, the customer sees the reason. */
export async function rejectCommand({ values, positionals }: CliArguments, io: CliIo): Promise<number> {
  if (positionals.length === 0 || !values.reason) throw new CliUsageError('reject needs codes and --reason');
  print(io, await reject(io.db, io.actor, positionals, values.reason, io.now));
  return 0;
}

/** `cancel (--scan <id> | --code <code>) [--reason text]`. */
export async function cancelCommand({ values }: CliArguments, io: CliIo): Promise<number> {
  const { scan, code } = values;
  const target = scan && !code ? { scanId: scan } : code && !scan ? { code } : undefined;
  if (!target) throw new CliUsageError('cancel needs --scan <id> or --code <code>');
  print(io, await cancelScan(io.db, io.actor, target, values.reason, io.now));
  return 0;
}

/** `adjust (--email <e> | --user <id>) --amount <signed> --comment text [--id <uuid>]`. */
export async function adjustCommand({ values }: CliArguments, io: CliIo): Promise<number> {
  if ((!values.email && !values.user) || !values.amount || !values.comment)
    throw new CliUsageError('adjust needs --email or --user, --amount and --comment');
  print(
    io,
    await adjustBalance(
      io.db,
      io.actor,
      { id: values.id ?? randomUUID(), userId: values.user, email: values.email, amount: values.amount, comment: values.comment },
      io.now,
    ),
  );
  return 0;
}

import { listDisputes, resolveDispute } from '../../modules/disputes/disputes';
import { terminalField } from '../terminal-text';
import { claimLines } from './claims';
import { isRecordId } from '#domain/schemas/operator-requests';
import type { CliArguments } from './args';
import { CliUsageError, type CliIo } from './types';

/** `disputes list [--all]`, `disputes credit <id> [--answer text]`, `disputes uphold <id> --answer text`. */
export async function disputesCommand({ values, positionals }: CliArguments, io: CliIo, usage: string): Promise<number> {
  const [action, id] = positionals;
  if (id !== undefined && !isRecordId(id)) throw new CliUsageError(`${id} is not a dispute id (see: npm run ops -- disputes list)`);
  const print = (value: unknown) => io.out(`${JSON.stringify(value, null, 2)}\n`);
  if (action === 'list') {
    const rows = await listDisputes(io.db, { status: values.all === true ? 'all' : 'open' });
    for (const row of rows) {
      const codes = row.scans
        .map((scan) => `${terminalField(scan.code)} (${scan.status}${scan.reason ? `: ${terminalField(scan.reason)}` : ''})`)
        .join(', ');
      io.out(
        `${row.id}  ${row.created_at}  ${row.status.padEnd(8)} ${row.amount.value.padStart(8)} ${row.amount.currency}  ${row.reason.padEnd(15)} ${row.has_photo ? 'photo' : '     '}  ${terminalField(row.email ?? row.user_id)}\n`,
      );
      io.out(
        `    ${codes}${row.note ? `\n    note: ${terminalField(row.note)}` : ''}${row.answer ? `\n    answer: ${terminalField(row.answer)}` : ''}\n`,
      );
      // The claimant may be who returned it: the operator resolves the claim before crediting.
      for (const claim of row.claims) io.out(`    claim:\n${claimLines(claim, '      ')}`);
    }
    if (rows.length === 0) io.out(values.all ? 'No dispute.\n' : 'No open dispute.\n');
    return 0;
  }
  if (action === 'credit' && id) {
    print(await resolveDispute(io.db, io.actor, id, { outcome: 'CREDIT', answer: values.answer }, io.now));
    return 0;
  }
  if (action === 'uphold' && id && values.answer) {
    print(await resolveDispute(io.db, io.actor, id, { outcome: 'UPHOLD', answer: values.answer }, io.now));
    return 0;
  }
  throw new CliUsageError(`disputes needs list [--all], credit <id> [--answer text] or uphold <id> --answer text\n\n${usage}`);
}

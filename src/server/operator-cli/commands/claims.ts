import type { ClaimView } from '../../modules/wallet/claims';
import { listClaims, resolveClaim } from '../../modules/wallet/claims';
import { terminalField } from '../terminal-text';
import { isRecordId } from '#domain/schemas/operator-requests';
import type { CliArguments } from './args';
import { CliUsageError, type CliIo } from './types';

/** One claim on two lines; the email, code and note come from outside and are printed escaped. */
export function claimLines(claim: ClaimView, indent = ''): string {
  const first = claim.first_scan;
  return (
    `${indent}${claim.id}  ${terminalField(claim.code)}  ${claim.status.padEnd(9)} claimant ${terminalField(claim.email ?? claim.user_id)}` +
    ` scanned ${claim.scanned_at} (received ${claim.received_at})\n` +
    `${indent}    first scan ${first.scan_id} of ${first.user_id}: ${first.status}, scanned ${first.scanned_at} (received ${first.received_at})` +
    `${claim.note ? `\n${indent}    note: ${terminalField(claim.note)}` : ''}\n`
  );
}

/** `claims list [--all]`, `claims award <id> [--note text]`, `claims dismiss <id> [--note text]`. */
export async function claimsCommand({ values, positionals }: CliArguments, io: CliIo, usage: string): Promise<number> {
  const [action, id] = positionals;
  if (id !== undefined && !isRecordId(id)) throw new CliUsageError(`${id} is not a claim id (see: npm run ops -- claims list)`);
  if (action === 'list') {
    const rows = await listClaims(io.db, { status: values.all === true ? 'all' : 'open' });
    for (const row of rows) io.out(claimLines(row));
    if (rows.length === 0) io.out(values.all ? 'No claim.\n' : 'No open claim.\n');
    return 0;
  }
  if ((action === 'award' || action === 'dismiss') && id) {
    const outcome = action === 'award' ? 'AWARD' : 'DISMISS';
    const { changed, claim, scan_id } = await resolveClaim(io.db, io.actor, id, { outcome, note: values.note }, io.now);
    io.out(claimLines(claim));
    if (!changed) io.out('Already resolved this way: nothing changed.\n');
    else if (scan_id) io.out(`The claimant's pending scan ${scan_id} holds the container: check it in to credit them.\n`);
    return 0;
  }
  throw new CliUsageError(`claims needs list [--all], award <id> [--note text] or dismiss <id> [--note text]\n\n${usage}`);
}

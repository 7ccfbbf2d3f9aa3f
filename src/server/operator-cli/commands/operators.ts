import { languages, type Language } from '#domain/locales';
import { formatMoney, isCurrency, moneyFromMinor } from '#domain/money';
import type { Currency } from '#domain/markets';
import { auditQuerySchema, operatorRoles, type AuditEntry, type AuditProblem, type OperatorRole } from '#domain/schemas/operators';
import { auditCsv, auditFilterOf, auditPage, verifyAuditTrail } from '../../modules/audit/audit';
import { invitationLink } from '../../modules/operators/invitations';
import { resetAuthenticatorOf } from '../../modules/operators/authenticator-reset';
import { disableOperator, inviteOperator, listOperators, setOperatorRoles } from '../../modules/operators/operators';
import { enableOperator, endOperatorSessions, listOperatorSessions, renewInvitation } from '../../modules/operators/team';
import { createAutomationToken, listAutomationTokens, revokeAutomationToken } from '../../modules/operators/tokens';
import type { PageKey } from '../../db/page-keys';
import { terminalField } from '../terminal-text';
import { isRecordId } from '#domain/schemas/operator-requests';
import { limitOption, type CliArguments } from './args';
import { CliUsageError, type CliIo } from './types';

/** Rows read per query by the listing commands. */
const cliPageSize = 500;

function isLanguage(text: string): text is Language {
  return (languages as readonly string[]).includes(text);
}

function rolesOf(text: string | undefined): OperatorRole[] {
  const roles = (text ?? '')
    .split(',')
    .map((role) => role.trim())
    .filter((role) => role !== '');
  const unknown = roles.filter((role) => !(operatorRoles as readonly string[]).includes(role));
  if (roles.length === 0 || unknown.length > 0) {
    throw new CliUsageError(`--roles needs one or more of ${operatorRoles.join(', ')}, separated by commas`);
  }
  return [...new Set(roles)].filter((role): role is OperatorRole => (operatorRoles as readonly string[]).includes(role));
}

/**
 * `operators list`, `operators invite --email e --name n --roles admin[,care…]` (prints the link:
 * how the first administrator is made, on the server's machine), `operators disable <id>`,
 * `operators enable <id>`, `operators resend <id>` (a new link; the old one stops working),
 * `operators roles <id> --roles care[,…]`, `operators reset-authenticator <id>` (prints the new
 * link), `operators sessions <id>`, `operators end-sessions <id>`. Every change is audited as
 * `cli@<host>`; the links are printed, not mailed: whoever runs this holds the machine.
 */
export async function operatorsCommand({ values, positionals }: CliArguments, io: CliIo, usage: string): Promise<number> {
  const [action, id] = positionals;
  if (action === 'list') {
    // Page after page, as GET /ops/operators hands them out: every operator is printed, never the whole table held at once.
    let after: PageKey | undefined;
    let printed = 0;
    do {
      const rows = await listOperators(io.db, { limit: cliPageSize, after });
      for (const row of rows)
        io.out(`${row.id}  ${row.status.padEnd(8)} ${terminalField(row.email)}  ${terminalField(row.name)}  ${row.roles.join(',')}\n`);
      printed += rows.length;
      after = rows.length === cliPageSize ? rows.at(-1)!.pageKey : undefined;
    } while (after);
    if (printed === 0) io.out('No operator yet: make the first administrator with operators invite --roles admin.\n');
    return 0;
  }
  if (action === 'invite') {
    if (!values.email || !values.name) throw new CliUsageError(`operators invite needs --email, --name and --roles\n\n${usage}`);
    const language = values.language;
    if (language !== undefined && !isLanguage(language)) throw new CliUsageError(`--language is one of ${languages.join(', ')}`);
    const { operator, invitationToken } = await inviteOperator(
      io.db,
      io.actor,
      { email: values.email.trim().toLowerCase(), name: values.name.trim(), roles: rolesOf(values.roles), language },
      io.now,
    );
    io.out(`Invited ${terminalField(operator.email)} (${operator.roles.join(',')}). Give them this link, good for 48 hours, once:\n`);
    io.out(`  ${invitationLink(io.config.publicUrl, invitationToken)}\n`);
    return 0;
  }
  const operatorId = () => {
    if (!id || !isRecordId(id)) throw new CliUsageError(`${id ?? 'nothing'} is not an operator id (see: npm run ops -- operators list)`);
    return id;
  };
  const linkLine = (token: string) => `  ${invitationLink(io.config.publicUrl, token)}\n`;
  switch (action) {
    case 'disable': {
      const operator = await disableOperator(io.db, io.actor, operatorId(), io.now);
      io.out(`Disabled ${terminalField(operator.email)}: their sessions have ended.\n`);
      return 0;
    }
    case 'enable': {
      const operator = await enableOperator(io.db, io.actor, operatorId());
      io.out(
        operator.status === 'ACTIVE'
          ? `Enabled ${terminalField(operator.email)}: they log in with their password and code.\n`
          : `Enabled ${terminalField(operator.email)}, who had not joined: send them a new link with operators resend ${operator.id}.\n`,
      );
      return 0;
    }
    case 'resend': {
      const { operator, invitationToken } = await renewInvitation(io.db, io.actor, operatorId(), io.now);
      io.out(`A new link for ${terminalField(operator.email)}, good for 48 hours, once (the old one no longer works):\n`);
      io.out(linkLine(invitationToken));
      return 0;
    }
    case 'roles': {
      const operator = await setOperatorRoles(io.db, io.actor, operatorId(), rolesOf(values.roles));
      io.out(`${terminalField(operator.email)} now holds ${operator.roles.join(',')}.\n`);
      return 0;
    }
    case 'reset-authenticator': {
      const { row, invitationToken } = await resetAuthenticatorOf(io.db, io.actor, operatorId(), io.now);
      io.out(`Reset ${terminalField(row.email)}: logged out, password, code and passkeys gone. Their new link, good for 48 hours, once:\n`);
      io.out(linkLine(invitationToken));
      return 0;
    }
    case 'sessions': {
      const sessions = await listOperatorSessions(io.db, operatorId(), io.now);
      for (const session of sessions)
        io.out(`started ${session.started_at}  last used ${session.last_used_at}  from ${terminalField(session.address ?? '-')}\n`);
      if (sessions.length === 0) io.out('No open session.\n');
      return 0;
    }
    case 'end-sessions': {
      const { ended } = await endOperatorSessions(io.db, io.actor, operatorId());
      io.out(`Ended ${ended} session(s).\n`);
      return 0;
    }
  }
  throw new CliUsageError(
    `operators needs list, invite --email --name --roles, disable, enable, resend, roles --roles, reset-authenticator, sessions or end-sessions <id>\n\n${usage}`,
  );
}

/**
 * `tokens list`, `tokens create --name n --roles finance[,…] [--may-approve]` (prints the secret
 * once; `--may-approve` lets it approve another person's request), `tokens revoke <id>`.
 */
export async function tokensCommand({ values, positionals }: CliArguments, io: CliIo, usage: string): Promise<number> {
  const [action, id] = positionals;
  if (action === 'list') {
    for (const row of await listAutomationTokens(io.db)) {
      io.out(
        `${row.id}  ${terminalField(row.name)}  ${row.roles.join(',')}  by ${terminalField(row.created_by)}${row.may_approve ? '  may approve' : ''}${row.revoked_at ? `  revoked ${row.revoked_at}` : ''}\n`,
      );
    }
    return 0;
  }
  if (action === 'create') {
    if (!values.name || !/^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/.test(values.name)) {
      throw new CliUsageError('tokens create needs --name (letters, digits, . _ -) and --roles');
    }
    const token = await createAutomationToken(
      io.db,
      io.actor,
      { name: values.name, roles: rolesOf(values.roles), may_approve: values['may-approve'] === true },
      io.now,
    );
    io.out(`Token ${token.name} (${token.roles.join(',')}). Its secret, shown this once (send it as X-Ops-Key):\n  ${token.secret}\n`);
    return 0;
  }
  if (action === 'revoke' && id) {
    if (!isRecordId(id)) throw new CliUsageError(`${id} is not a token id (see: npm run ops -- tokens list)`);
    const token = await revokeAutomationToken(io.db, io.actor, id, io.now);
    io.out(`Revoked ${terminalField(token.name)}.\n`);
    return 0;
  }
  throw new CliUsageError(`tokens needs list, create --name --roles, or revoke <id>\n\n${usage}`);
}

/** An amount in the CLI's language, through the one money formatter: `+$1.20`, not the minor units. */
export function auditAmountText(signedMinor: number, currency: Currency): string {
  return formatMoney(moneyFromMinor(signedMinor, currency), 'en', { signDisplay: 'exceptZero' });
}

/**
 * One entry as `audit list` prints it: number, time, who (and their name), what, about whom,
 * on which record, the amount with its direction (+ in, − out for the customer), then the detail.
 */
export function auditEntryLine(entry: AuditEntry): string {
  const actor = entry.actor_name ? `${terminalField(entry.actor)} (${terminalField(entry.actor_name)})` : terminalField(entry.actor);
  const subject = `${entry.subject.type}:${terminalField(entry.subject.label ?? entry.subject.id)}`;
  const signed = entry.amount_minor === null ? null : entry.direction === 'debit' ? -entry.amount_minor : entry.amount_minor;
  const amount = signed !== null && isCurrency(entry.currency) ? `  ${auditAmountText(signed, entry.currency)}` : '';
  const detail = entry.detail ? `  ${terminalField(JSON.stringify(entry.detail))}` : '';
  return `${String(entry.seq).padStart(6)}  ${entry.at}  ${actor}  ${entry.action}  ${subject}  ${entry.record_type}:${terminalField(entry.record_id)}${amount}${detail}`;
}

/** One finding of `audit verify`, as the CLI prints it. */
export function auditProblemText(problem: AuditProblem): string {
  const named = (checkpoint: { seq: number; at: string }) => `the checkpoint of ${checkpoint.at} (entry ${checkpoint.seq})`;
  switch (problem.kind) {
    case 'missing':
      return `entries after ${problem.after} are missing: ${named(problem.checkpoint)} names entry ${problem.checkpoint.seq}`;
    case 'changed':
      if (!problem.checkpoint) return `entry ${problem.seq} was changed after it was written: its fields no longer give its digest`;
      return problem.from === problem.seq
        ? `entry ${problem.seq} changed since ${named(problem.checkpoint)}`
        : `an entry from ${problem.from} to ${problem.seq} changed since ${named(problem.checkpoint)}`;
    case 'unlinked':
      return `entry ${problem.seq} does not follow the entry before it: one was removed or put in`;
    case 'bad_checkpoint': {
      const which = problem.checkpoint ? ` (${problem.checkpoint.at}, entry ${problem.checkpoint.seq})` : '';
      const why = {
        unreadable: 'does not read as a checkpoint',
        other_key: 'is signed by another key than this server’s',
        signature: 'does not carry a valid signature: it was altered or forged',
      }[problem.reason];
      return `checkpoint ${problem.ref}${which} ${why}`;
    }
  }
}

/**
 * `audit verify` (exit 1 when anything is wrong), `audit public-key` (the key checkpoints are
 * checked with, to publish), `audit list [--record type:id] [--actor name] [--limit N]`.
 */
export async function auditCommand({ values, positionals }: CliArguments, io: CliIo, usage: string): Promise<number> {
  const [action] = positionals;
  if (action === 'verify') {
    const anchor = io.auditAnchor();
    const verdict = await verifyAuditTrail(io.db, anchor, io.now, { full: values.full === true });
    const scope = verdict.full
      ? 'the whole chain'
      : `the chain after entry ${verdict.from_seq} (its last agreeing checkpoint; --full for all of it)`;
    const written = verdict.checkpoint_written
      ? `Checkpoint written: entry ${verdict.checkpoint_written.seq} at ${verdict.checkpoint_written.at}, in ${anchor.store.location}.\n`
      : 'No checkpoint written: the trail is empty.\n';
    if (verdict.ok) {
      io.out(
        `The audit trail holds: ${verdict.entries} entries of ${scope} recomputed, head ${verdict.head ?? '(empty)'}; ` +
          `it agrees with ${verdict.checkpoints} signed checkpoint(s).\n`,
      );
      io.out(written);
      return 0;
    }
    io.err(
      `The audit trail does not hold (${verdict.entries} entries of ${scope}, ${verdict.checkpoints} signed checkpoint(s) checked):\n`,
    );
    for (const problem of verdict.problems) io.err(`  - ${auditProblemText(problem)}\n`);
    io.out(written);
    return 1;
  }
  if (action === 'public-key') {
    const { key } = io.auditAnchor();
    io.out(`${key.publicPem.trimEnd()}\n`);
    io.out(`Fingerprint (SHA-256 of the key): ${key.fingerprint}\n`);
    return 0;
  }
  if (action === 'list') {
    const limit = limitOption(values.limit, 50, 500, '--limit is a whole number from 1 to 500');
    const parsed = auditQuerySchema.omit({ cursor: true, limit: true }).safeParse({
      subject: values.subject,
      actor: values.actor,
      action: values.action,
      record: values.record,
      from: values.from,
      to: values.to,
    });
    if (!parsed.success) {
      const fields = [...new Set(parsed.error.issues.map((issue) => `--${String(issue.path[0])}`))].join(', ');
      throw new CliUsageError(
        `${fields}: --from and --to are days (2026-11-28) or moments (2026-11-28T09:00:00Z); the others up to 254 characters`,
      );
    }
    const filter = auditFilterOf(parsed.data);
    if (values.csv) {
      // A file, not the terminal: the CSV keeps its CRLF lines, and the emails in it stay private to the operator.
      const name = io.resolvePath(values.out ?? `audit-${io.now.toISOString().slice(0, 10)}.csv`);
      const csv = await auditCsv(io.db, filter);
      io.writeFile({ name, content: csv, mode: 0o600 });
      io.out(`Wrote ${csv.split('\r\n').length - 2} entries to ${terminalField(name)}\n`);
      return 0;
    }
    const { entries } = await auditPage(io.db, { ...filter, limit });
    for (const entry of entries) io.out(`${auditEntryLine(entry)}\n`);
    if (entries.length === 0) io.out('No entry.\n');
    return 0;
  }
  throw new CliUsageError(
    `audit needs verify [--full], public-key, or list [--subject] [--actor] [--action] [--record] [--from] [--to] [--limit N] [--csv]\n\n${usage}`,
  );
}

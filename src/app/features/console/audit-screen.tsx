import { useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { currencies, type Currency } from '#domain/markets';
import { formatMoney, moneyFromMinor } from '#domain/money';
import type { AuditEntry, AuditVerdict } from '#domain/schemas/operators';
import { failureMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { QueryView } from '../../ui/query-view';
import { TextField } from '../../ui/text-field';
import { useAudit, type AuditFilter } from './api/audit';
import { useVerifyAudit } from './api/verify-audit';
import { AuditVerdictReport } from './audit-verdict';
import { OperatorArea } from './operator-area';
import { useFocusWhenShown } from './use-focus-when-shown';

function isCurrency(value: string | null): value is Currency {
  return value !== null && (currencies as readonly string[]).includes(value);
}

/** The kinds of record the trail names, as the server writes them, in the operator's words. */
function useRecordTypeNames() {
  const { t } = useLingui();
  return {
    checkin_batch: t`Check-in batch`,
    scan: t`Scan`,
    scan_batch: t`Scans rejected together`,
    claim: t`Competing claim`,
    dispute: t`Dispute`,
    ledger_entry: t`Balance adjustment`,
    approval: t`Approval request`,
    withdrawal: t`Payout`,
    payout_batch: t`Payout export`,
    dsar_request: t`Data request`,
    operator: t`Operator`,
    automation_token: t`Automation token`,
    content_text: t`Page text`,
    content_pages: t`Page texts published`,
    product: t`Product`,
    retailer: t`Retailer`,
    bin_import: t`Bins import`,
    payment_key: t`Payment key`,
  } as const satisfies Record<string, string>;
}

/** The actions the server writes, in the operator's words; an action not listed shows as written. */
function useActionNames() {
  const { t } = useLingui();
  return {
    checkin: t`Containers checked in`,
    'checkin.expire': t`Scans expired at check-in`,
    'checkin.undo': t`Check-in undone`,
    reject: t`Scans rejected`,
    'scan.cancel': t`Scan cancelled`,
    'balance.adjust': t`Balance adjusted`,
    'containers.issue': t`Container codes issued`,
    'claim.award': t`Claim awarded`,
    'claim.dismiss': t`Claim dismissed`,
    'dispute.credit': t`Dispute credited`,
    'dispute.uphold': t`Dispute declined`,
    'approval.request': t`Approval requested`,
    'approval.approve': t`Request approved`,
    'approval.reject': t`Request refused`,
    'payout.complete': t`Payout paid`,
    'payout.fail': t`Payout failed`,
    'payout.cancel': t`Payout cancelled`,
    'payouts.export': t`Payouts exported`,
    'payouts.reexport': t`Payouts exported again`,
    'dsar.close': t`Data request closed`,
    'operator.invite': t`Operator invited`,
    'operator.accept': t`Invitation accepted`,
    'operator.disable': t`Operator disabled`,
    'operator.roles': t`Roles changed`,
    'operator.authenticator-reset': t`Authenticator reset`,
    'operator.passkeys-remove': t`Passkeys removed`,
    'passkey.add': t`Passkey added`,
    'passkey.remove': t`Passkey removed`,
    'token.create': t`Token created`,
    'token.revoke': t`Token revoked`,
    'content.set': t`Page text saved`,
    'content.import': t`Page texts imported`,
    'content.publish': t`Page texts published`,
    'impact_factor.set': t`Packaging weight set`,
    'impact_factor.clear': t`Packaging weight removed`,
    'retailer.save': t`Retailer saved`,
    'bins.import': t`Bins imported`,
    'bins.remove': t`Bins removed`,
    'payment_key.rotate': t`Payment key rotated`,
  } as const satisfies Record<string, string>;
}

/** Whom an entry is about, by kind, in the operator's words. */
function useSubjectNames() {
  const { t } = useLingui();
  return {
    customer: t`Customer`,
    operator: t`Operator`,
    automation_token: t`Automation token`,
  } as const satisfies Record<string, string>;
}

export function AuditScreen() {
  const { t } = useLingui();
  const [filter, setFilter] = useState<AuditFilter>({});
  const [brokenFrom, setBrokenFrom] = useState<number>();
  return (
    <OperatorArea
      needs={['admin', 'care', 'finance']}
      title={t`Audit trail`}
      description={t`Every change an operator, a token or the command line made, newest first.`}
    >
      <VerifyChain onVerdict={(verdict) => setBrokenFrom(firstBreak(verdict))} />
      <AuditFilterForm key={JSON.stringify(filter)} filter={filter} onChange={setFilter} />
      <AuditEntries filter={filter} onFilter={setFilter} brokenFrom={brokenFrom} />
    </OperatorArea>
  );
}

/** The first entry the check could not vouch for: from there on, the trail is not what it was. */
function firstBreak(verdict: AuditVerdict): number | undefined {
  const seqs = verdict.problems.flatMap((problem) => {
    switch (problem.kind) {
      case 'changed':
        return [problem.from];
      case 'unlinked':
        return [problem.seq];
      case 'missing':
        return [problem.after + 1];
      case 'bad_checkpoint':
        return [];
    }
  });
  return seqs.length === 0 ? undefined : Math.min(...seqs);
}

/**
 * The server recomputes the whole chain and holds it against the checkpoints signed outside the
 * database: an entry edited, or entries removed or rewritten up to a checkpoint, show here.
 */
function VerifyChain({ onVerdict }: { onVerdict: (verdict: AuditVerdict) => void }) {
  const { t } = useLingui();
  const headingId = useId();
  const verify = useVerifyAudit();
  const [failure, setFailure] = useState<string>();
  const verdict = verify.data;
  const answerRef = useFocusWhenShown<HTMLParagraphElement>(failure);
  const verdictRef = useFocusWhenShown<HTMLDivElement>(verdict);

  function onVerify() {
    setFailure(undefined);
    verify.mutate(undefined, {
      onSuccess: onVerdict,
      onError: (error) => setFailure(failureMessage(error, t`The check could not be made. Check your connection and try again.`)),
    });
  }

  return (
    <section className="ops-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t`Is the trail intact?`}</h2>
      <p>{t`Each entry holds a digest of itself and of the entry before it, and the server signs the latest one every hour in a checkpoint kept outside the database. Checking recomputes every digest and compares the trail with every checkpoint.`}</p>
      <button
        type="button"
        className="button button--secondary"
        disabled={verify.isPending}
        onClick={onVerify}
        data-testid="ops-audit-verify"
      >
        {verify.isPending ? t`Checking…` : t`Check the whole trail`}
      </button>
      {verdict ? <AuditVerdictReport verdict={verdict} focusRef={verdictRef} /> : null}
      {failure ? (
        <p ref={answerRef} tabIndex={-1} role="alert" className="field__error">
          {failure}
        </p>
      ) : null}
    </section>
  );
}

function AuditFilterForm({ filter, onChange }: { filter: AuditFilter; onChange: (filter: AuditFilter) => void }) {
  const { t } = useLingui();
  const headingId = useId();
  const actionId = useId();
  const actionNames = useActionNames();
  const [subject, setSubject] = useState(filter.subject ?? '');
  const [actor, setActor] = useState(filter.actor ?? '');
  const [action, setAction] = useState(filter.action ?? '');
  const [record, setRecord] = useState(filter.record ?? filter.recordId ?? '');
  const [from, setFrom] = useState(filter.from ?? '');
  const [to, setTo] = useState(filter.to ?? '');
  const filtered = Object.values(filter).some(Boolean);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typedRecord = record.trim();
    // The record a card named stays exact (type and id) until the field is changed.
    const sameRecord = filter.recordId !== undefined && typedRecord === filter.recordId;
    onChange({
      subject: subject.trim() || undefined,
      actor: actor.trim() || undefined,
      action: action || undefined,
      ...(sameRecord ? { recordType: filter.recordType, recordId: filter.recordId } : { record: typedRecord || undefined }),
      from: from || undefined,
      to: to || undefined,
    });
  }

  return (
    <section className="ops-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t`Narrow the trail`}</h2>
      <form className="form" noValidate onSubmit={onSubmit}>
        <TextField
          id="ops-audit-subject"
          label={t`About (customer or operator email or id)`}
          autoComplete="off"
          spellCheck={false}
          maxLength={254}
          value={subject}
          onChange={(event) => setSubject(event.currentTarget.value)}
        />
        <TextField
          id="ops-audit-actor"
          label={t`Done by (any part of an email or name)`}
          autoComplete="off"
          spellCheck={false}
          maxLength={254}
          value={actor}
          onChange={(event) => setActor(event.currentTarget.value)}
        />
        <div className="field">
          <label htmlFor={actionId}>{t`Action`}</label>
          <select id={actionId} value={action} onChange={(event) => setAction(event.currentTarget.value)}>
            <option value="">{t`Any`}</option>
            {Object.entries(actionNames).map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <TextField
          id="ops-audit-record"
          label={t`Record (an id, a payout reference)`}
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          value={record}
          onChange={(event) => setRecord(event.currentTarget.value)}
        />
        <TextField
          id="ops-audit-from"
          label={t`From (day)`}
          type="date"
          value={from}
          onChange={(event) => setFrom(event.currentTarget.value)}
        />
        <TextField
          id="ops-audit-to"
          label={t`To (day, included)`}
          type="date"
          value={to}
          onChange={(event) => setTo(event.currentTarget.value)}
        />
        <div className="ops-actions">
          <button type="submit" className="button">
            {t`Show these entries`}
          </button>
          {filtered ? (
            <button type="button" className="button button--secondary" onClick={() => onChange({})}>
              {t`Show every entry`}
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}

function AuditEntries({
  filter,
  onFilter,
  brokenFrom,
}: {
  filter: AuditFilter;
  onFilter: (filter: AuditFilter) => void;
  brokenFrom: number | undefined;
}) {
  const { t } = useLingui();
  const audit = useAudit(filter);
  const entries = audit.data ? audit.data.pages.flatMap((page) => page.data) : undefined;
  return (
    <section className="ops-section" aria-labelledby="ops-audit-entries">
      <h2 id="ops-audit-entries">{t`Entries`}</h2>
      <QueryView
        query={{ ...audit, data: entries }}
        errorText={t`The audit trail could not be loaded. Check your connection and reload the page.`}
      >
        {(list) =>
          list.length === 0 ? (
            <p role="status">{t`No entry matches.`}</p>
          ) : (
            <>
              <ol className="ops-audit" data-testid="ops-audit-entries">
                {list.map((entry) => (
                  <li key={entry.seq}>
                    <AuditEntryCard entry={entry} onFilter={onFilter} broken={brokenFrom !== undefined && entry.seq >= brokenFrom} />
                  </li>
                ))}
              </ol>
              {audit.hasNextPage ? (
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={audit.isFetchingNextPage}
                  onClick={() => void audit.fetchNextPage()}
                >
                  {audit.isFetchingNextPage ? t`Loading…` : t`Show older entries`}
                </button>
              ) : null}
            </>
          )
        }
      </QueryView>
    </section>
  );
}

/** The detail fields people read most, in their words; the others show as the server names them. */
function useDetailNames() {
  const { t } = useLingui();
  return {
    name: t`Name`,
    email: t`Email`,
    may_approve: t`May approve`,
    payout_reference: t`Payout reference`,
    containers: t`Containers`,
    customers: t`Customers`,
    count: t`Number`,
    payouts: t`Payouts`,
    provider: t`Sent through`,
    reason: t`Reason`,
    passkey: t`Passkey`,
    passkeys: t`Passkeys`,
    user_id: t`Customer`,
    operator_id: t`Operator`,
    code: t`Container code`,
    codes: t`Container codes`,
    expired: t`Expired scans`,
  } as const satisfies Record<string, string>;
}

/** Details that hold identifiers: shown as codes, which may break anywhere on a narrow screen. */
const identifierDetails: ReadonlySet<string> = new Set([
  'passkey',
  'passkeys',
  'user_id',
  'operator_id',
  'record_id',
  'scan_id',
  'first_scan_id',
  'scan_ids',
  'payout_ids',
]);

/** A detail's value as a person reads it: lists joined, yes or no, anything else as written. */
function detailText(value: unknown, yes: string, no: string): string {
  if (Array.isArray(value)) return value.map((item) => detailText(item, yes, no)).join(', ');
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? yes : no;
  if (typeof value === 'number') return String(value);
  return value === null || value === undefined ? '–' : JSON.stringify(value);
}

function AuditEntryCard({ entry, onFilter, broken }: { entry: AuditEntry; onFilter: (filter: AuditFilter) => void; broken: boolean }) {
  const { t, i18n } = useLingui();
  const recordTypeNames: Record<string, string> = useRecordTypeNames();
  const actionNames: Record<string, string> = useActionNames();
  const subjectNames: Record<string, string> = useSubjectNames();
  const detailNames: Record<string, string> = useDetailNames();
  const [yes, no] = [t`yes`, t`no`];
  const recordName = recordTypeNames[entry.record_type] ?? entry.record_type;
  const actionName = actionNames[entry.action] ?? entry.action;
  const subjectKind = subjectNames[entry.subject.type] ?? recordTypeNames[entry.subject.type] ?? entry.subject.type;
  const isRecordItself = entry.subject.type === entry.record_type && entry.subject.id === entry.record_id;
  const signed = entry.amount_minor === null ? null : entry.direction === 'debit' ? -entry.amount_minor : entry.amount_minor;
  const amount =
    signed !== null && isCurrency(entry.currency)
      ? formatMoney(moneyFromMinor(signed, entry.currency), i18n.locale, { signDisplay: 'exceptZero' })
      : undefined;
  const direction =
    entry.direction === 'credit' ? t`credited to the customer` : entry.direction === 'debit' ? t`taken from the customer` : undefined;
  // A change shows what was before it and what is now; the rest of the detail as it was kept.
  const { previous_roles: previousRoles, roles, ...rest } = entry.detail ?? {};
  const details: { name: string; value: string; identifier: boolean }[] = [];
  if (previousRoles !== undefined)
    details.push({ name: t`Roles`, value: `${detailText(previousRoles, yes, no)} → ${detailText(roles, yes, no)}`, identifier: false });
  else if (roles !== undefined) details.push({ name: t`Roles`, value: detailText(roles, yes, no), identifier: false });
  for (const [key, value] of Object.entries(rest))
    details.push({ name: detailNames[key] ?? key, value: detailText(value, yes, no), identifier: identifierDetails.has(key) });
  const who = entry.subject.label ?? entry.subject.id;
  const actor = entry.actor_name ? `${entry.actor_name} (${entry.actor})` : entry.actor;
  return (
    <article className={broken ? 'ops-audit__entry ops-audit__entry--broken' : 'ops-audit__entry'} aria-label={t`Entry ${entry.seq}`}>
      {broken ? (
        <p className="ops-audit__broken" data-testid="ops-audit-broken">
          {t`After a break in the chain: this entry is not vouched for.`}
        </p>
      ) : null}
      <p className="ops-audit__what">
        <span lang={actionNames[entry.action] ? undefined : 'en'}>{actionName}</span>
        {amount ? (
          <>
            {' · '}
            <span aria-label={direction ? `${amount}, ${direction}` : amount}>{amount}</span>
          </>
        ) : null}
      </p>
      {isRecordItself ? null : (
        <p>
          {subjectKind} <span className="ops-audit__id">{who}</span>
        </p>
      )}
      <p>
        {recordName} <code className="ops-audit__id">{entry.record_id}</code>
      </p>
      {details.length > 0 ? (
        <dl className="ops-audit__detail">
          {details.map(({ name, value, identifier }) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{identifier ? <code className="ops-audit__id">{value}</code> : value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <p>
        {actor}
        {entry.address ? <> · {entry.address}</> : null}
      </p>
      <p className="ops-audit__when">
        {formatDateTime(entry.at, i18n.locale)} · {t`entry ${entry.seq}`}
      </p>
      <div className="ops-actions">
        <button
          type="button"
          className="button button--link"
          onClick={() => onFilter({ recordType: entry.record_type, recordId: entry.record_id })}
        >
          {t`This record's entries`}
        </button>
        {isRecordItself ? null : (
          <button type="button" className="button button--link" onClick={() => onFilter({ subject: entry.subject.id })}>
            {t`Entries about ${who}`}
          </button>
        )}
        <button type="button" className="button button--link" onClick={() => onFilter({ actor: entry.actor })}>
          {t`Entries by ${entry.actor}`}
        </button>
      </div>
    </article>
  );
}

import { useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { currencies, type Currency } from '#domain/markets';
import { formatMoney, moneyFromMinor } from '#domain/money';
import type { AuditEntry } from '#domain/schemas/operators';
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

export function AuditScreen() {
  const { t } = useLingui();
  const [filter, setFilter] = useState<AuditFilter>({});
  return (
    <OperatorArea
      needs={['admin', 'care', 'finance']}
      title={t`Audit trail`}
      description={t`Every change an operator, a token or the command line made, newest first.`}
    >
      <VerifyChain />
      <AuditFilterForm key={JSON.stringify(filter)} filter={filter} onChange={setFilter} />
      <AuditEntries filter={filter} onFilter={setFilter} />
    </OperatorArea>
  );
}

/**
 * The server recomputes the whole chain and holds it against the checkpoints signed outside the
 * database: an entry edited, or entries removed or rewritten up to a checkpoint, show here.
 */
function VerifyChain() {
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
  const typeId = useId();
  const recordTypeNames = useRecordTypeNames();
  const [recordType, setRecordType] = useState(filter.recordType ?? '');
  const [recordId, setRecordId] = useState(filter.recordId ?? '');
  const [actor, setActor] = useState(filter.actor ?? '');
  const filtered = Boolean(filter.recordType || filter.recordId || filter.actor);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onChange({ recordType: recordType || undefined, recordId: recordId.trim() || undefined, actor: actor.trim() || undefined });
  }

  return (
    <section className="ops-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t`Narrow the trail`}</h2>
      <form className="form" noValidate onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor={typeId}>{t`Kind of record`}</label>
          <select id={typeId} value={recordType} onChange={(event) => setRecordType(event.currentTarget.value)}>
            <option value="">{t`Any`}</option>
            {Object.entries(recordTypeNames).map(([type, name]) => (
              <option key={type} value={type}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <TextField
          id="ops-audit-record"
          label={t`Record id`}
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          value={recordId}
          onChange={(event) => setRecordId(event.currentTarget.value)}
        />
        <TextField
          id="ops-audit-actor"
          label={t`Person or token (email or name)`}
          autoComplete="off"
          spellCheck={false}
          maxLength={254}
          value={actor}
          onChange={(event) => setActor(event.currentTarget.value)}
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

function AuditEntries({ filter, onFilter }: { filter: AuditFilter; onFilter: (filter: AuditFilter) => void }) {
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
                    <AuditEntryCard entry={entry} onFilter={onFilter} />
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

function AuditEntryCard({ entry, onFilter }: { entry: AuditEntry; onFilter: (filter: AuditFilter) => void }) {
  const { t, i18n } = useLingui();
  const recordTypeNames: Record<string, string> = useRecordTypeNames();
  const recordName = recordTypeNames[entry.record_type] ?? entry.record_type;
  const amount =
    entry.amount_minor !== null && isCurrency(entry.currency)
      ? formatMoney(moneyFromMinor(entry.amount_minor, entry.currency), i18n.locale, { signDisplay: 'exceptZero' })
      : undefined;
  return (
    <article className="ops-audit__entry" aria-label={t`Entry ${entry.seq}`}>
      <p className="ops-audit__what">
        <code>{entry.action}</code>
        {amount ? <> · {amount}</> : null}
      </p>
      <p>
        {recordName} <code className="ops-audit__id">{entry.record_id}</code>
      </p>
      <p>
        {entry.actor}
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
        <button type="button" className="button button--link" onClick={() => onFilter({ actor: entry.actor })}>
          {t`Entries by ${entry.actor}`}
        </button>
      </div>
    </article>
  );
}

import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { countryCodes, currencies, type CountryCode } from '#domain/markets';
import { formatMoney, minorFromMoney, moneyFromMinor } from '#domain/money';
import { paymentMethods } from '#domain/payment-methods';
import type { PendingPayout } from '#domain/schemas/operator-answers';
import { failureMessage } from '../../lib/api';
import { formatLongDate } from '../../lib/format';
import { Dialog } from '../../ui/dialog';
import { completePayout, useCompletePayout } from './api/complete-payout';
import { failPayout, useFailPayout } from './api/fail-payout';
import { pendingPayoutsQueryKey, usePayouts, type PayoutFilter } from './api/payouts';
import { ListSearch } from './list-filters';
import { BreakableEmail } from './breakable-email';
import { OperatorArea } from './operator-area';
import { PagedList } from './paged-list';
import { FailureAlert } from './notices';
import { downloadPayoutFile, ExportBatch } from './payout-export';
import { useExportPayouts } from './api/export-payouts';
import { ReconcileUpload } from './payout-reconcile';
import { usePaymentMethodName } from './status-names';

/**
 * The PayPal email, whole when the server gave it (a finance person's session), else masked; the
 * bank account's masked number. PayPal searches its payouts by the whole email.
 */
function receiverNumber(payout: PendingPayout): string | null {
  return payout.receiver_email ?? payout.account_number;
}

/** Who receives the payout, as finance checks it against the bank's or PayPal's answer. */
function receiverOf(payout: PendingPayout): string {
  // PayPal and LINE Pay keep no holder's name: the receiver is the email or the (masked) number.
  return [payout.account_name, receiverNumber(payout)].filter(Boolean).join(' ');
}

/** The receiver in the table: an email (PayPal) wraps at its @ and dots on a phone, never inside a word. */
function Receiver({ payout }: { payout: PendingPayout }) {
  const number = receiverNumber(payout);
  if (!payout.account_name && !number) return <>—</>;
  // One element: on a phone the cell is a grid of its label and one value.
  return (
    <span>
      {payout.account_name ? `${payout.account_name} ` : null}
      {number?.includes('@') ? <BreakableEmail email={number} /> : number}
    </span>
  );
}

export function PayoutsScreen() {
  const { t } = useLingui();
  const [filter, setFilter] = useState<PayoutFilter>({ status: 'pending', q: '' });
  const payouts = usePayouts(filter);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const filtered =
    filter.q !== '' ||
    filter.market !== undefined ||
    filter.method !== undefined ||
    filter.currency !== undefined ||
    filter.batch !== undefined;
  const empty =
    filter.status === 'pending'
      ? filtered
        ? t`No pending payout matches these filters.`
        : t`No pending payout.`
      : filtered
        ? t`No settled payout matches these filters.`
        : t`No settled payout yet.`;
  return (
    <OperatorArea
      needs="finance"
      title={t`Payouts`}
      description={t`Pending withdrawals, oldest first, and the settled ones, newest first.`}
    >
      <ExportBatch />
      <ReconcileUpload />
      <PayoutTabs
        tab={filter.status}
        onChange={(status) => {
          setSelected(new Set());
          setFilter((current) => ({ ...current, status }));
        }}
      />
      <PayoutSearch
        onSearch={(next) => {
          setSelected(new Set());
          setFilter((current) => ({ ...next, status: current.status }));
        }}
      />
      <PagedList query={payouts} errorText={t`The payouts could not be loaded. Check your connection and reload the page.`}>
        {(list) =>
          list.length === 0 ? (
            <p>{empty}</p>
          ) : filter.status === 'settled' ? (
            <SettledTable payouts={list} />
          ) : (
            <>
              <BulkSettle payouts={list.filter((payout) => selected.has(payout.id))} onDone={() => setSelected(new Set())} />
              <PayoutTable payouts={list} selected={selected} onToggle={toggle} />
            </>
          )
        }
      </PagedList>
    </OperatorArea>
  );
}

/** To pay and settled, as two toggle buttons (aria-pressed): the page stays the same, its list changes. */
function PayoutTabs({ tab, onChange }: { tab: PayoutFilter['status']; onChange: (tab: PayoutFilter['status']) => void }) {
  const { t } = useLingui();
  const tabs: { value: PayoutFilter['status']; name: string }[] = [
    { value: 'pending', name: t({ message: 'Pending', context: 'payouts tab' }) },
    { value: 'settled', name: t({ message: 'Settled', context: 'payouts tab' }) },
  ];
  return (
    <div role="group" aria-label={t`Which payouts`} className="ops-toggle">
      {tabs.map(({ value, name }) => (
        <button
          key={value}
          type="button"
          className="button button--small button--secondary"
          aria-pressed={tab === value}
          onClick={() => onChange(value)}
          data-testid={`ops-tab-${value}`}
        >
          {name}
        </button>
      ))}
    </div>
  );
}

/** A market's name in the operator's language (the United Kingdom's region code is GB, ours uk). */
function marketName(market: CountryCode, locale: string): string {
  return new Intl.DisplayNames([locale], { type: 'region' }).of(market === 'uk' ? 'GB' : market.toUpperCase()) ?? market;
}

function choiceOf<Value extends string>(values: readonly Value[], chosen: string): Value | undefined {
  return values.find((value) => value === chosen);
}

/** The search and the filters the server applies, sent together with the search button or Enter. */
function PayoutSearch({ onSearch }: { onSearch: (filter: Omit<PayoutFilter, 'status'>) => void }) {
  const { t, i18n } = useLingui();
  const methodName = usePaymentMethodName();
  const ids = { market: useId(), method: useId(), currency: useId(), batch: useId() };
  const [market, setMarket] = useState('');
  const [method, setMethod] = useState('');
  const [currency, setCurrency] = useState('');
  const [batch, setBatch] = useState('');
  return (
    <ListSearch
      hint={t`The payout reference, or part of the customer's email.`}
      onSearch={(q) =>
        onSearch({
          q,
          market: choiceOf(countryCodes, market),
          method: choiceOf(paymentMethods, method),
          currency: choiceOf(currencies, currency),
          batch: batch.trim() === '' ? undefined : batch.trim(),
        })
      }
    >
      <div className="field">
        <label htmlFor={ids.market}>{t`Market`}</label>
        <select id={ids.market} value={market} onChange={(event) => setMarket(event.currentTarget.value)}>
          <option value="">{t`Every market`}</option>
          {countryCodes.map((code) => (
            <option key={code} value={code}>
              {marketName(code, i18n.locale)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.method}>{t`Method`}</label>
        <select id={ids.method} value={method} onChange={(event) => setMethod(event.currentTarget.value)}>
          <option value="">{t`Every method`}</option>
          {paymentMethods.map((value) => (
            <option key={value} value={value}>
              {methodName(value)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.currency}>{t`Currency`}</label>
        <select id={ids.currency} value={currency} onChange={(event) => setCurrency(event.currentTarget.value)}>
          <option value="">{t`Every currency`}</option>
          {currencies.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.batch}>{t`Batch`}</label>
        <input
          id={ids.batch}
          value={batch}
          maxLength={100}
          onChange={(event) => setBatch(event.currentTarget.value)}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
    </ListSearch>
  );
}

/** The settled payouts: how each ended, when, and the customer's reason or the bank's reference. */
function SettledTable({ payouts }: { payouts: PendingPayout[] }) {
  const { t, i18n } = useLingui();
  const methodName = usePaymentMethodName();
  const outcomes: Partial<Record<string, string>> = { COMPLETED: t`Paid`, FAILED: t`Failed`, CANCELLED: t`Cancelled` };
  return (
    <table className="ops-table" data-testid="ops-payouts-settled">
      <caption className="visually-hidden">{t`Settled payouts`}</caption>
      <thead>
        <tr>
          <th scope="col">{t`Reference`}</th>
          <th scope="col">{t`Amount`}</th>
          <th scope="col">{t`Method`}</th>
          <th scope="col">{t`Receiver`}</th>
          <th scope="col">{t`Outcome`}</th>
          <th scope="col">{t`Settled`}</th>
          <th scope="col">{t`Reason or bank reference`}</th>
        </tr>
      </thead>
      <tbody>
        {payouts.map((payout) => (
          <tr key={payout.id} data-testid="ops-payout-settled">
            <th scope="row" data-label={t`Reference`}>
              <code>{payout.payout_reference}</code>
            </th>
            <td data-label={t`Amount`}>{formatMoney(payout.payout_amount, i18n.locale)}</td>
            <td data-label={t`Method`}>{methodName(payout.withdraw_type)}</td>
            <td data-label={t`Receiver`}>
              <Receiver payout={payout} />
            </td>
            <td data-label={t`Outcome`} data-testid="ops-payout-outcome">
              {outcomes[payout.status] ?? payout.status}
            </td>
            <td data-label={t`Settled`}>{payout.resolved_at ? formatLongDate(payout.resolved_at, i18n.locale) : '—'}</td>
            <td data-label={t`Reason or bank reference`}>{payout.reason ?? payout.provider_reference ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function PayoutTable({
  payouts,
  selected,
  onToggle,
}: {
  payouts: PendingPayout[];
  selected: ReadonlySet<string>;
  onToggle: (id: string, on: boolean) => void;
}) {
  const { t, i18n } = useLingui();
  const methodName = usePaymentMethodName();
  const [settling, setSettling] = useState<{ payout: PendingPayout; outcome: 'paid' | 'failed' }>();
  return (
    <>
      <table className="ops-table" data-testid="ops-payouts">
        <caption className="visually-hidden">{t`Pending payouts`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Select`}</th>
            <th scope="col">{t`Reference`}</th>
            <th scope="col">{t`Amount`}</th>
            <th scope="col">{t`Method`}</th>
            <th scope="col">{t`Receiver`}</th>
            <th scope="col">{t`Batch`}</th>
            <th scope="col">{t`Requested`}</th>
            <th scope="col">{t`Settle`}</th>
          </tr>
        </thead>
        <tbody>
          {payouts.map((payout) => {
            const reference = payout.payout_reference;
            return (
              <tr key={payout.id} data-testid="ops-payout">
                <td data-label={t`Select`}>
                  <input
                    type="checkbox"
                    className="ops-table__check"
                    checked={selected.has(payout.id)}
                    onChange={(event) => onToggle(payout.id, event.currentTarget.checked)}
                    aria-label={t`Select ${reference}`}
                  />
                </td>
                <th scope="row" data-label={t`Reference`}>
                  <code>{reference}</code>
                </th>
                <td data-label={t`Amount`}>{formatMoney(payout.payout_amount, i18n.locale)}</td>
                <td data-label={t`Method`}>{methodName(payout.withdraw_type)}</td>
                <td data-label={t`Receiver`} data-testid="ops-payout-receiver">
                  <Receiver payout={payout} />
                </td>
                <td data-label={t`Batch`}>{payout.export_batch ? <BatchAgain batch={payout.export_batch} /> : t`not exported yet`}</td>
                <td data-label={t`Requested`}>{formatLongDate(payout.created_at, i18n.locale)}</td>
                <td data-label={t`Settle`}>
                  <div className="ops-table__actions">
                    <button type="button" className="button" onClick={() => setSettling({ payout, outcome: 'paid' })}>
                      {t`Paid…`}
                    </button>
                    <button type="button" className="button button--secondary" onClick={() => setSettling({ payout, outcome: 'failed' })}>
                      {t`Failed…`}
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {settling ? <SettleDialog {...settling} onClose={() => setSettling(undefined)} /> : null}
    </>
  );
}

/**
 * The batch a payout went in, and its bank files written again for this device (a lost file, a
 * refused upload): what of the batch is still pending, audited by the server as a re-export.
 */
function BatchAgain({ batch }: { batch: string }) {
  const { t } = useLingui();
  const exporter = useExportPayouts();
  const [failure, setFailure] = useState<string>();
  return (
    <div>
      <span>{batch}</span>
      <button
        type="button"
        className="button button--secondary ops-table__again"
        disabled={exporter.isPending}
        onClick={() => {
          setFailure(undefined);
          exporter.mutate(batch, {
            onSuccess: (exported) => {
              for (const file of exported.files) downloadPayoutFile(file);
            },
            onError: (error) => setFailure(failureMessage(error, t`The export could not be made. Check your connection and try again.`)),
          });
        }}
      >
        {t`Download the batch's files again`}
      </button>
      <FailureAlert text={failure} />
    </div>
  );
}

/** Says what will happen, to whom and for how much, before a payout is settled by hand. */
function SettleDialog({ payout, outcome, onClose }: { payout: PendingPayout; outcome: 'paid' | 'failed'; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const fieldId = useId();
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const complete = useCompletePayout();
  const fail = useFailPayout();
  const pending = complete.isPending || fail.isPending;
  const amount = formatMoney(payout.payout_amount, i18n.locale);
  const receiver = receiverOf(payout) || payout.user_id;
  const reference = payout.payout_reference;
  const refused = (error: unknown) =>
    setFailure(failureMessage(error, t`The change could not be sent. Check your connection and try again.`));

  function confirm() {
    setFailure(undefined);
    if (outcome === 'paid') {
      complete.mutate({ id: payout.id, reference: value.trim() || undefined }, { onSuccess: onClose, onError: refused });
      return;
    }
    if (!value.trim()) {
      setFieldError(t`Write why the payout failed; the customer reads it.`);
      document.getElementById(fieldId)?.focus();
      return;
    }
    setFieldError(undefined);
    fail.mutate({ id: payout.id, reason: value.trim() }, { onSuccess: onClose, onError: refused });
  }

  return (
    <Dialog open title={outcome === 'paid' ? t`Mark ${reference} as paid?` : t`Mark ${reference} as failed?`} onClose={onClose}>
      <p data-testid="ops-settle-summary">
        {outcome === 'paid'
          ? t`${amount} to ${receiver}: the money stays out of their balance and they see the payout as paid.`
          : t`${amount} goes back to the balance of ${receiver}; they read your reason on the payout.`}
      </p>
      <div className="field">
        <label htmlFor={fieldId}>{outcome === 'paid' ? t`Bank or PayPal reference (optional)` : t`Why it failed`}</label>
        <input
          id={fieldId}
          value={value}
          maxLength={outcome === 'paid' ? 200 : 300}
          onChange={(event) => setValue(event.currentTarget.value)}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${fieldId}-error` : undefined}
        />
        {fieldError ? (
          <p id={`${fieldId}-error`} className="field__error">
            {fieldError}
          </p>
        ) : null}
      </div>
      <div className="ops-actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t`Go back`}
        </button>
        <button type="button" className="button" disabled={pending} onClick={confirm} data-testid="ops-settle-confirm">
          {outcome === 'paid' ? t`Mark as paid` : t`Mark as failed: money back to the balance`}
        </button>
      </div>
      <FailureAlert text={failure} />
    </Dialog>
  );
}

/**
 * The selected payouts settled together, paid or failed, after one confirmation naming their count
 * and total; failed ones take one reason, which every customer of the selection reads on theirs.
 */
function BulkSettle({ payouts, onDone }: { payouts: PendingPayout[]; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const client = useQueryClient();
  const reasonId = useId();
  const [outcome, setOutcome] = useState<'paid' | 'failed'>();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string>();
  if (payouts.length === 0) return null;
  const currencies = [...new Set(payouts.map((payout) => payout.payout_amount.currency))];
  const total = currencies
    .map((currency) => {
      const minor = payouts
        .filter((payout) => payout.payout_amount.currency === currency)
        .reduce((sum, payout) => sum + minorFromMoney(payout.payout_amount), 0);
      return formatMoney(moneyFromMinor(minor, currency), i18n.locale);
    })
    .join(', ');
  const count = payouts.length;
  const close = () => {
    setOutcome(undefined);
    setReasonError(undefined);
    setFailure(undefined);
  };

  async function confirm() {
    const why = reason.trim();
    if (outcome === 'failed' && !why) {
      setReasonError(t`Write why the payouts failed; each customer reads it.`);
      document.getElementById(reasonId)?.focus();
      return;
    }
    setReasonError(undefined);
    setPending(true);
    setFailure(undefined);
    const refusedOnes: string[] = [];
    for (const payout of payouts) {
      try {
        if (outcome === 'failed') await failPayout(payout.id, why);
        else await completePayout(payout.id, undefined);
      } catch (error) {
        refusedOnes.push(`${payout.payout_reference}: ${failureMessage(error, t`not sent`)}`);
      }
    }
    await client.invalidateQueries({ queryKey: pendingPayoutsQueryKey });
    setPending(false);
    if (refusedOnes.length > 0) setFailure(refusedOnes.join('\n'));
    else {
      close();
      setReason('');
      onDone();
    }
  }

  return (
    <div className="ops-bulk">
      <div className="ops-table__actions">
        <button type="button" className="button" onClick={() => setOutcome('paid')} data-testid="ops-bulk-paid">
          {plural(count, { one: 'Mark # selected payout as paid…', other: 'Mark # selected payouts as paid…' })}
        </button>
        <button type="button" className="button button--secondary" onClick={() => setOutcome('failed')} data-testid="ops-bulk-failed">
          {plural(count, { one: 'Mark # selected payout as failed…', other: 'Mark # selected payouts as failed…' })}
        </button>
      </div>
      <Dialog
        open={outcome !== undefined}
        title={outcome === 'failed' ? t`Mark the selected payouts as failed?` : t`Mark the selected payouts as paid?`}
        onClose={close}
      >
        <p>
          {outcome === 'failed'
            ? plural(count, {
                one: `# payout, ${total}: the money goes back to the customer's balance.`,
                other: `# payouts, ${total}: the money goes back to the customers' balances.`,
              })
            : plural(count, {
                one: `# payout, ${total}: the money stays out of the customer's balance.`,
                other: `# payouts, ${total}: the money stays out of the customers' balances.`,
              })}
        </p>
        <ul>
          {payouts.map((payout) => (
            <li key={payout.id}>
              <code>{payout.payout_reference}</code> · {formatMoney(payout.payout_amount, i18n.locale)} · {receiverOf(payout) || '—'}
            </li>
          ))}
        </ul>
        {outcome === 'failed' ? (
          <div className="field">
            <label htmlFor={reasonId}>{t`Why they failed (every customer of the selection reads it)`}</label>
            <input
              id={reasonId}
              value={reason}
              maxLength={300}
              onChange={(event) => setReason(event.currentTarget.value)}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? `${reasonId}-error` : undefined}
            />
            {reasonError ? (
              <p id={`${reasonId}-error`} className="field__error">
                {reasonError}
              </p>
            ) : null}
          </div>
        ) : null}
        <div className="ops-actions">
          <button type="button" className="button button--secondary" onClick={close}>
            {t`Go back`}
          </button>
          <button type="button" className="button" disabled={pending} onClick={() => void confirm()} data-testid="ops-bulk-confirm">
            {pending ? t`Settling…` : outcome === 'failed' ? t`Mark as failed: money back to the balances` : t`Mark as paid`}
          </button>
        </div>
        <FailureAlert text={failure} />
      </Dialog>
    </div>
  );
}

import { pendingProcessingDays } from '#domain/pending-rule';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { useCountryParam } from '../../lib/use-country';
import { useOutbox } from '../../lib/outbox';
import { transactionCategories, transactionStatuses, type TransactionCategory, type TransactionStatus } from '#domain/transactions';
import { useBalance } from './api/balance';
import { useTransactions } from './api/transactions';
import { formatMoney } from '#domain/money';
import { currencyOf, type CountryCode } from '#domain/markets';
import { minorFromMoney, moneyFromMinor } from '#domain/money';
import { minimumWithdrawalMinor } from '#domain/payment-methods';
import { SlotCounter, SlotText } from './slot-counter';
import { balanceShownBeforeApp, forgetBalanceShownBeforeApp, markBalanceShownByApp } from './balance-before-app';
import { TransactionList } from './transaction-list';
import { QueuedScans } from './queued-scans';
import './wallet.css';
import { notDrawnYet, QueryView } from '../../ui/query-view';
import { useBelowFirstScreenShown } from '../../lib/first-screen';

/**
 * The wallet part of the account page. What other features show inside it (the payment-method
 * button, the code form) comes from the page, so features do not import each other.
 * `pickedRow`: the history row a notification opened (see TransactionList).
 */
export function AccountWallet({
  countryCode,
  paymentMethod,
  scanForm,
  afterActions,
  pickedRow,
}: {
  /** The customer's market, for the minimum withdrawal; undefined until the account is known. */
  countryCode: CountryCode | undefined;
  paymentMethod: ReactNode;
  scanForm: ReactNode;
  /** What the page shows between the actions on the balance and the history (news, notifications). */
  afterActions?: ReactNode;
  pickedRow?: string | undefined;
}) {
  const { t, i18n } = useLingui();
  const days = pendingProcessingDays;
  const balance = useBalance();
  const [type, setType] = useState<TransactionCategory | ''>('');
  const [status, setStatus] = useState<TransactionStatus | ''>('');
  const transactions = useTransactions({ type: type || undefined, status: status || undefined }, i18n.locale);
  const historyDrawn = useBelowFirstScreenShown();
  const country = useCountryParam();
  // Scans still on this device count as pending at once; the server's figures include them once sent.
  const waitingScans = useOutbox('scan').filter((entry) => entry.state !== 'failed').length;
  useEffect(() => forgetBalanceShownBeforeApp, []);
  const balanceShown = balance.data !== undefined;
  useEffect(() => {
    if (balanceShown) markBalanceShownByApp();
  }, [balanceShown]);
  const minimumMinor = countryCode ? minimumWithdrawalMinor(countryCode) : undefined;
  const balanceMinor = balance.data ? minorFromMoney(balance.data.balance) : undefined;
  // No withdrawal can succeed below the minimum: say where it starts instead of offering the form.
  const minimum =
    countryCode && minimumMinor !== undefined && balanceMinor !== undefined && balanceMinor < minimumMinor
      ? formatMoney(moneyFromMinor(minimumMinor, currencyOf(countryCode)), i18n.locale)
      : undefined;

  const typeNames: Record<TransactionCategory, string> = { SCAN: t`Returns`, ADJUSTMENT: t`Adjustments`, WITHDRAWAL: t`Withdrawals` };
  const statusNames: Record<TransactionStatus, string> = {
    PENDING: t`Pending`,
    COMPLETED: t`Completed`,
    REJECTED: t`Rejected`,
    CANCELLED: t`Canceled`,
    FAILED: t`Failed`,
  };

  return (
    <div className="wallet">
      <section className="wallet__summary" aria-labelledby="wallet-balance-heading">
        <h2 id="wallet-balance-heading">{t`Your balance`}</h2>
        {/* The prerendered shell's script puts the last known balance here before the app runs (src/app/shell/balance-before-app.js). */}
        <div data-balance-slot="">
          <QueryView query={balance} errorText={t`Your balance could not be loaded.`}>
            {(data) => (
              <>
                <p className="wallet__balance">
                  <SlotText text={formatMoney(data.balance, i18n.locale)} testId="balance" alreadyShown={balanceShownBeforeApp()} />
                </p>
                <dl className="wallet__figures">
                  <div>
                    <dt>{t`Items returned`}</dt>
                    <dd>
                      <SlotCounter value={data.returned_items} testId="returned-items" />
                    </dd>
                  </div>
                  <div>
                    <dt>{t`Items pending`}</dt>
                    <dd data-testid="pending-items">{data.pending_items + waitingScans}</dd>
                  </div>
                </dl>
                {waitingScans > 0 ? (
                  <p className="wallet__pending-note" data-testid="pending-on-device">
                    {plural(waitingScans, {
                      one: '# of them is saved on this device and waiting to upload.',
                      other: '# of them are saved on this device and waiting to upload.',
                    })}
                  </p>
                ) : null}
                {data.pending_items > 0 ? (
                  <p className="wallet__pending-note">
                    {t`Pending items are waiting for check-in at the cleaning facility. Their deposit (${formatMoney(data.pending_deposit, i18n.locale)}) is added to your balance when they arrive: this can take up to ${days} days.`}
                  </p>
                ) : null}
              </>
            )}
          </QueryView>
        </div>
        {paymentMethod}
        {minimum ? (
          <p className="wallet__pending-note" data-testid="withdraw-minimum">
            {t`You can withdraw your balance once it reaches ${minimum}.`}
          </p>
        ) : (
          <Link to="/{-$country}/user/withdraw" params={{ country }} className="button" data-testid="withdraw-link">
            {t`Withdraw`}
          </Link>
        )}
      </section>

      <section aria-labelledby="wallet-scan-heading">
        <h2 id="wallet-scan-heading">{t`Record a return`}</h2>
        <p>
          <Link to="/{-$country}/user/scan" params={{ country }} className="button" data-testid="open-scanner">
            {t`Scan with the camera`}
          </Link>
        </p>
        {scanForm}
      </section>

      {afterActions}

      <section aria-labelledby="wallet-history-heading">
        <h2 id="wallet-history-heading">{t`History`}</h2>
        <div className="wallet__filters">
          <label>
            {t`Type`}{' '}
            <select
              value={type}
              onChange={(event) => setType(event.currentTarget.value as TransactionCategory | '')}
              data-testid="filter-type"
            >
              <option value="">{t`All types`}</option>
              {transactionCategories.map((category) => (
                <option key={category} value={category}>
                  {typeNames[category]}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t`Status`}{' '}
            <select
              value={status}
              onChange={(event) => setStatus(event.currentTarget.value as TransactionStatus | '')}
              data-testid="filter-status"
            >
              <option value="">{t`All statuses`}</option>
              {transactionStatuses.map((value) => (
                <option key={value} value={value}>
                  {statusNames[value]}
                </option>
              ))}
            </select>
          </label>
        </div>
        <QueuedScans />
        <QueryView query={historyDrawn ? transactions : notDrawnYet} errorText={t`Your history could not be loaded.`}>
          {(page) => (
            <div
              aria-busy={transactions.isPlaceholderData}
              className={transactions.isPlaceholderData ? 'wallet__history--updating' : undefined}
            >
              <TransactionList rows={page.data} pickedId={pickedRow} />
            </div>
          )}
        </QueryView>
      </section>
    </div>
  );
}

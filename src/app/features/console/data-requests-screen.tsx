import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { DsarKind } from '#domain/dsar-kinds';
import type { OperatorDataRequest } from '#domain/schemas/operator-answers';
import { failureMessage } from '../../lib/api';
import { formatLongDate } from '../../lib/format';
import { useCloseDataRequest } from './api/close-data-request';
import { useOpenDataRequests } from './api/data-requests';
import { BreakableEmail } from './breakable-email';
import { OperatorArea } from './operator-area';
import { PagedList } from './paged-list';
import { FailureAlert, OutcomeStatus } from './notices';

export function DataRequestsScreen() {
  const { t } = useLingui();
  const requests = useOpenDataRequests();
  // Of the whole list, not only the pages loaded: the server counts them with the totals.
  const overdue = requests.data?.pages.at(-1)?.meta.overdue ?? 0;
  // A closed request leaves the list: the outcome is said here, and takes the focus its button had.
  const [closed, setClosed] = useState<string>();
  return (
    <OperatorArea
      needs="care"
      title={t`Data requests`}
      description={t`Requests to see, correct or delete personal data, nearest deadline first. The law gives one month to answer.`}
    >
      <OutcomeStatus text={closed} testId="ops-data-request-result" />
      {overdue > 0 ? (
        <p>
          <strong>{plural(overdue, { one: '# overdue', other: '# overdue' })}</strong>
        </p>
      ) : null}
      <PagedList query={requests} errorText={t`The data requests could not be loaded. Check your connection and reload the page.`}>
        {(list) =>
          list.length === 0 ? (
            <p>{t`No open data request.`}</p>
          ) : (
            <ul className="ops-cards">
              {list.map((request) => (
                <li key={request.id}>
                  <DataRequestCard request={request} onClosed={setClosed} />
                </li>
              ))}
            </ul>
          )
        }
      </PagedList>
    </OperatorArea>
  );
}

function DataRequestCard({ request, onClosed }: { request: OperatorDataRequest; onClosed: (text: string) => void }) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const [failure, setFailure] = useState<string>();
  const close = useCloseDataRequest();
  const kinds: Record<DsarKind, string> = {
    access: t`Access to their data`,
    deletion: t`Deletion`,
    rectification: t`Correction`,
    other: t`Other request`,
  };
  // A kind this version does not know shows as the server wrote it.
  const kind = (kinds as Partial<Record<string, string>>)[request.kind] ?? request.kind;
  const due = formatLongDate(request.due_at, i18n.locale);
  const received = formatLongDate(request.received_at, i18n.locale);
  const who = request.name ?? t`a deleted account`;
  const market = request.country_code.toUpperCase();
  const language = request.locale;

  function onClose() {
    setFailure(undefined);
    close.mutate(request.id, {
      onSuccess: () => onClosed(t`The request of ${who} is marked as answered.`),
      onError: (error) => setFailure(failureMessage(error, t`The change could not be sent. Check your connection and try again.`)),
    });
  }

  return (
    <article
      className={request.overdue ? 'ops-card ops-card--late' : 'ops-card'}
      aria-labelledby={headingId}
      data-testid="ops-data-request"
    >
      <h2 id={headingId}>
        {kind} · {who}
      </h2>
      {/* The deadline in words, so that it does not rest on the card's colour. */}
      <p className="ops-deadline">
        {request.overdue ? (
          <Trans>
            <strong>Overdue:</strong> the answer was due by {due}.
          </Trans>
        ) : (
          <Trans>
            <strong>Answer by {due}</strong>
          </Trans>
        )}
      </p>
      <p>{t`Received on ${received}`}</p>
      {request.email ? (
        <p>
          <BreakableEmail email={request.email} />
        </p>
      ) : null}
      <p>{t`Market ${market}, language ${language}`}</p>
      {request.message ? <blockquote>{request.message}</blockquote> : <p>{t`No message.`}</p>}
      <FailureAlert text={failure} />
      <button type="button" className="button" disabled={close.isPending} onClick={onClose}>
        {t`Mark as answered`}
      </button>
    </article>
  );
}

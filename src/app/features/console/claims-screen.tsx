import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState } from 'react';
import type { ListedClaim } from '#domain/schemas/operator-answers';
import { claimResolutionBody } from '#domain/schemas/operator-requests';
import { failureMessage } from '../../lib/api';
import { TextAreaField } from '../../ui/text-field';
import { apiFieldFailure, useFormSubmit } from '../../ui/use-form-submit';
import { PagedList } from './paged-list';
import { useAwardClaim } from './api/award-claim';
import { useClaims, type ClaimFilter } from './api/claims';
import { ListSearch, ListTabs } from './list-filters';
import { useDismissClaim } from './api/dismiss-claim';
import { BreakableEmail } from './breakable-email';
import { OperatorArea } from './operator-area';
import { FailureAlert, OutcomeStatus } from './notices';
import { useStatusName } from './status-names';

/** Date and time: which of two scans of one container came first is often a matter of hours. */
function formatDateTime(value: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
}

export function ClaimsScreen() {
  const { t } = useLingui();
  const [filter, setFilter] = useState<ClaimFilter>({ status: 'open', q: '' });
  const claims = useClaims(filter);
  // A resolved claim leaves the list: the outcome is said here, and takes the focus its button had.
  const [resolved, setResolved] = useState<string>();
  const about = t`Containers scanned by a second customer while a first scan held them. Nobody is paid for the container until you decide.`;
  const searched = filter.q !== '';
  const empty =
    filter.status === 'open'
      ? searched
        ? t`No open claim matches this search.`
        : t`No open claim.`
      : searched
        ? t`No resolved claim matches this search.`
        : t`No resolved claim yet.`;
  return (
    <OperatorArea needs="care" title={t`Claims`} description={about}>
      <p>{about}</p>
      <ListTabs label={t`Which claims`} tab={filter.status} onChange={(status) => setFilter((current) => ({ ...current, status }))} />
      <ListSearch
        hint={t`Part of the claimant's email, the claim's number, or the container code.`}
        onSearch={(q) => setFilter((current) => ({ ...current, q }))}
      />
      <OutcomeStatus text={resolved} testId="ops-claim-result" />
      <PagedList query={claims} errorText={t`The claims could not be loaded. Check your connection and reload the page.`}>
        {(list) =>
          list.length === 0 ? (
            <p>{empty}</p>
          ) : (
            <ul className="ops-cards">
              {list.map((claim) => (
                <li key={claim.id}>
                  {claim.status === 'OPEN' ? <ClaimCard claim={claim} onResolved={setResolved} /> : <ResolvedClaimCard claim={claim} />}
                </li>
              ))}
            </ul>
          )
        }
      </PagedList>
    </OperatorArea>
  );
}

/** A decided claim, as care looks back on it: who was given the container, when, and the note left. */
function ResolvedClaimCard({ claim }: { claim: ListedClaim }) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const code = claim.code;
  const resolvedAt = claim.resolved_at ? formatDateTime(claim.resolved_at, i18n.locale) : '';
  const claimedAt = formatDateTime(claim.received_at, i18n.locale);
  const claimId = claim.id;
  return (
    <article className="ops-card" aria-labelledby={headingId} data-testid="ops-resolved-claim">
      <h2 id={headingId}>
        <Trans>
          Container <code>{code}</code>
        </Trans>
      </h2>
      <p className="ops-outcome-line">
        <strong>
          {claim.status === 'AWARDED' ? t`Awarded to the claimant on ${resolvedAt}` : t`Dismissed on ${resolvedAt}: the first scan stood`}
        </strong>
      </p>
      <h3>{t`Claim`}</h3>
      <p>{claim.email ? <BreakableEmail email={claim.email} /> : t`a deleted account`}</p>
      <p>{t`Received ${claimedAt}`}</p>
      {claim.note ? (
        <>
          <h3>{t`Note for operators`}</h3>
          <blockquote>{claim.note}</blockquote>
        </>
      ) : null}
      <p className="ops-record-id">{t`Claim ${claimId}`}</p>
    </article>
  );
}

function ClaimCard({ claim, onResolved }: { claim: ListedClaim; onResolved: (text: string) => void }) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const noteId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // The button pressed: both calls take the same body (`claimResolutionBody`).
  const decision = useRef<'award' | 'dismiss'>('award');
  const [failure, setFailure] = useState<string>();
  const award = useAwardClaim();
  const dismiss = useDismissClaim();
  const statusName = useStatusName();
  const code = claim.code;
  const claimedAt = formatDateTime(claim.received_at, i18n.locale);
  const firstAt = formatDateTime(claim.first_scan.received_at, i18n.locale);
  const firstStatus = statusName(claim.first_scan.status);

  const form = useFormSubmit(formRef, {
    schema: claimResolutionBody,
    initialValues: { note: '' },
    action: async (data) => {
      setFailure(undefined);
      const call = decision.current === 'award' ? award : dismiss;
      await call.mutateAsync({ id: claim.id, note: data.note });
      return decision.current;
    },
    onSuccess: (decided) =>
      onResolved(
        decided === 'award'
          ? t`Awarded: ${code} is held for the claimant until its next check-in. The claim is in the Resolved tab.`
          : t`Dismissed: the first scan of ${code} stands. The claim is in the Resolved tab.`,
      ),
    onFailure: (error) => {
      const fields = apiFieldFailure(error);
      if (!fields) setFailure(failureMessage(error, t`The decision could not be sent. Check your connection and try again.`));
      return fields;
    },
  });
  const note = form.values.note?.trim();

  return (
    <article className="ops-card" aria-labelledby={headingId} data-testid="ops-claim">
      <h2 id={headingId}>
        <Trans>
          Container <code>{code}</code>
        </Trans>
      </h2>
      <h3>{t`First scan`}</h3>
      <p>{t`${firstStatus}, received ${firstAt}`}</p>
      <h3>{t`Claim`}</h3>
      <p>{claim.email ? <BreakableEmail email={claim.email} /> : t`a deleted account`}</p>
      <p>{t`Received ${claimedAt}`}</p>
      <ClaimantRecord claimant={claim.claimant} />
      <form ref={formRef} noValidate onSubmit={(event) => form.submit(event, note ? { note } : {})}>
        <TextAreaField id={noteId} label={t`Note for operators (optional)`} rows={2} maxLength={500} {...form.field('note')} />
        <FailureAlert text={failure} />
        <div className="ops-actions">
          <button type="submit" className="button" disabled={form.pending} onClick={() => (decision.current = 'award')}>
            {t`Award it to the claimant`}
          </button>
          <button type="submit" className="button button--secondary" disabled={form.pending} onClick={() => (decision.current = 'dismiss')}>
            {t`Dismiss: the first scan stands`}
          </button>
        </div>
      </form>
    </article>
  );
}

/**
 * What care should weigh before awarding: the claims this account holds open, and the containers
 * it was refused a claim on lately (too many open at once). An account refused often is flagged in
 * words, not by colour alone: it may be scanning codes that other customers hold.
 */
function ClaimantRecord({ claimant }: { claimant: ListedClaim['claimant'] }) {
  const open = claimant.open_claims;
  const refused = claimant.refused_claims;
  return (
    <>
      {/* Two paragraphs, not one with a space between: Japanese sentences take none. */}
      <p>{plural(open, { one: 'This account holds # open claim.', other: 'This account holds # open claims.' })}</p>
      <p>
        {plural(refused, {
          one: 'It was refused # claim in the last 30 days.',
          other: 'It was refused # claims in the last 30 days.',
        })}
      </p>
      {claimant.flagged ? (
        <p className="ops-flag" data-testid="ops-claimant-flag">
          <Trans>
            <strong>Flagged account:</strong> it keeps scanning containers that other customers hold. Check the shop's record before
            awarding.
          </Trans>
        </p>
      ) : null}
    </>
  );
}

import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Page } from '../../ui/page';
import { QueryView } from '../../ui/query-view';
import { areasFor } from './areas';
import { useConsoleLink } from './console-pages';
import { MailNoticesSection } from './mail-notices-section';
import { PasskeySection } from './passkeys-section';
import { useOperatorMe } from './api/me';
import { useOperatorSession } from './use-operator-session';

/** The console's start: the areas the operator's roles open. */
export function ConsoleHome() {
  const { t } = useLingui();
  const session = useOperatorSession();
  const me = useOperatorMe(session?.token ?? '');
  const link = useConsoleLink();
  if (!session) return null;
  const descriptions = {
    'check-in': { title: t`Check-in`, text: t`Scan returned containers and credit their deposits.` },
    disputes: { title: t`Disputes`, text: t`Answer customers who say a refused or late return is wrong.` },
    payouts: { title: t`Payouts`, text: t`Mark pending withdrawals as paid or failed.` },
    operators: { title: t`Operators`, text: t`Invite and disable operators, manage automation tokens.` },
    audit: { title: t`Audit trail`, text: t`Who changed what, and when: by record or by person, with a check that nothing was rewritten.` },
    adjustments: { title: t`Adjustments`, text: t`Correct a customer's balance or cancel a pending scan.` },
    approvals: { title: t`Approvals`, text: t`Approve or reject what another operator did above the approval limit.` },
    claims: { title: t`Claims`, text: t`Decide who returned a container that two customers scanned.` },
    requests: { title: t`Data requests`, text: t`Answer requests about personal data before their deadline.` },
    content: { title: t`Content`, text: t`Edit and publish page texts, import return bins, read the texts the app lacked.` },
  } as const;
  return (
    <Page title={t`Operators' console`} description={t`The areas your roles open.`} className="ops-page">
      <QueryView query={me} errorText={t`Your roles could not be loaded. Check your connection and reload the page.`}>
        {(caller) => {
          const areas = areasFor(caller.roles);
          return areas.length === 0 ? (
            <p>{t`Your roles open no area of this console yet.`}</p>
          ) : (
            <ul className="ops-areas">
              {areas.map((area) => (
                <li key={area}>
                  <Link {...link(area)}>{descriptions[area].title}</Link>
                  <p>{descriptions[area].text}</p>
                </li>
              ))}
            </ul>
          );
        }}
      </QueryView>
      <PasskeySection />
      <MailNoticesSection />
    </Page>
  );
}

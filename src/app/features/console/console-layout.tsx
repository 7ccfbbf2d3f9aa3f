import { Plural, useLingui } from '@lingui/react/macro';
import { QueryClientProvider } from '@tanstack/react-query';
import { Link, Navigate, useParams } from '@tanstack/react-router';
import { useEffect, useRef, type ComponentType } from 'react';
import { notify } from '../../ui/notifications';
import { Page } from '../../ui/page';
import { AdjustmentsScreen } from './adjustments-screen';
import { ApprovalsScreen } from './approvals-screen';
import { areasFor, type ConsoleArea } from './areas';
import { AuditScreen } from './audit-screen';
import { CheckInScreen } from './check-in-screen';
import { ClaimsScreen } from './claims-screen';
import { BinsImportScreen } from './bins-import-screen';
import { MissingTextsScreen } from './missing-texts-screen';
import { PageTextsScreen } from './page-texts-screen';
import { ConsoleHome } from './console-home';
import { isConsolePage, useConsoleLink, type ConsolePage } from './console-pages';
import { DataRequestsScreen } from './data-requests-screen';
import { DisputesScreen } from './disputes-screen';
import { JoinScreen } from './join-screen';
import { OperatorsScreen } from './operators-screen';
import { PayoutsScreen } from './payouts-screen';
import { SignInScreen } from './sign-in-screen';
import { useConsoleCatalogue } from './catalogue';
import { consoleQueryClient } from './console-query-client';
import { useOperatorMe } from './api/me';
import { useWaitingWork } from './api/waiting-work';
import { useSignOutOperator } from './api/sign-out';
import { forgetReturnPage, rememberReturnPage, sessionEndedByServer } from './operator-session';
import { useOperatorSession } from './use-operator-session';
import { useOperatorLanguage } from './operator-language';
import { ResetPasswordScreen } from './reset-password-screen';
import './console.css';

const screens: Record<ConsolePage, ComponentType> = {
  '': ConsoleHome,
  'sign-in': SignInScreen,
  join: JoinScreen,
  'reset-password': ResetPasswordScreen,
  'check-in': CheckInScreen,
  disputes: DisputesScreen,
  payouts: PayoutsScreen,
  operators: OperatorsScreen,
  audit: AuditScreen,
  adjustments: AdjustmentsScreen,
  approvals: ApprovalsScreen,
  claims: ClaimsScreen,
  requests: DataRequestsScreen,
  content: PageTextsScreen,
  'content/bins': BinsImportScreen,
  'content/missing-texts': MissingTextsScreen,
};

/** Pages a person opens without a session. */
const openPages: readonly ConsolePage[] = ['sign-in', 'join', 'reset-password'];

/**
 * The frame of every console page: the console's texts, its own query client, the areas the
 * operator's roles open, and the way back to the sign-in when the session ends.
 */
export function ConsoleLayout() {
  const ready = useConsoleCatalogue();
  if (!ready) return <p role="status">…</p>;
  return (
    <QueryClientProvider client={consoleQueryClient}>
      <ConsoleFrame />
    </QueryClientProvider>
  );
}

function ConsoleFrame() {
  const { t } = useLingui();
  const session = useOperatorSession();
  const { _splat: splat = '' } = useParams({ strict: false });
  const link = useConsoleLink();
  const path = splat.replace(/\/+$/, '');
  const page = isConsolePage(path) ? path : undefined;
  const hadSession = useRef(session !== null);
  useOperatorLanguage(session?.operator.language);

  // A session the server ended while the console was open (idle, its eight hours, the operator
  // disabled) says so once; the sign-in then opens.
  useEffect(() => {
    if (session) {
      hadSession.current = true;
      return;
    }
    if (!hadSession.current) return;
    hadSession.current = false;
    consoleQueryClient.clear();
    if (sessionEndedByServer()) notify({ kind: 'error', title: t`Your session has ended`, description: t`Log in again to go on.` });
  }, [session, t]);

  useEffect(() => {
    if (session && page !== undefined && !openPages.includes(page)) forgetReturnPage();
  }, [session, page]);

  if (!session && (page === undefined || !openPages.includes(page))) {
    if (page) rememberReturnPage(page);
    return <Navigate {...link('sign-in')} replace />;
  }
  const Screen = page === undefined ? ConsoleNotFound : screens[page];

  return (
    <div className="console">
      <header className="console__bar">
        <p className="console__title">{t`Operators' console`}</p>
        {session ? <ConsoleNavigation token={session.token} name={session.operator.name} current={page} /> : null}
      </header>
      <Screen />
    </div>
  );
}

function ConsoleNotFound() {
  const { t } = useLingui();
  const link = useConsoleLink();
  return (
    <Page title={t`This console page does not exist`} description={t`This console page does not exist`} className="ops-page">
      <p>
        <Link {...link('')}>{t`Go to the console's start`}</Link>
      </p>
    </Page>
  );
}

function ConsoleNavigation({ token, name, current }: { token: string; name: string; current: ConsolePage | undefined }) {
  const { t } = useLingui();
  const link = useConsoleLink();
  const me = useOperatorMe(token);
  const signOut = useSignOutOperator();
  const areas = me.data ? areasFor(me.data.roles) : [];
  const roles = me.data?.roles ?? [];
  const waiting = useWaitingWork(roles.includes('care') || roles.includes('finance'));
  const waitingIn = (area: ConsoleArea) => waiting.data?.find((entry) => entry.area === area)?.count ?? 0;
  const labels: Record<ConsoleArea, string> = {
    'check-in': t`Check-in`,
    disputes: t`Disputes`,
    payouts: t`Payouts`,
    operators: t`Operators`,
    audit: t`Audit trail`,
    adjustments: t`Adjustments`,
    approvals: t`Approvals`,
    claims: t`Claims`,
    requests: t`Data requests`,
    content: t`Content`,
  };
  return (
    <>
      <nav aria-label={t`Console areas`} className="console__nav">
        <ul>
          {areas.map((area) => (
            <li key={area}>
              <Link {...link(area)} aria-current={current === area || current?.startsWith(`${area}/`) ? 'page' : undefined}>
                <span data-testid="console-area-name">{labels[area]}</span>
                <WaitingBadge count={waitingIn(area)} />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="console__who">
        <span>{t`Logged in as ${name}`}</span>{' '}
        <button type="button" className="button button--link" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
          {t`Log out`}
        </button>
      </p>
    </>
  );
}

/**
 * How many wait in an area's list, after its name: a number to the eye, and a phrase in the link's
 * name for a screen reader ("Disputes, 3 waiting"). Nothing when nothing waits.
 */
function WaitingBadge({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <>
      <span className="console__badge" aria-hidden="true" data-testid="console-waiting-badge">
        {count}
      </span>
      <span className="visually-hidden">
        <Plural value={count} one=", # waiting" other=", # waiting" />
      </span>
    </>
  );
}

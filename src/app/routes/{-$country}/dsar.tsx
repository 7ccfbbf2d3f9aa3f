import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { isDsarKind, type DsarKind } from '#domain/dsar-kinds';
import { Page } from '../../ui/page';
import { loadLaterMessages } from '../../lib/i18n';
import { useMe } from '../../lib/me';
import { DataExportButton } from '../../features/privacy/data-export';
import { DataRequestForm } from '../../features/privacy/data-request-form';

export const Route = createFileRoute('/{-$country}/dsar')({
  validateSearch: (search: Record<string, unknown>): { kind?: DsarKind } => (isDsarKind(search.kind) ? { kind: search.kind } : {}),
  // The request form's texts are in the later catalogue (lib/i18n.ts), which the page waits for.
  loader: () => loadLaterMessages(),
  component: DataSubjectRequestPage,
});

function DataSubjectRequestPage() {
  const { t } = useLingui();
  const { kind } = Route.useSearch();
  const me = useMe();
  const user = me.data;
  return (
    <Page title={t`Data-subject request`} description={t`Ask for a copy of your personal data, or for its deletion.`}>
      <p>
        {t`You may ask us for a copy of the personal data we hold about you, for its correction or for its deletion. We answer within one month.`}
      </p>
      {user ? (
        <div className="privacy-export">
          <p>{t`You are logged in: download everything we hold about you now, as a JSON file.`}</p>
          <DataExportButton />
        </div>
      ) : null}
      <h2>{t`Send a request`}</h2>
      {/* Keyed so that a customer's name and email fill in once they have loaded. */}
      <DataRequestForm key={user?.id ?? 'guest'} initialKind={kind ?? 'access'} name={user?.name} email={user?.email} />
    </Page>
  );
}

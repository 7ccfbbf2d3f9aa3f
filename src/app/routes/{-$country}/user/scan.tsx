import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Page } from '../../../ui/page';
import { loadLaterMessages } from '../../../lib/i18n';
import { ScanScreen } from '../../../features/scan/scan-screen';

/**
 * The camera scanner. Its component (and ZXing, loaded by the scanner on demand) is split
 * from the rest of the app: nothing of it is fetched before someone opens this page.
 * `code` carries a deep link's container code (`/r/CODE`), through the login if needed.
 */
export const Route = createFileRoute('/{-$country}/user/scan')({
  validateSearch: (search: Record<string, unknown>): { code?: string } =>
    typeof search.code === 'string' && search.code.length <= 120 ? { code: search.code } : {},
  // The scanner's texts are in the later catalogue (lib/i18n.ts), which the page waits for.
  loader: () => loadLaterMessages(),
  component: ScanPage,
});

function ScanPage() {
  const { t } = useLingui();
  const { country } = Route.useParams();
  const { code } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Page title={t`Scan containers`} description={t`Scan the QR codes of the containers you return.`} className="page--scan">
      <ScanScreen country={country} initialCode={code} onInitialCodeTaken={() => void navigate({ search: {}, replace: true })} />
    </Page>
  );
}

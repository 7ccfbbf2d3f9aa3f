import { useLingui } from '@lingui/react/macro';
import { notify } from '../../ui/notifications';
import { useDownloadPersonalData } from './api/export-data';

/** A signed-in customer's copy of everything held about them, as a JSON file, at once. */
export function DataExportButton() {
  const { t } = useLingui();
  const download = useDownloadPersonalData();
  return (
    <button
      type="button"
      className="button button--secondary"
      disabled={download.isPending}
      onClick={() =>
        download.mutate(undefined, {
          onSuccess: () => notify({ kind: 'success', title: t`Success`, description: t`Your data has been downloaded.` }),
          onError: () => notify({ kind: 'error', title: t`Error`, description: t`Something went wrong` }),
        })
      }
    >
      {download.isPending ? t`Preparing your file…` : t`Download my data (JSON)`}
    </button>
  );
}

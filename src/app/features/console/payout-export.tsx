import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { PayoutFiles } from '#domain/schemas/operator-answers';
import { failureMessage } from '../../lib/api';
import { useExportPayouts } from './api/export-payouts';
import { useFocusWhenShown } from './use-focus-when-shown';

type PayoutFile = PayoutFiles['files'][number];

/** What each file is, by its extension: the download keeps its bytes as the server wrote them. */
const mediaTypes: Record<string, string> = {
  xml: 'application/xml',
  csv: 'text/csv;charset=utf-8',
  ach: 'text/plain',
  txt: 'text/plain',
};

/** The file's bytes: UTF-8 text as it came, a file in another encoding (Zengin: Shift_JIS) from base64. */
function bytesOf(file: PayoutFile): BlobPart {
  if (file.encoding === 'utf-8') return file.content;
  const binary = atob(file.content);
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** Hands a file to the browser as a download: it lands on this device only. */
export function downloadPayoutFile(file: PayoutFile) {
  const extension = file.name.split('.').pop() ?? '';
  const url = URL.createObjectURL(new Blob([bytesOf(file)], { type: mediaTypes[extension] ?? 'application/octet-stream' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.click();
  // The click has handed the data over; the address is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * A new batch of the payouts no export listed yet, downloaded to this device as the files to upload:
 * one per market in the format its banks take, and PayPal's. They hold bank details in clear: the page says so.
 */
export function ExportBatch() {
  const { t } = useLingui();
  const headingId = useId();
  const exporter = useExportPayouts();
  const [result, setResult] = useState<string>();
  const [files, setFiles] = useState<PayoutFile[]>([]);
  const [failure, setFailure] = useState<string>();
  const resultRef = useFocusWhenShown<HTMLParagraphElement>(result ?? failure);

  function onExport() {
    setResult(undefined);
    setFailure(undefined);
    setFiles([]);
    exporter.mutate(undefined, {
      onSuccess: (exported) => {
        for (const file of exported.files) downloadPayoutFile(file);
        setFiles(exported.files);
        const count = exported.payouts;
        const batch = exported.batch;
        setResult(
          count === 0
            ? t`No payout waits for an export: every pending one is in an earlier batch.`
            : plural(count, {
                one: `# payout exported in batch ${batch}: the files are in your downloads.`,
                other: `# payouts exported in batch ${batch}: the files are in your downloads.`,
              }),
        );
      },
      onError: (error) => setFailure(failureMessage(error, t`The export could not be made. Check your connection and try again.`)),
    });
  }

  return (
    <section className="ops-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t`Export a batch`}</h2>
      <p>{t`One file per market in the format its banks take, and one for PayPal, with the payouts no export listed yet. They hold bank details: keep them on this device and delete them once uploaded.`}</p>
      <button type="button" className="button" onClick={onExport} disabled={exporter.isPending} data-testid="ops-export-payouts">
        {exporter.isPending ? t`Exporting…` : t`Export the new payouts`}
      </button>
      {result ? (
        <p ref={resultRef} tabIndex={-1} role="status" data-testid="ops-export-result">
          {result}
        </p>
      ) : null}
      {files.length > 0 ? (
        // A browser may hold back all but the first of several downloads: each file can be fetched again here.
        <ul className="ops-files" data-testid="ops-export-files">
          {files.map((file) => {
            const name = file.name;
            return (
              <li key={name}>
                <button type="button" className="button button--secondary" onClick={() => downloadPayoutFile(file)}>
                  {t`Download ${name}`}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {failure ? (
        <p ref={resultRef} tabIndex={-1} role="alert" className="notice notice--error">
          {failure}
        </p>
      ) : null}
    </section>
  );
}

import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { maxBinsFileLength, type BinsImportReport } from '#domain/schemas/bins-import';
import { failureMessage } from '../../lib/api';
import { readChosenFile } from '../../ui/read-chosen-file';
import { useImportBins } from './api/import-bins';
import { ContentArea } from './content-area';
import { useBinImportReasonTexts } from './content-names';
import { useFocusWhenShown } from './use-focus-when-shown';

/**
 * The bins import of the CLI (`bins import`), from a file on this device: "Check" answers the
 * report without writing (a dry run), "Import" writes the valid rows; either way every rejected
 * row is listed with its reasons.
 */
export function BinsImportScreen() {
  const { t } = useLingui();
  const fileId = useId();
  const importer = useImportBins();
  const [file, setFile] = useState<File>();
  const [fileError, setFileError] = useState<string>();
  const [report, setReport] = useState<BinsImportReport>();
  const [failure, setFailure] = useState<string>();
  const failureRef = useFocusWhenShown<HTMLParagraphElement>(failure);

  async function send(dryRun: boolean) {
    setReport(undefined);
    setFailure(undefined);
    setFileError(undefined);
    const chosen = await readChosenFile(file, maxBinsFileLength);
    if (!chosen.ok) {
      if (chosen.problem === 'none') {
        setFileError(t`Choose a CSV or GeoJSON file first.`);
        document.getElementById(fileId)?.focus();
      } else
        setFailure(
          chosen.problem === 'unreadable'
            ? t`The file could not be read on this device. Choose it again.`
            : t`The file is too large: split it into files of at most 2 MB.`,
        );
      return;
    }
    importer.mutate(
      { fileName: chosen.name, content: chosen.content, dryRun },
      {
        onSuccess: setReport,
        onError: (error) => setFailure(failureMessage(error, t`The file could not be sent. Check your connection and try again.`)),
      },
    );
  }

  return (
    <ContentArea
      current="content/bins"
      title={t`Bins import`}
      description={t`Add return bins, or move and rewrite those whose id exists, from a CSV or GeoJSON file.`}
    >
      <div className="ops-card ops-import">
        <div className="field">
          <label htmlFor={fileId}>{t`Bins file (CSV or GeoJSON)`}</label>
          <p id={`${fileId}-hint`} className="field__hint">
            {t`CSV: a header row with id, country_code, lat, lng, details, retailer_id. GeoJSON: a FeatureCollection of points with those properties.`}{' '}
            {t`Optional details_en, details_fr and details_ja describe a bin in each language (a Canadian bin in English and French); a language without one shows details.`}
          </p>
          <input
            id={fileId}
            type="file"
            accept=".csv,.geojson"
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? `${fileId}-hint ${fileId}-error` : `${fileId}-hint`}
            onChange={(event) => {
              setFile(event.currentTarget.files?.[0]);
              setReport(undefined);
              setFailure(undefined);
              setFileError(undefined);
            }}
          />
          {fileError ? (
            <p id={`${fileId}-error`} className="field__error">
              {fileError}
            </p>
          ) : null}
        </div>
        <p className="field__hint">{t`Check first: it reports what the import would do and writes nothing.`}</p>
        <div className="ops-actions">
          <button type="button" className="button button--secondary" disabled={importer.isPending} onClick={() => void send(true)}>
            {t`Check`}
          </button>
          <button type="button" className="button" disabled={importer.isPending} onClick={() => void send(false)}>
            {t`Import`}
          </button>
        </div>
        {importer.isPending ? <p role="status">{t`Sending the file…`}</p> : null}
        {failure ? (
          <p ref={failureRef} tabIndex={-1} role="alert" className="field__error">
            {failure}
          </p>
        ) : null}
      </div>
      {report ? <ImportReport report={report} /> : null}
    </ContentArea>
  );
}

function ImportReport({ report }: { report: BinsImportReport }) {
  const { t } = useLingui();
  const headingId = useId();
  const reasonText = useBinImportReasonTexts();
  const reportRef = useFocusWhenShown<HTMLElement>(report);
  const rejected = report.rejected.length;
  return (
    <section ref={reportRef} tabIndex={-1} className="ops-card ops-result" aria-labelledby={headingId} data-testid="ops-bins-report">
      <h2 id={headingId}>{report.dry_run ? t`Check: nothing was written` : t`Import done`}</h2>
      <ul className="ops-counts">
        <li>
          {report.dry_run
            ? plural(report.added, { one: 'Would add # bin', other: 'Would add # bins' })
            : plural(report.added, { one: 'Added # bin', other: 'Added # bins' })}
        </li>
        <li>
          {report.dry_run
            ? plural(report.updated, { one: 'Would update # bin', other: 'Would update # bins' })
            : plural(report.updated, { one: 'Updated # bin', other: 'Updated # bins' })}
        </li>
        <li>{plural(rejected, { one: 'Rejected # row', other: 'Rejected # rows' })}</li>
      </ul>
      {rejected > 0 ? (
        <>
          <h3>{t`Rejected rows`}</h3>
          <p className="field__hint">{t`CSV: the line in the file. GeoJSON: the feature's number, from 1. Fix them and import the file again: known ids are rewritten, not added twice.`}</p>
          <ul className="ops-cards">
            {report.rejected.map((row) => (
              <li key={row.row} className="ops-rejected" data-testid="ops-bins-rejected">
                <RejectedRow line={row.row} id={row.id} reasons={row.reasons.map((reason) => reasonText[reason])} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function RejectedRow({ line, id, reasons }: { line: number; id: string | null; reasons: string[] }) {
  const { t } = useLingui();
  return (
    <>
      <p className="ops-rejected__row">
        {id ? (
          <>
            {t`Row ${line}`} · <code>{id}</code>
          </>
        ) : (
          t`Row ${line} (no id)`
        )}
      </p>
      <ul>
        {reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
    </>
  );
}

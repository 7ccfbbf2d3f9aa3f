import {
  binsFileProblemTexts,
  binsImportBody,
  binsImportReportSchema,
  maxBinsFileLength,
  type BinsImportReport,
} from '#domain/schemas/bins-import';
import type { Language } from '#domain/locales';
import type { AppContext } from '../../app-context';
import { ApiError } from '../../http/api-error';
import { dataAnswer } from '../../http/api-schemas';
import { currentActor, operatorAccess, type OperatorRoutes } from '../../http/operator-access';
import { BinsFileError, parseBinsFile } from './import-file';
import { importBins } from './service';

/** The file travels as JSON text: every character may take up to six bytes escaped (`\u0000`). */
const importBodyLimit = maxBinsFileLength * 6 + 4096;

/** The file's problem in every language, so the error handler answers the caller's. */
function fileProblemMessages({ problem }: BinsFileError): Record<Language, string> {
  return { en: binsFileProblemTexts.en(problem), fr: binsFileProblemTexts.fr(problem), ja: binsFileProblemTexts.ja(problem) };
}

/** The bins import the CLI makes (`bins import`), for the console: the same checks, the same report. */
export function registerBinOperatorRoutes(ops: OperatorRoutes, context: AppContext) {
  ops.post(
    '/bins/import',
    {
      bodyLimit: importBodyLimit,
      schema: {
        summary: 'Import bins from a CSV or GeoJSON file: add new ones, move or rewrite known ones, report each rejected row',
        security: operatorAccess('content'),
        body: binsImportBody,
        response: { 200: dataAnswer(binsImportReportSchema) },
      },
    },
    async (request) => {
      const { file_name: fileName, content, dry_run: dryRun } = request.body;
      let rows;
      try {
        rows = parseBinsFile(fileName, content);
      } catch (error) {
        if (error instanceof BinsFileError)
          throw new ApiError(400, 'VALIDATION_FAILED', { content: 'invalidValue' }, undefined, fileProblemMessages(error));
        throw error;
      }
      const report = await importBins(context.db, currentActor(request), rows, { dryRun, now: context.now() });
      return {
        data: {
          added: report.added,
          updated: report.updated,
          rejected: report.rejected.map((row) => ({ row: row.row, id: row.id ?? null, reasons: row.reasons })),
          dry_run: dryRun,
        } satisfies BinsImportReport,
      };
    },
  );
}

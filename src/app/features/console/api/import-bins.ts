import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { binsImportReportSchema, type BinsImportReport } from '#domain/schemas/bins-import';
import { consoleRequest } from '../console-api';

const answer = z.object({ data: binsImportReportSchema });

export interface BinsFile {
  fileName: string;
  content: string;
  /** Check only: the report of what an import would do, nothing written. */
  dryRun: boolean;
}

/** POST /ops/bins/import: the valid rows written (unless a dry run), each rejected row with its reasons. */
export async function importBins({ fileName, content, dryRun }: BinsFile): Promise<BinsImportReport> {
  const body = { file_name: fileName, content, dry_run: dryRun };
  return answer.parse(await consoleRequest('/bins/import', { method: 'POST', body })).data;
}

export function useImportBins() {
  return useMutation({ mutationFn: importBins });
}

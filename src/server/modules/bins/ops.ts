import { binImportReasons } from '../../../domain/bins';
import { countryCodes, type CountryCode } from '../../../domain/markets';
import { retailerIdPattern } from '../../../domain/bins';
import type { Database } from '../../db/client';
import { BinsFileError, csvColumns, parseBinsFile } from './import-file';
import { importBins, listBins, listRetailers, removeBins, saveRetailer, type ImportReport } from './service';

export const binsUsage = `  npm run ops -- bins import <file.csv|file.geojson> [--dry-run]
                                                         add bins, or move/rewrite those whose id exists;
                                                         CSV columns: ${csvColumns.join(',')}
  npm run ops -- bins list [--country us]                bins with their retailer
  npm run ops -- bins remove <id> [<id>…]                remove bins
  npm run ops -- bins retailers                          retailers and their number of bins
  npm run ops -- bins retailer <id> --name "Name"        add a retailer, or rename it
`;

/** The operator's report: what changed, then each rejected row with every reason. */
export function formatImportReport(report: ImportReport, dryRun: boolean): string {
  const lines = [
    `${dryRun ? 'Dry run, nothing written: would add' : 'Added'} ${report.added}, ${dryRun ? 'would update' : 'updated'} ${report.updated}, rejected ${report.rejected.length}.`,
  ];
  for (const rejected of report.rejected) {
    lines.push(`  row ${rejected.row}${rejected.id ? ` (${rejected.id})` : ''}: ${rejected.reasons.map((reason) => binImportReasons[reason]).join('; ')}`);
  }
  return `${lines.join('\n')}\n`;
}

export interface BinsCommandOptions {
  country?: string;
  name?: string;
  dryRun?: boolean;
  /** The import file's text: read from disk by the CLI, or taken from what the CLI sent to the server. */
  readFile(name: string): string;
}

/** `npm run ops -- bins …`; answers the text to print and the exit code. */
export async function runBinsCommand(db: Database, args: string[], options: BinsCommandOptions): Promise<{ output: string; exitCode: number }> {
  const [subcommand, ...rest] = args;
  switch (subcommand) {
    case 'import': {
      const [file] = rest;
      if (!file) return { output: `bins import needs a file\n\n${binsUsage}`, exitCode: 2 };
      let text: string;
      try {
        text = options.readFile(file);
      } catch (error) {
        return { output: `${file}: ${error instanceof Error ? error.message : String(error)}\n`, exitCode: 2 };
      }
      let rows;
      try {
        rows = parseBinsFile(file, text);
      } catch (error) {
        if (error instanceof BinsFileError) return { output: `${file}: ${error.message}\n`, exitCode: 2 };
        throw error;
      }
      const report = await importBins(db, rows, { dryRun: options.dryRun });
      // Some rows rejected: the others are imported, and the exit code says it was not clean.
      return { output: formatImportReport(report, options.dryRun ?? false), exitCode: report.rejected.length > 0 ? 1 : 0 };
    }
    case 'list': {
      const countries = options.country ? [options.country as CountryCode] : countryCodes;
      const lines: string[] = [];
      for (const country of countries) {
        for (const bin of await listBins(db, country)) {
          lines.push(`${bin.id.padEnd(24)} ${country}  ${bin.lat.toFixed(6).padStart(11)} ${bin.lng.toFixed(6).padStart(12)}  ${bin.retailer.id.padEnd(20)} ${bin.details}`);
        }
      }
      return { output: `${lines.join('\n')}${lines.length > 0 ? '\n' : 'No bins.\n'}`, exitCode: 0 };
    }
    case 'remove': {
      if (rest.length === 0) return { output: 'bins remove needs at least one id\n', exitCode: 2 };
      const result = await removeBins(db, rest);
      const lines = [`Removed ${result.removed.length}.`, ...result.unknown.map((id) => `  no bin ${id}`)];
      return { output: `${lines.join('\n')}\n`, exitCode: result.unknown.length > 0 ? 1 : 0 };
    }
    case 'retailers': {
      const lines = (await listRetailers(db)).map((retailer) => `${retailer.id.padEnd(24)} ${String(retailer.bins).padStart(6)} bins  ${retailer.name}`);
      return { output: `${lines.join('\n')}${lines.length > 0 ? '\n' : 'No retailers.\n'}`, exitCode: 0 };
    }
    case 'retailer': {
      const [id] = rest;
      const name = options.name?.trim();
      if (!id || !retailerIdPattern.test(id) || !name || name.length > 200) {
        return { output: 'bins retailer needs an id (lower-case letters, digits, ".", "_", "-") and --name (1–200 characters)\n', exitCode: 2 };
      }
      await saveRetailer(db, { id, name });
      return { output: `Saved retailer ${id}: ${name}\n`, exitCode: 0 };
    }
    default:
      return { output: `unknown bins command ${subcommand ?? ''}\n\n${binsUsage}`, exitCode: 2 };
  }
}

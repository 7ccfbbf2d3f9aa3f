import { binImportReasons, retailerIdPattern } from '#domain/schemas/bins-import';
import { countryCodes, isCountryCode } from '#domain/markets';
import { BinsFileError, csvColumns, parseBinsFile } from '../../modules/bins/import-file';
import { importBins, listBins, listRetailers, removeBins, saveRetailer, type ImportReport } from '../../modules/bins/service';
import type { CliArguments } from './args';
import { CliUsageError, type CliIo } from './types';

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
    lines.push(
      `  row ${rejected.row}${rejected.id ? ` (${rejected.id})` : ''}: ${rejected.reasons.map((reason) => binImportReasons[reason]).join('; ')}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The input file of `bins import <file>`: the CLI sends it along when the server runs the command. */
export function binsInputFiles({ positionals }: CliArguments): string[] {
  const [action, file] = positionals;
  return action === 'import' && file ? [file] : [];
}

/** `bins import|list|remove|retailers|retailer …`: return bins and their retailers. */
export async function binsCommand({ values, positionals }: CliArguments, io: CliIo): Promise<number> {
  const [action, ...rest] = positionals;
  switch (action) {
    case 'import': {
      const [file] = rest;
      if (!file) throw new CliUsageError(`bins import needs a file\n\n${binsUsage}`);
      let text: string;
      try {
        text = io.readFile(file);
      } catch (error) {
        throw new CliUsageError(`${file}: ${error instanceof Error ? error.message : String(error)}`);
      }
      let rows;
      try {
        rows = parseBinsFile(file, text);
      } catch (error) {
        if (error instanceof BinsFileError) throw new CliUsageError(`${file}: ${error.message}`);
        throw error;
      }
      const dryRun = values['dry-run'] === true;
      const report = await importBins(io.db, io.actor, rows, { dryRun });
      io.out(formatImportReport(report, dryRun));
      // Some rows rejected: the others are imported, and the exit code says it was not clean.
      return report.rejected.length > 0 ? 1 : 0;
    }
    case 'list': {
      if (values.country !== undefined && !isCountryCode(values.country))
        throw new CliUsageError(`--country must be one of ${countryCodes.join(', ')}`);
      const countries = values.country !== undefined && isCountryCode(values.country) ? [values.country] : countryCodes;
      const lines: string[] = [];
      for (const country of countries) {
        for (const bin of await listBins(io.db, country, 'en')) {
          lines.push(
            `${bin.id.padEnd(24)} ${country}  ${bin.lat.toFixed(6).padStart(11)} ${bin.lng.toFixed(6).padStart(12)}  ${bin.retailer.id.padEnd(20)} ${bin.details}`,
          );
        }
      }
      io.out(lines.length > 0 ? `${lines.join('\n')}\n` : 'No bins.\n');
      return 0;
    }
    case 'remove': {
      if (rest.length === 0) throw new CliUsageError('bins remove needs at least one id');
      const result = await removeBins(io.db, io.actor, rest);
      io.out(`${[`Removed ${result.removed.length}.`, ...result.unknown.map((id) => `  no bin ${id}`)].join('\n')}\n`);
      return result.unknown.length > 0 ? 1 : 0;
    }
    case 'retailers': {
      const lines = (await listRetailers(io.db)).map(
        (retailer) => `${retailer.id.padEnd(24)} ${String(retailer.bins).padStart(6)} bins  ${retailer.name}`,
      );
      io.out(lines.length > 0 ? `${lines.join('\n')}\n` : 'No retailers.\n');
      return 0;
    }
    case 'retailer': {
      const [id] = rest;
      const name = values.name?.trim();
      if (!id || !retailerIdPattern.test(id) || !name || name.length > 200) {
        throw new CliUsageError('bins retailer needs an id (lower-case letters, digits, ".", "_", "-") and --name (1–200 characters)');
      }
      await saveRetailer(io.db, io.actor, { id, name });
      io.out(`Saved retailer ${id}: ${name}\n`);
      return 0;
    }
    default:
      throw new CliUsageError(`unknown bins command ${action ?? ''}\n\n${binsUsage}`);
  }
}

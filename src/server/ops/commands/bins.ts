import { runBinsCommand } from '../../modules/bins/ops';
import type { OpsArguments } from './args';
import type { OpsIo } from './types';

/** The input file of `bins import <file>`: the CLI sends it along when the server runs the command. */
export function binsInputFiles({ positionals }: OpsArguments): string[] {
  const [action, file] = positionals;
  return action === 'import' && file ? [file] : [];
}

/** `bins import|list|remove|retailers|retailer …`: return bins and their retailers. */
export async function binsCommand({ values, positionals }: OpsArguments, io: OpsIo): Promise<number> {
  const result = await runBinsCommand(io.db, positionals, {
    country: values.country,
    name: values.name,
    dryRun: values['dry-run'],
    readFile: (name) => io.readFile(name),
  });
  // Exit code 2 is a usage mistake: its text goes where errors go.
  (result.exitCode === 2 ? io.err : io.out)(result.output);
  return result.exitCode;
}

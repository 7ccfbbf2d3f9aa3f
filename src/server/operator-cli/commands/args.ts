import { parseArgs } from 'node:util';
import { countryCodes, isCountryCode, type CountryCode } from '#domain/markets';
import { CliUsageError } from './types';

const options = {
  product: { type: 'string' },
  count: { type: 'string' },
  out: { type: 'string' },
  columns: { type: 'string' },
  country: { type: 'string' },
  limit: { type: 'string' },
  note: { type: 'string' },
  reason: { type: 'string' },
  scan: { type: 'string' },
  code: { type: 'string' },
  email: { type: 'string' },
  user: { type: 'string' },
  amount: { type: 'string' },
  comment: { type: 'string' },
  id: { type: 'string' },
  draft: { type: 'boolean' },
  all: { type: 'boolean' },
  name: { type: 'string' },
  'dry-run': { type: 'boolean' },
  reference: { type: 'string' },
  cancel: { type: 'boolean' },
  'new-key': { type: 'string' },
  repeat: { type: 'string' },
  answer: { type: 'string' },
  grams: { type: 'string' },
  source: { type: 'string' },
  clear: { type: 'boolean' },
  roles: { type: 'string' },
  record: { type: 'string' },
  actor: { type: 'string' },
  undo: { type: 'string' },
  'may-approve': { type: 'boolean' },
  language: { type: 'string' },
  subject: { type: 'string' },
  action: { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  csv: { type: 'boolean' },
  full: { type: 'boolean' },
} as const;

type ParsedValues = ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>['values'];

/** One command line: the command, its options (the country checked) and its positionals. */
export interface CliArguments {
  command: string;
  values: Omit<ParsedValues, 'country'> & { country?: CountryCode };
  positionals: string[];
}

/** `--amount -1.50` is an amount, not an option: rewrite it as `--amount=-1.50`. */
function normalizeAmount(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const next = args[index + 1];
    if (args[index] === '--amount' && next !== undefined && /^-\d/.test(next)) {
      out.push(`--amount=${next}`);
      index += 1;
    } else {
      out.push(args[index]!);
    }
  }
  return out;
}

/** A `--limit N` option: `fallback` when absent, else a whole number from 1 to `max` (CliUsageError with `message`). */
export function limitOption(raw: string | undefined, fallback: number, max: number, message: string): number {
  const limit = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(limit) || limit < 1 || limit > max) throw new CliUsageError(message);
  return limit;
}

export function isHelpRequest(argv: readonly string[]): boolean {
  const [command] = argv;
  return !command || command === 'help' || command === '--help';
}

/** Parse a command line (without the help case); a mistake throws CliUsageError. */
export function parseCliArguments(argv: readonly string[], usage: string): CliArguments {
  const [command = '', ...rest] = argv;
  let parsed;
  try {
    parsed = parseArgs({ args: normalizeAmount(rest), allowPositionals: true, options });
  } catch (error) {
    throw new CliUsageError(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
  }
  const { country, ...values } = parsed.values;
  if (country !== undefined && !isCountryCode(country)) throw new CliUsageError(`--country is one of ${countryCodes.join(', ')}`);
  return { command, values: { ...values, ...(country !== undefined ? { country } : {}) }, positionals: parsed.positionals };
}

import { missingTextLanguages } from '#domain/schemas/missing-texts';
import { listMissingTexts } from '../../modules/content/missing-texts';
import { isContentNamespace } from '#domain/content/namespaces';
import { isSupportedLocale } from '#domain/markets';
import { editsFromImport, publishDrafts, readNamespace, setContent } from '../../modules/content/content';
import { terminalField } from '../terminal-text';
import { limitOption, type CliArguments } from './args';
import { CliUsageError, type CliIo } from './types';

/** The input file of `content import <file.json>`: the CLI sends it along when the server runs the command. */
export function contentInputFiles({ positionals }: CliArguments): string[] {
  const [action, file] = positionals;
  return action === 'import' && file ? [file] : [];
}

/** `content show|set|import|publish …`: page texts, live at once or as drafts. */
export async function contentCommand({ values, positionals }: CliArguments, io: CliIo, usage: string): Promise<number> {
  const [action, ...args] = positionals;
  const status = values.draft ? 'draft' : 'published';
  if (action === 'show') {
    const [locale, namespace] = args;
    if (!isSupportedLocale(locale) || !isContentNamespace(namespace))
      throw new CliUsageError('content show needs a locale and a namespace');
    io.out(`${JSON.stringify(await readNamespace(io.db, locale, namespace, status), null, 2)}\n`);
  } else if (action === 'set') {
    const [locale, namespace, key, ...words] = args;
    if (!locale || !namespace || !key || words.length === 0) throw new CliUsageError('content set needs <locale> <namespace> <key> <text>');
    await setContent(io.db, io.actor, [{ locale, namespace, key, text: words.join(' ') }], status);
    io.out(`${status === 'draft' ? 'Draft saved' : 'Published'}: ${locale} ${namespace} ${key}\n`);
  } else if (action === 'import') {
    const [file] = args;
    if (!file) throw new CliUsageError('content import needs a JSON file');
    let parsedFile: unknown;
    try {
      parsedFile = JSON.parse(io.readFile(file));
    } catch (error) {
      throw new CliUsageError(`${file} is not readable JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
    const count = await setContent(io.db, io.actor, editsFromImport(parsedFile), status, 'content.import');
    io.out(`${count} text(s) ${status === 'draft' ? 'saved as drafts' : 'published'}\n`);
  } else if (action === 'publish') {
    const [locale, namespace] = args;
    if (!locale) throw new CliUsageError('content publish needs a locale');
    io.out(`${await publishDrafts(io.db, io.actor, locale, namespace)} draft(s) published\n`);
  } else if (action === 'missing') {
    // `content missing [<locale>] [--limit N]`: what the app reported it lacked, most reported first.
    const [locale] = args;
    if (locale !== undefined && !(missingTextLanguages as readonly string[]).includes(locale))
      throw new CliUsageError(`content missing takes a locale among ${missingTextLanguages.join(', ')}`);
    const limit = limitOption(values.limit, 200, 1000, '--limit is 1…1000');
    const rows = await listMissingTexts(io.db, { ...(locale ? { locale } : {}), limit });
    for (const row of rows) {
      io.out(
        `${String(row.count).padStart(6)}  ${terminalField(row.locale).padEnd(6)} ${terminalField(row.namespace).padEnd(16)} ${terminalField(row.key)}  (last ${row.last_seen_at}, first ${row.first_seen_at})\n`,
      );
      if (row.fallback) io.out(`        shown instead: ${terminalField(JSON.stringify(row.fallback))}\n`);
    }
    if (rows.length === 0) io.out('No missing texts reported.\n');
  } else {
    throw new CliUsageError(`content needs show, set, import, publish or missing\n\n${usage}`);
  }
  return 0;
}

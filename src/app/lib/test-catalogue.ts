import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';

/**
 * For unit tests of texts: a committed .po catalogue compiled the way the build does (ids are hashes
 * of the source text), so a test reads what a person would, without `npm run build`.
 */
export function compiledCatalogue(locale: string): Messages {
  const text = readFileSync(path.join(import.meta.dirname, '../locales', locale, 'messages.po'), 'utf8');
  const messages: Messages = {};
  const unescape = (value: string) => value.replace(/\\"/g, '"').replace(/\\\\/g, '\\');
  for (const match of text.matchAll(/^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"/gm)) {
    if (match[1]) messages[generateMessageId(unescape(match[1]))] = compileMessage(unescape(match[2]!));
  }
  return messages;
}

import { i18n } from '@lingui/core';
import { missingTextLimits } from '#domain/missing-text-limits';
import { apiRequest } from './api';

/**
 * Reports texts the app had to do without (`POST /locales/add/{lng}/{ns}`): a page text the
 * server's content lacks (the bundled one shows instead), and in production builds an interface
 * message missing from the loaded Lingui catalogue. Once per key per tab session (sessionStorage),
 * a couple of seconds after it is seen, in the background: nothing waits for it, a failure is
 * ignored, and nothing is sent while offline (the key is then reported when next seen online).
 */

const sessionKey = 'missing_texts_reported';
const delayMs = 2_000;

let reported: Set<string> | undefined;
const waiting = new Map<string, { lng: string; ns: string; texts: Record<string, string> }>();
let timer: ReturnType<typeof setTimeout> | undefined;

function reportedKeys(): Set<string> {
  if (reported) return reported;
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(sessionKey) ?? '[]');
    reported = new Set(Array.isArray(stored) ? stored.filter((entry): entry is string => typeof entry === 'string') : []);
  } catch {
    reported = new Set();
  }
  return reported;
}

function remember(ids: readonly string[]) {
  const keys = reportedKeys();
  for (const id of ids) keys.add(id);
  try {
    sessionStorage.setItem(sessionKey, JSON.stringify([...keys]));
  } catch {
    // Storage full or refused: the memory set still holds them for this page's life.
  }
}

async function flush() {
  timer = undefined;
  const batches = [...waiting.values()];
  waiting.clear();
  if (!navigator.onLine) return;
  for (const batch of batches) {
    const entries = Object.entries(batch.texts);
    for (let start = 0; start < entries.length; start += missingTextLimits.keysPerReport) {
      const part = entries.slice(start, start + missingTextLimits.keysPerReport);
      remember(part.map(([key]) => `${batch.lng}|${batch.ns}|${key}`));
      await apiRequest(`/locales/add/${encodeURIComponent(batch.lng)}/${encodeURIComponent(batch.ns)}`, {
        method: 'POST',
        body: Object.fromEntries(part),
      }).catch(() => undefined);
    }
  }
}

export function reportMissingText(lng: string, ns: string, key: string, shownInstead: string): void {
  const id = `${lng}|${ns}|${key}`;
  if (reportedKeys().has(id)) return;
  const batchKey = `${lng}|${ns}`;
  const batch = waiting.get(batchKey) ?? { lng, ns, texts: {} };
  if (key in batch.texts) return;
  batch.texts[key] = shownInstead;
  waiting.set(batchKey, batch);
  timer ??= setTimeout(() => void flush(), delayMs);
}

/**
 * Production builds carry message ids only (the macro strips the English text), and the catalogue
 * test keeps every locale complete; a message missing at run time means a catalogue from another
 * build. Development builds warn in the console instead.
 */
export function watchMissingMessages(): void {
  if (!import.meta.env.PROD) return;
  i18n.on('missing', ({ locale, id }) => reportMissingText(locale, 'messages', id, ''));
}

/**
 * A run of outbox entries sent in one call (flushDue's RunSender), shared by the app
 * (src/app/lib/outbox.ts) and the service worker (sw/outbox-delivery.ts): the call's address and
 * body, and each entry's result read from the answer. Apart from #domain/outbox because it needs
 * the wallet's schemas, which the app's first load does not (outbox.ts is in it; this is not).
 */
import { classify, runEndpoints, type OutboxEntry, type SendResult } from './outbox';
import { readErrorAnswer } from './schemas/error-answers';
import { scanBatchReading } from './schemas/wallet';

/** The call for a run of entries that share one (flushDue only makes such runs): POST /scans/batch with their scans. */
export function runCallOf(entries: OutboxEntry[]): { endpoint: string; body: { scans: unknown[] } } {
  const endpoint = entries[0] ? runEndpoints[entries[0].endpoint] : undefined;
  if (!endpoint) throw new Error('This run of outbox entries has no call that takes them together');
  return { endpoint, body: { scans: entries.map((entry) => entry.payload) } };
}

/**
 * Each entry's result from the call's answer (its JSON body), as if it had been sent alone. An
 * entry the answer does not speak of, or an answer that cannot be read, is tried again later:
 * the server keeps each scan once under its id, so a second send of a recorded one is a replay.
 */
export function runResults(entries: OutboxEntry[], body: unknown): SendResult[] {
  const answer = scanBatchReading.safeParse(body);
  const unread: SendResult = { kind: 'retry', status: 500, code: 'UNKNOWN', message: '' };
  if (!answer.success) return entries.map(() => unread);
  const byId = new Map(answer.data.data.map((item) => [item.id, item]));
  return entries.map((entry) => {
    const item = byId.get(entry.id);
    if (!item) return unread;
    if (item.status >= 200 && item.status < 300) return classify(item.status, '', '');
    const { code, message } = readErrorAnswer({ error: item.error });
    return classify(item.status, code, message);
  });
}

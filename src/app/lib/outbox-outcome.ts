import type { FieldErrorKey } from '#domain/errors';
import { isApiError } from './api';
import { loadDatabase } from './db-loader';
import { dismissOutboxEntry, enqueue, followedEntries, type EnqueueInput } from './outbox';

export type OutboxOutcome =
  | { kind: 'sent' }
  | { kind: 'queued' }
  | { kind: 'refused'; code: string; message: string; fields?: Partial<Record<string, FieldErrorKey>> };

/**
 * Follows a queued action until the outbox has sent it, the server refused it, or a try failed
 * (offline). The caller shows a refusal itself: while followed, the outbox does not announce it.
 */
export async function outboxOutcome(id: string, timeoutMs = 15_000): Promise<OutboxOutcome> {
  const [outcome] = await outboxOutcomes([id], timeoutMs);
  return outcome ?? { kind: 'queued' };
}

/** outboxOutcome for actions queued together (a frame's scans): one read of the outbox for all of them each time. */
export async function outboxOutcomes(ids: string[], timeoutMs = 15_000): Promise<OutboxOutcome[]> {
  for (const id of ids) followedEntries.add(id);
  const outcomes = await firstOutcomes(ids, timeoutMs);
  // A refused id stays followed: the outbox may report that refusal just after we read it. Sent or
  // still waiting, a later refusal has nobody watching and is announced.
  ids.forEach((id, index) => {
    if (outcomes[index]?.kind !== 'refused') followedEntries.delete(id);
  });
  return outcomes;
}

async function firstOutcomes(ids: string[], timeoutMs: number): Promise<OutboxOutcome[]> {
  const deadline = Date.now() + timeoutMs;
  const { db } = await loadDatabase();
  const outcomes = new Map<string, OutboxOutcome>();
  for (;;) {
    const waiting = ids.filter((id) => !outcomes.has(id));
    const entries = await db.outbox.bulkGet(waiting);
    waiting.forEach((id, index) => {
      const entry = entries[index];
      if (!entry) outcomes.set(id, { kind: 'sent' });
      else if (entry.state === 'failed')
        outcomes.set(id, { kind: 'refused', code: entry.lastError?.code ?? '', message: entry.lastError?.message ?? '' });
      else if ((entry.state === 'pending' && (entry.attempts > 0 || !navigator.onLine)) || Date.now() > deadline)
        outcomes.set(id, { kind: 'queued' });
    });
    if (waiting.every((id) => outcomes.has(id))) return ids.map((id) => outcomes.get(id) ?? { kind: 'queued' });
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Queues an action in the outbox and follows its first try. Where the outbox cannot take it
 * (nobody known yet, storage full), it is sent at once with `sendNow`. A refused action leaves the
 * outbox: the form that sent it shows why, right where the person acted.
 */
export async function submitThroughOutbox(input: EnqueueInput & { id: string }, sendNow: () => Promise<unknown>): Promise<OutboxOutcome> {
  try {
    await enqueue(input);
  } catch {
    try {
      await sendNow();
      return { kind: 'sent' };
    } catch (error) {
      if (isApiError(error) && error.status > 0) return { kind: 'refused', code: error.code, message: error.message, fields: error.fields };
      return { kind: 'queued' };
    }
  }
  const outcome = await outboxOutcome(input.id);
  if (outcome.kind === 'refused') await dismissOutboxEntry(input.id);
  return outcome;
}

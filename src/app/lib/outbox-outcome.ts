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
  followedEntries.add(id);
  const outcome = await firstOutcome(id, timeoutMs);
  // A refused id stays followed: the outbox may report that refusal just after we read it. Sent or
  // still waiting, a later refusal has nobody watching and is announced.
  if (outcome.kind !== 'refused') followedEntries.delete(id);
  return outcome;
}

async function firstOutcome(id: string, timeoutMs: number): Promise<OutboxOutcome> {
  const deadline = Date.now() + timeoutMs;
  const { db } = await loadDatabase();
  for (;;) {
    const entry = await db.outbox.get(id);
    if (!entry) return { kind: 'sent' };
    if (entry.state === 'failed') return { kind: 'refused', code: entry.lastError?.code ?? '', message: entry.lastError?.message ?? '' };
    if ((entry.state === 'pending' && (entry.attempts > 0 || !navigator.onLine)) || Date.now() > deadline) return { kind: 'queued' };
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

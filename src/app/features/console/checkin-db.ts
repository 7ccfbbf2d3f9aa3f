import { Dexie, type EntityTable } from 'dexie';
import type { OutboxEntry } from '#domain/outbox';

export { liveQuery } from 'dexie';

/** The codes of the batch being gathered, one per operator: on disk from the first code. */
export interface CheckInDraft {
  /** The operator's id (their session's `operator.id`). */
  owner: string;
  codes: string[];
  /** Codes removed by hand: the camera does not bring them back while their labels stay in view. */
  removed: string[];
  updatedAt: number;
}

/**
 * The console's own IndexedDB database, apart from the customer's (`roundtrip`, which a customer's
 * sign-out empties): a facility phone keeps an operator's batch through a reload, a closed tab, the
 * end of their session and a customer signing in or out on the same device.
 */
class ConsoleDatabase extends Dexie {
  drafts!: EntityTable<CheckInDraft, 'owner'>;
  /** Batches sent with "Check in", kept until the server answers; the outbox's shape and rules (#domain/outbox). */
  kept!: EntityTable<OutboxEntry, 'id'>;

  constructor() {
    super('roundtrip-console');
    this.version(1).stores({ drafts: 'owner', kept: 'id, owner, createdAt' });
  }
}

export const consoleDatabase = new ConsoleDatabase();

import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { isLockConflict } from '../../db/errors';
import { ApiError } from '../../http/api-error';

/**
 * Takes the customers' own lock, their customer_versions row (migration 0008), for every one of
 * `userIds`, in user id order, creating the rows that are missing (at version 0, which is what a
 * missing row reads as); the version itself does not change, so no reader is told of a change.
 *
 * Every write raises the version of each customer whose data it changes, and holds that row to
 * its commit: the row is the one lock all the customer's writers meet. A write of several
 * customers that let its statements take those rows as they came (a scan at a time, in scan id
 * order) took them in a different order in each batch, and two batches sharing customers
 * deadlocked. Taken first, together and in one order, the later raises of the same transaction
 * find them held already, and the scans, balances and history rows of these customers are only
 * ever locked by a transaction holding them: writers of the same customers take turns here.
 */
export async function lockCustomers(tx: Executor, userIds: Iterable<string>): Promise<void> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return;
  await tx.execute(sql`
    insert into customer_versions as v (user_id, version)
    select id, 0 from unnest(array[${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}]::uuid[]) as ids(id) order by id
    on conflict (user_id) do update set version = v.version`);
}

/** How many times a write that lost to a deadlock or a serialization failure is tried in all. */
export const lockConflictTries = 3;

/**
 * Runs a whole write transaction again when PostgreSQL ended it for a deadlock or a serialization
 * failure (it rolled everything back, so running it again is safe): up to `lockConflictTries`
 * times, after a short random pause that grows with each try so that the writers that met do not
 * meet again. Writes that lock their customers first (lockCustomers) rarely get here; a conflict
 * with a writer that does not is settled this way. When every try lost, the caller is told to
 * come back (503 SERVICE_BUSY, Retry-After), never a 500.
 */
export async function retryLockConflicts<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      if (!isLockConflict(error)) throw error;
      if (attempt >= lockConflictTries) throw new ApiError(503, 'SERVICE_BUSY', undefined, 1, undefined, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}

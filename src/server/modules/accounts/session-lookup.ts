import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client';
import { accessTokens, customerVersions, sessionFamilies, users } from '../../db/schema';

/**
 * Who is calling, and the version of their data (customer_versions) at the time of the check: the
 * key of their cached answers and ETags.
 */
export interface AuthenticatedSession {
  userId: string;
  familyId: string;
  version: number;
}

export interface SessionLookup {
  /** The live session of an access token (by its hash), or undefined: unknown, expired, revoked, or its customer deleted. */
  find(tokenHash: string, now: Date): Promise<AuthenticatedSession | undefined>;
}

/** NOTIFY channel of customer_versions_raise (migration 0008): payload `<user id>:<version>`. */
export const customerVersionChannel = 'roundtrip_customer';

interface FoundSession extends AuthenticatedSession {
  expiresAt: Date;
}

/**
 * One statement, prepared once: the token, its family, its customer and their version. On
 * PostgreSQL this runs on every authenticated call, which is what keeps a revocation through any
 * instance effective at once on all of them.
 */
function prepareSessionQuery(db: Database) {
  const statement = db
    .select({
      userId: accessTokens.userId,
      familyId: accessTokens.familyId,
      expiresAt: accessTokens.expiresAt,
      version: sql<string | number | null>`${customerVersions.version}`,
    })
    .from(accessTokens)
    .innerJoin(sessionFamilies, eq(sessionFamilies.id, accessTokens.familyId))
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .leftJoin(customerVersions, eq(customerVersions.userId, accessTokens.userId))
    .where(
      and(
        eq(accessTokens.tokenHash, sql.placeholder('tokenHash')),
        gt(accessTokens.expiresAt, sql.placeholder('now')),
        isNull(sessionFamilies.revokedAt),
        isNull(users.deletedAt),
      ),
    )
    .limit(1)
    .prepare('roundtrip_find_access_session');
  return async (tokenHash: string, now: Date): Promise<FoundSession | undefined> => {
    const [row] = await statement.execute({ tokenHash, now });
    if (!row) return undefined;
    return { userId: row.userId, familyId: row.familyId, expiresAt: new Date(row.expiresAt), version: Number(row.version ?? 0) };
  };
}

/** Shared database (PostgreSQL, any number of instances): ask the database every time. */
export function databaseSessionLookup(db: Database): SessionLookup {
  const query = prepareSessionQuery(db);
  return {
    async find(tokenHash, now) {
      const found = await query(tokenHash, now);
      return found && { userId: found.userId, familyId: found.familyId, version: found.version };
    },
  };
}

/**
 * Embedded database (PGlite): this process is its only writer (the folder lock), and PGlite hands
 * each NOTIFY to us before the writer's COMMIT returns. So a version learnt from the channel is
 * the truth the moment anything could read it, and a session checked at version v stays valid
 * while its customer is still at v and its token has not expired: sign-out, revocation, password
 * change and deletion all raise the version in their own transaction. A call that finds the
 * customer at another version asks the database again.
 */
export async function inProcessSessionLookup(
  db: Database,
  listen: (channel: string, onPayload: (payload: string) => void) => Promise<void>,
  limits: { sessions: number; customers: number } = { sessions: 50_000, customers: 50_000 },
): Promise<SessionLookup> {
  const query = prepareSessionQuery(db);
  const versions = new LRUCache<string, number>({ max: limits.customers });
  const sessions = new LRUCache<string, FoundSession>({ max: limits.sessions });
  // Checks of one token that overlap share one query, unless anything changed since it started
  // (then the later call must see the change, and asks on its own).
  const inFlight = new Map<string, { changesSeen: number; found: Promise<FoundSession | undefined> }>();
  let changes = 0;
  const learn = (userId: string, version: number) => {
    // Versions only go up; a late answer of an older read must not take one back.
    if ((versions.get(userId) ?? -1) < version) versions.set(userId, version);
  };
  await listen(customerVersionChannel, (payload) => {
    const [userId, version] = payload.split(':');
    changes += 1;
    if (userId && version) learn(userId, Number(version));
  });
  const queryOnce = (tokenHash: string, now: Date) => {
    const running = inFlight.get(tokenHash);
    if (running && running.changesSeen === changes) return running.found;
    const found = query(tokenHash, now).finally(() => {
      if (inFlight.get(tokenHash)?.found === found) inFlight.delete(tokenHash);
    });
    inFlight.set(tokenHash, { changesSeen: changes, found });
    return found;
  };
  return {
    async find(tokenHash, now) {
      const cached = sessions.get(tokenHash);
      if (cached && cached.expiresAt > now && versions.get(cached.userId) === cached.version) {
        return { userId: cached.userId, familyId: cached.familyId, version: cached.version };
      }
      const found = await queryOnce(tokenHash, now);
      if (!found || found.expiresAt <= now) {
        sessions.delete(tokenHash);
        return undefined;
      }
      learn(found.userId, found.version);
      // Kept only when nothing moved while the query ran; otherwise the next call checks again.
      if (versions.get(found.userId) === found.version) sessions.set(tokenHash, found);
      return { userId: found.userId, familyId: found.familyId, version: found.version };
    },
  };
}

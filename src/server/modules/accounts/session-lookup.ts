import { and, eq, isNull, sql } from 'drizzle-orm';
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
  /**
   * The customer's market as of the check: read with the token in the same statement, so a
   * customer's own reads need no lookup of their account (an account change is a session change,
   * so a kept check never carries an old one).
   */
  countryCode: string;
}

export interface SessionLookup {
  /** The live session of an access token (by its hash), or undefined: unknown, expired, revoked, or its customer deleted. */
  find(tokenHash: string, now: Date): Promise<AuthenticatedSession | undefined>;
}

/** NOTIFY channel of customer_versions_raise (migration 0008): payload `<user id>:<version>`. */
export const customerVersionChannel = 'roundtrip_customer';

/** A live session as the database holds it; whether it has expired is the caller's to say. */
export interface FoundSession extends AuthenticatedSession {
  expiresAt: Date;
}

/** Each token's session, by hash, for the tokens whose family is alive and whose customer exists. */
export type SessionQuery = (tokenHashes: string[]) => Promise<Map<string, FoundSession>>;

/** Up to this many token checks share one statement. */
const checksPerStatement = 64;

/**
 * One statement, prepared once, for one token or many: each token's family, customer and their
 * version, if the family is alive and the customer not deleted. Expiry is the caller's to check
 * (against its own clock). On PostgreSQL the calls that arrived while the event loop was busy
 * with others go together; every check still runs after its call arrived, so it sees every
 * revocation committed before that.
 */
function prepareSessionQuery(db: Database): SessionQuery {
  const statement = db
    .select({
      tokenHash: accessTokens.tokenHash,
      userId: accessTokens.userId,
      familyId: accessTokens.familyId,
      expiresAt: accessTokens.expiresAt,
      countryCode: users.countryCode,
      version: sql<string | number | null>`${customerVersions.version}`,
    })
    .from(accessTokens)
    .innerJoin(sessionFamilies, eq(sessionFamilies.id, accessTokens.familyId))
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .leftJoin(customerVersions, eq(customerVersions.userId, accessTokens.userId))
    .where(
      and(
        sql`${accessTokens.tokenHash} = any(${sql.placeholder('tokenHashes')}::text[])`,
        isNull(sessionFamilies.revokedAt),
        isNull(users.deletedAt),
      ),
    )
    .prepare('roundtrip_find_access_sessions');
  return async (tokenHashes: string[]): Promise<Map<string, FoundSession>> => {
    const rows = await statement.execute({ tokenHashes });
    return new Map(
      rows.map((row) => [
        row.tokenHash,
        {
          userId: row.userId,
          familyId: row.familyId,
          countryCode: row.countryCode,
          expiresAt: new Date(row.expiresAt),
          version: Number(row.version ?? 0),
        },
      ]),
    );
  };
}

/**
 * Shared database (PostgreSQL, any number of instances): ask the database for every call, so a
 * revocation through any instance holds on all of them at once (the checks' own connections,
 * DatabaseHandle.checksDb).
 */
export function databaseSessionLookup(db: Database, options: { connections: number }): SessionLookup {
  return batchedSessionLookup(prepareSessionQuery(db), options);
}

/**
 * The checks of `databaseSessionLookup`, sent through `query`. A check goes to the database at once
 * when no statement is out: waiting for the turn of the event loop to end (setImmediate) put it
 * behind every writer's answer of that turn (bench/results/history.md). While one is out, the checks
 * that arrive wait for it and go together in one statement as soon as it comes back; another
 * statement starts beside it, up to `connections`, only for a full one (`checksPerStatement`
 * waiting). A statement costs the same whatever it carries (its writes on the socket, PostgreSQL's
 * turn on a core the server shares): three out at once split 32 phones' checks into many small
 * statements, and `GET /user` on PostgreSQL answered 0.43 of `/healthz`'s rate, 0.58 with one out
 * at a time. Every check still runs after its call arrived, so it sees every revocation committed
 * before that.
 */
export function batchedSessionLookup(query: SessionQuery, options: { connections: number }): SessionLookup {
  const waiting: { tokenHash: string; now: Date; settle: (found: FoundSession | undefined) => void; fail: (error: unknown) => void }[] = [];
  let out = 0;
  let flushQueued = false;
  const flush = () => {
    flushQueued = false;
    while (waiting.length > 0 && out < options.connections && (out === 0 || waiting.length >= checksPerStatement)) {
      const batch = waiting.splice(0, checksPerStatement);
      out += 1;
      query([...new Set(batch.map((check) => check.tokenHash))])
        .then(
          (found) => {
            for (const check of batch) {
              const session = found.get(check.tokenHash);
              check.settle(session && session.expiresAt > check.now ? session : undefined);
            }
          },
          (error: unknown) => {
            for (const check of batch) check.fail(error);
          },
        )
        .finally(() => {
          out -= 1;
          flush();
        });
    }
  };
  return {
    async find(tokenHash, now) {
      const found = await new Promise<FoundSession | undefined>((settle, fail) => {
        waiting.push({ tokenHash, now, settle, fail });
        // After this call's own microtasks: checks started by the same callback go together.
        if (!flushQueued) {
          flushQueued = true;
          queueMicrotask(flush);
        }
      });
      return found && { userId: found.userId, familyId: found.familyId, countryCode: found.countryCode, version: found.version };
    },
  };
}

/** NOTIFY channel of sessions_changed_notify (migration 0008): payload `<user id>`. */
export const sessionChannel = 'roundtrip_session';

/**
 * Embedded database (PGlite): this process is its only writer (the folder lock), and PGlite hands
 * each NOTIFY to us before the writer's COMMIT returns. So what the two channels say is the truth
 * the moment anything could read it:
 * - a checked session stays valid until its token expires or its customer's sessions change
 *   (sign-out, revocation, a password change, deletion: `roundtrip_session`);
 * - the customer's data version is the last one announced on `roundtrip_customer`.
 * A scan, a credit or a withdrawal changes the data, not the session: the next call reuses its check.
 */
export async function inProcessSessionLookup(
  db: Database,
  listen: (channel: string, onPayload: (payload: string) => void) => Promise<void>,
  limits: { sessions: number; customers: number } = { sessions: 50_000, customers: 50_000 },
): Promise<SessionLookup> {
  const query = prepareSessionQuery(db);
  const versions = new LRUCache<string, number>({ max: limits.customers });
  const tokensOf = new Map<string, Set<string>>();
  const sessions = new LRUCache<string, FoundSession>({
    max: limits.sessions,
    dispose: (found, tokenHash) => {
      const tokens = tokensOf.get(found.userId);
      tokens?.delete(tokenHash);
      if (tokens?.size === 0) tokensOf.delete(found.userId);
    },
  });
  // Raised by every session change: a check that started before one is not kept, and overlapping
  // checks of one token share a query only while nothing changed.
  let sessionChanges = 0;
  const inFlight = new Map<string, { changesSeen: number; found: Promise<FoundSession | undefined> }>();

  const learn = (userId: string, version: number) => {
    // Versions only go up; a late answer of an older read must not take one back.
    if ((versions.get(userId) ?? -1) < version) versions.set(userId, version);
  };
  await listen(customerVersionChannel, (payload) => {
    const [userId, version] = payload.split(':');
    if (userId && version) learn(userId, Number(version));
  });
  await listen(sessionChannel, (userId) => {
    sessionChanges += 1;
    for (const tokenHash of [...(tokensOf.get(userId) ?? [])]) sessions.delete(tokenHash);
  });

  const remember = (tokenHash: string, found: FoundSession) => {
    sessions.set(tokenHash, found);
    let tokens = tokensOf.get(found.userId);
    if (!tokens) tokensOf.set(found.userId, (tokens = new Set()));
    tokens.add(tokenHash);
  };

  const queryOnce = (tokenHash: string, now: Date) => {
    const running = inFlight.get(tokenHash);
    if (running && running.changesSeen === sessionChanges) return running.found;
    const changesSeen = sessionChanges;
    const found = query([tokenHash])
      .then((byHash) => {
        const result = byHash.get(tokenHash);
        if (result && result.expiresAt > now && changesSeen === sessionChanges) remember(tokenHash, result);
        return result;
      })
      .finally(() => {
        if (inFlight.get(tokenHash)?.found === found) inFlight.delete(tokenHash);
      });
    inFlight.set(tokenHash, { changesSeen, found });
    return found;
  };

  return {
    async find(tokenHash, now) {
      const cached = sessions.get(tokenHash);
      if (cached && cached.expiresAt > now) {
        const version = versions.get(cached.userId);
        if (version !== undefined) return { userId: cached.userId, familyId: cached.familyId, countryCode: cached.countryCode, version };
      }
      const found = await queryOnce(tokenHash, now);
      if (!found || found.expiresAt <= now) return undefined;
      learn(found.userId, found.version);
      return {
        userId: found.userId,
        familyId: found.familyId,
        countryCode: found.countryCode,
        version: versions.get(found.userId) ?? found.version,
      };
    },
  };
}

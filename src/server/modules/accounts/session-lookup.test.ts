import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { accessTokens, users } from '../../db/schema';
import { createTestDatabase, databaseKinds } from '../../testing/databases';
import { sha256Hex } from './secrets';
import { databaseSessionLookup } from './session-lookup';
import { revokeFamily, startSession } from './sessions';

describe.each(databaseKinds)('access-token checks that ask the database (%s)', (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  const now = () => new Date();

  /** A customer signed in once: their id, the hash of their access token, and its session family. */
  async function signedIn(index: number) {
    const [user] = await database.db
      .insert(users)
      .values({ email: `lookup.${index}.${Date.now()}@example.com`, name: 'Lookup', countryCode: 'us', locale: 'en-US' })
      .returning({ id: users.id });
    const tokens = await startSession({ config: loadConfig({}), db: database.db, now }, user!.id, 'test');
    const tokenHash = sha256Hex(tokens.access_token);
    const [token] = await database.db
      .select({ familyId: accessTokens.familyId })
      .from(accessTokens)
      .where(eq(accessTokens.tokenHash, tokenHash));
    return { userId: user!.id, tokenHash, familyId: token!.familyId };
  }

  /** Lets the microtasks run: a check started before this has gone to the database. */
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

  it('answers checks that wait for its one connection, each with its own customer, unknown tokens refused', async () => {
    const lookup = databaseSessionLookup(database.db, { connections: 1 });
    const people = await Promise.all(Array.from({ length: 6 }, (_, index) => signedIn(index)));
    // The first check holds the only connection; the others arrive one by one while it is out.
    const checks: Promise<unknown>[] = [lookup.find(people[0]!.tokenHash, now())];
    await Promise.resolve();
    for (const person of people.slice(1)) {
      checks.push(lookup.find(person.tokenHash, now()));
      checks.push(lookup.find(sha256Hex(`not a token ${person.userId}`), now()));
      await Promise.resolve();
    }
    const found = await Promise.all(checks);
    expect(found.filter((session) => session !== undefined).map((session) => (session as { userId: string }).userId)).toEqual(
      people.map((person) => person.userId),
    );
    expect(found.filter((session) => session === undefined)).toHaveLength(people.length - 1);
  });

  it('refuses a token whose session was revoked before its check arrived, beside a check started before the revocation', async () => {
    const lookup = databaseSessionLookup(database.db, { connections: 1 });
    const [kept, revoked] = [await signedIn(100), await signedIn(101)];
    expect(await lookup.find(revoked.tokenHash, now())).toMatchObject({ userId: revoked.userId });
    const earlier = lookup.find(kept.tokenHash, now());
    await revokeFamily(database.db, revoked.familyId, now());
    const after = lookup.find(revoked.tokenHash, now());
    await turn();
    expect(await earlier).toMatchObject({ userId: kept.userId, familyId: kept.familyId });
    expect(await after).toBeUndefined();
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { accessTokens, users } from '../../db/schema';
import { createTestDatabase, databaseKinds } from '../../testing/databases';
import { sha256Hex } from './secrets';
import { batchedSessionLookup, databaseSessionLookup, type FoundSession } from './session-lookup';
import { revokeFamily, startSession } from './sessions';

/** Lets the microtasks run: a check started before this has gone to the database, or waits for its turn. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

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

describe('access-token checks in statements', () => {
  /** A database whose statements answer when the test says: each one's tokens, in the order sent. */
  function heldDatabase(known: ReadonlyMap<string, FoundSession>) {
    const statements: { tokenHashes: string[]; answer: () => void }[] = [];
    const query = (tokenHashes: string[]) =>
      new Promise<Map<string, FoundSession>>((resolve) => {
        const found = new Map(tokenHashes.flatMap((hash) => (known.has(hash) ? [[hash, known.get(hash)!] as const] : [])));
        statements.push({ tokenHashes, answer: () => resolve(found) });
      });
    return { statements, query };
  }
  const at = new Date('2026-11-30T12:00:00Z');
  const session = (userId: string, expiresAt: Date): FoundSession => ({
    userId,
    familyId: `family-${userId}`,
    countryCode: 'us',
    version: 1,
    expiresAt,
  });
  const later = new Date(at.getTime() + 60_000);

  it('sends the checks that arrive while a statement is out together in the next one, and a second beside it only for a full one', async () => {
    const known = new Map([
      ['first', session('u-first', later)],
      ...Array.from({ length: 80 }, (_, index) => [`phone-${index}`, session(`u-${index}`, later)] as const),
      ['expired', session('u-expired', new Date(at.getTime() - 1))],
    ]);
    const database = heldDatabase(known);
    const lookup = batchedSessionLookup(database.query, { connections: 3 });

    const first = lookup.find('first', at);
    await turn();
    expect(database.statements.map((statement) => statement.tokenHashes)).toEqual([['first']]);

    // Ten phones, one after another, while the first statement is out: they wait for it.
    const phones: Promise<unknown>[] = [];
    for (let index = 0; index < 10; index++) {
      phones.push(lookup.find(`phone-${index}`, at));
      await turn();
    }
    const unknown = lookup.find('not a token', at);
    const expired = lookup.find('expired', at);
    await turn();
    expect(database.statements).toHaveLength(1);

    database.statements[0]!.answer();
    await turn();
    expect(database.statements).toHaveLength(2);
    expect(database.statements[1]!.tokenHashes).toEqual([
      ...Array.from({ length: 10 }, (_, index) => `phone-${index}`),
      'not a token',
      'expired',
    ]);

    // A full statement's worth arrives while that one is out: it goes beside it at once.
    for (let index = 10; index < 80; index++) phones.push(lookup.find(`phone-${index}`, at));
    await turn();
    expect(database.statements.map((statement) => statement.tokenHashes.length)).toEqual([1, 12, 64]);

    database.statements[1]!.answer();
    database.statements[2]!.answer();
    await turn();
    // The six left go in the fourth once one came back.
    expect(database.statements.map((statement) => statement.tokenHashes.length)).toEqual([1, 12, 64, 6]);
    database.statements[3]!.answer();

    expect(await first).toMatchObject({ userId: 'u-first' });
    expect((await Promise.all(phones)).map((found) => (found as { userId: string }).userId)).toEqual(
      Array.from({ length: 80 }, (_, index) => `u-${index}`),
    );
    expect(await unknown).toBeUndefined();
    expect(await expired).toBeUndefined();
  });
});

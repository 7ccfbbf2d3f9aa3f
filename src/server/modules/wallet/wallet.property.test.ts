import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { balances, customerVersions, ledgerEntries, scans, users } from '../../db/schema';
import { type ApiError } from '../../http/api-error';
import { createTestDatabase, databaseKinds } from '../../testing/databases';
import { findProduct, seedCatalogue } from './catalogue';
import { adjustBalance, cancelScan, checkIn, issueContainers, reject } from './operator-actions';
import { recordScan } from './scans';
import { testActor } from '../../testing/actor';

/**
 * Random sequences of what customers and operators do, retries and concurrent
 * duplicates included, against the real database; after every step the
 * database must agree with a plain model:
 * - balance = credited deposits + adjustments = sum of the ledger, never below zero;
 * - a retry (scan, check-in, adjustment) changes nothing.
 */

const productIds = ['us-oat-milk-1l', 'us-peanut-butter-450', 'us-coffee-cup-16oz'] as const;
const containerCount = 6;

type Command =
  | { kind: 'scan'; container: number; copies: number }
  | { kind: 'retryScan'; pick: number }
  | { kind: 'checkin'; containers: number[]; retry: boolean }
  | { kind: 'retryCheckin' }
  | { kind: 'reject'; containers: number[] }
  | { kind: 'cancel'; container: number }
  | { kind: 'adjust'; amountMinor: number }
  | { kind: 'retryAdjust' };

const containerIndex = fc.integer({ min: 0, max: containerCount - 1 });
const someContainers = fc.uniqueArray(containerIndex, { minLength: 1, maxLength: containerCount });
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    arbitrary: fc.record({ kind: fc.constant('scan' as const), container: containerIndex, copies: fc.integer({ min: 1, max: 3 }) }),
    weight: 5,
  },
  { arbitrary: fc.record({ kind: fc.constant('retryScan' as const), pick: fc.nat() }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('checkin' as const), containers: someContainers, retry: fc.boolean() }), weight: 3 },
  { arbitrary: fc.constant({ kind: 'retryCheckin' as const }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('reject' as const), containers: someContainers }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('cancel' as const), container: containerIndex }), weight: 1 },
  {
    arbitrary: fc.record({ kind: fc.constant('adjust' as const), amountMinor: fc.integer({ min: -300, max: 300 }).filter((n) => n !== 0) }),
    weight: 2,
  },
  { arbitrary: fc.constant({ kind: 'retryAdjust' as const }), weight: 1 },
);

describe.each(databaseKinds)('wallet properties on %s', (kind) => {
  let database: DatabaseHandle;
  const deposits = new Map<string, number>();
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedCatalogue(database.db);
    for (const id of productIds) deposits.set(id, (await findProduct(database.db, id))!.depositMinor);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('balance = credited deposits + adjustments, never below zero; retries change nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 25 }), async (commands) => {
        const db = database.db;
        const now = new Date();
        const [user] = await db
          .insert(users)
          .values({ email: `${randomUUID()}@example.com`, name: 'Prop', countryCode: 'us', locale: 'en-US', zipCode: '97205' })
          .returning();
        const userId = user!.id;
        // Containers of this run, round-robin over the products.
        const codes: string[] = [];
        const productOf: string[] = [];
        for (let index = 0; index < containerCount; index += 1) {
          const productId = productIds[index % productIds.length]!;
          codes.push(...(await issueContainers(db, testActor, productId, 1, now)));
          productOf.push(productId);
        }

        // The model.
        const pending = new Set<number>();
        const recorded: { id: string; code: string }[] = [];
        let creditedMinor = 0;
        let adjustedMinor = 0;
        let lastCheckin: string[] | undefined;
        let lastAdjustment: { id: string; amount: string } | undefined;
        const deps = { db, now, publicUrl: 'https://roundtrip.test' };

        for (const step of commands) {
          switch (step.kind) {
            case 'scan': {
              const id = randomUUID();
              const code = codes[step.container]!;
              const outcomes = await Promise.allSettled(
                Array.from({ length: step.copies }, () => recordScan(deps, userId, { id, code, scanned_at: now.toISOString() }, 'en')),
              );
              if (pending.has(step.container)) {
                for (const outcome of outcomes) {
                  expect(outcome.status).toBe('rejected');
                  expect(((outcome as PromiseRejectedResult).reason as ApiError).code).toBe('CONTAINER_ALREADY_PENDING');
                }
              } else {
                const created = outcomes.filter((outcome) => outcome.status === 'fulfilled' && outcome.value.created);
                expect(created).toHaveLength(1);
                for (const outcome of outcomes) expect(outcome.status).toBe('fulfilled');
                pending.add(step.container);
                recorded.push({ id, code });
              }
              break;
            }
            case 'retryScan': {
              if (recorded.length === 0) break;
              const { id, code } = recorded[step.pick % recorded.length]!;
              const replay = await recordScan(deps, userId, { id, code, scanned_at: now.toISOString() }, 'en');
              expect(replay.created).toBe(false);
              expect(replay.scan.id).toBe(id);
              break;
            }
            case 'checkin':
            case 'retryCheckin': {
              const chosen = step.kind === 'checkin' ? step.containers.map((index) => codes[index]!) : lastCheckin;
              if (!chosen) break;
              const result = await checkIn(db, testActor, chosen, now);
              const expected = chosen.map((code) => codes.indexOf(code)).filter((index) => pending.has(index));
              expect(result.checked_in.map((row) => row.code).sort()).toEqual(expected.map((index) => codes[index]).sort());
              for (const index of expected) {
                pending.delete(index);
                creditedMinor += deposits.get(productOf[index]!)!;
              }
              if (step.kind === 'checkin' && step.retry) {
                // The facility's retry of the same batch (a lost answer): nothing more is credited.
                const again = await checkIn(db, testActor, chosen, now);
                expect(again.checked_in).toEqual([]);
                expect(again.batch_id).toBeNull();
              }
              lastCheckin = chosen;
              break;
            }
            case 'reject': {
              const result = await reject(
                db,
                testActor,
                step.containers.map((index) => codes[index]!),
                'Damaged',
                now,
              );
              const expected = step.containers.filter((index) => pending.has(index));
              expect(result.rejected).toHaveLength(expected.length);
              for (const index of expected) pending.delete(index);
              break;
            }
            case 'cancel': {
              const attempt = cancelScan(db, testActor, { code: codes[step.container]! }, 'Customer care', now);
              if (pending.has(step.container)) {
                await attempt;
                pending.delete(step.container);
              } else {
                await expect(attempt).rejects.toMatchObject({ code: 'NOT_FOUND' });
              }
              break;
            }
            case 'adjust': {
              const id = randomUUID();
              const amount = (step.amountMinor / 100).toFixed(2);
              const balance = creditedMinor + adjustedMinor;
              const attempt = adjustBalance(db, testActor, { id, userId, amount, comment: 'Property' }, now);
              if (balance + step.amountMinor < 0) {
                await expect(attempt).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
              } else {
                expect((await attempt).created).toBe(true);
                adjustedMinor += step.amountMinor;
                lastAdjustment = { id, amount };
              }
              break;
            }
            case 'retryAdjust': {
              if (!lastAdjustment) break;
              const replay = await adjustBalance(db, testActor, { ...lastAdjustment, userId, comment: 'Property' }, now);
              expect(replay.created).toBe(false);
              break;
            }
          }

          // The database agrees with the model after every step.
          const [balanceRow] = await db.select().from(balances).where(eq(balances.userId, userId));
          const [ledger] = await db
            .select({
              sum: sql<number>`coalesce(sum(${ledgerEntries.amountMinor}), 0)::int`,
              adjustments: sql<number>`coalesce(sum(${ledgerEntries.amountMinor}) filter (where ${ledgerEntries.kind} = 'ADJUSTMENT'), 0)::int`,
            })
            .from(ledgerEntries)
            .where(eq(ledgerEntries.userId, userId));
          const [credited] = await db
            .select({ sum: sql<number>`coalesce(sum(${scans.creditedMinor}), 0)::int`, count: sql<number>`count(*)::int` })
            .from(scans)
            .where(and(eq(scans.userId, userId), eq(scans.status, 'COMPLETED')));
          const [all] = await db
            .select({ count: sql<number>`count(*)::int`, pending: sql<number>`count(*) filter (where ${scans.status} = 'PENDING')::int` })
            .from(scans)
            .where(eq(scans.userId, userId));
          const [kept] = await db
            .select({ pendingScans: customerVersions.pendingScans })
            .from(customerVersions)
            .where(eq(customerVersions.userId, userId));
          const balanceMinor = balanceRow?.balanceMinor ?? 0;
          expect(balanceMinor).toBe(creditedMinor + adjustedMinor);
          expect(balanceMinor).toBeGreaterThanOrEqual(0);
          expect(Number(ledger!.sum)).toBe(balanceMinor);
          expect(Number(credited!.sum) + Number(ledger!.adjustments)).toBe(balanceMinor);
          expect(Number(all!.count)).toBe(recorded.length);
          expect(Number(all!.pending)).toBe(pending.size);
          // The count POST /scans checks its cap against (migration 0037) follows every write.
          expect(kept?.pendingScans ?? 0).toBe(pending.size);
        }
      }),
      // Every run asked for is run: no time limit that would pass a property after a few.
      { numRuns: 50 },
    );
  }, 300_000);
});

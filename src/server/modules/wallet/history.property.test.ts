import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minorFromDecimal } from '#domain/money';
import { transactionsQuery, type Transaction } from '#domain/schemas/wallet';
import type { DatabaseHandle } from '../../db/client';
import { balances, disputes, ledgerEntries, scans, users, withdrawals } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { createTestDatabase, databaseKinds } from '../../testing/databases';
import { findCustomer } from '../accounts/customers';
import { fileDispute, resolveDispute } from '../disputes/disputes';
import { createPaymentCipher } from '../payments/encryption';
import { savePaymentMethod } from '../payments/payment-methods';
import { requestWithdrawal, settleWithdrawal } from '../withdrawals/withdrawals';
import { seedCatalogue } from './catalogue';
import { listTransactions } from './history';
import { adjustBalance, cancelScan, checkIn, issueContainers, reject } from './operator-actions';
import { recordScan } from './scans';
import { testActor } from '../../testing/actor';

/**
 * The history accounts for the balance (docs/product.md, The history accounts for the balance):
 * random lives of one customer, with scans, check-ins, rejections, cancellations, disputes
 * (filed on rejected scans and on pending days past 32 days, credited or upheld), adjustments
 * and withdrawals (requested, paid, failed, cancelled). After every step, the rows of
 * GET /merged_transactions that moved money add up to the balance, which is the ledger's sum.
 */

const productIds = ['us-oat-milk-1l', 'us-peanut-butter-450', 'us-coffee-cup-16oz'] as const;
const containerCount = 4;
const dayMs = 86_400_000;

type Command =
  | { kind: 'scan'; container: number }
  | { kind: 'checkin'; containers: number[] }
  | { kind: 'reject'; pick: number }
  | { kind: 'cancel'; container: number }
  | { kind: 'wait'; days: number }
  | { kind: 'dispute'; pick: number }
  | { kind: 'settleDispute'; pick: number; credit: boolean }
  | { kind: 'adjust'; amountMinor: number }
  | { kind: 'withdraw'; amountMinor: number }
  | { kind: 'settleWithdrawal'; pick: number; outcome: 'COMPLETED' | 'FAILED' | 'CANCELLED' };

const containerIndex = fc.integer({ min: 0, max: containerCount - 1 });
const someContainers = fc.uniqueArray(containerIndex, { minLength: 1, maxLength: containerCount });
const command: fc.Arbitrary<Command> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('scan' as const), container: containerIndex }), weight: 6 },
  { arbitrary: fc.record({ kind: fc.constant('checkin' as const), containers: someContainers }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('reject' as const), pick: fc.nat() }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('cancel' as const), container: containerIndex }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('wait' as const), days: fc.constantFrom(1, 33) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('dispute' as const), pick: fc.nat() }), weight: 4 },
  {
    arbitrary: fc.record({ kind: fc.constant('settleDispute' as const), pick: fc.nat(), credit: fc.boolean() }),
    weight: 4,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('adjust' as const),
      amountMinor: fc.integer({ min: -300, max: 1500 }).filter((n) => n !== 0),
    }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant('withdraw' as const), amountMinor: fc.integer({ min: 500, max: 800 }) }), weight: 3 },
  {
    arbitrary: fc.record({
      kind: fc.constant('settleWithdrawal' as const),
      pick: fc.nat(),
      outcome: fc.constantFrom('COMPLETED' as const, 'FAILED' as const, 'CANCELLED' as const),
    }),
    weight: 3,
  },
);

/** What a row did to the balance: a pending day is money at stake, a failed or cancelled payout gave its money back. */
function movedMinor(row: Transaction): number {
  if (row.category === 'SCAN' && row.status === 'PENDING') return 0;
  if (row.category === 'WITHDRAWAL' && (row.status === 'FAILED' || row.status === 'CANCELLED')) return 0;
  return minorFromDecimal(row.amount.value, 'USD')!;
}

/** Refusals a random life meets (nothing pending to check in, too little balance…); anything else fails the test. */
async function allowingRefusal(attempt: Promise<unknown>): Promise<void> {
  try {
    await attempt;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
  }
}

describe.each(databaseKinds)('history accounts for the balance on %s', (kind) => {
  let database: DatabaseHandle;
  const cipher = createPaymentCipher(randomBytes(32));
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedCatalogue(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('the rows that moved money add up to the balance after every step', async () => {
    const seen = { creditedDisputes: 0, paidWithdrawals: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 8, maxLength: 30, size: 'max' }), async (commands) => {
        const db = database.db;
        let now = new Date('2026-03-02T15:00:00Z');
        const [user] = await db
          .insert(users)
          .values({
            email: `${randomUUID()}@example.com`,
            name: 'Prop',
            countryCode: 'us',
            locale: 'en-US',
            zipCode: '97205',
            emailVerifiedAt: now,
          })
          .returning();
        const userId = user!.id;
        await savePaymentMethod(db, cipher, await findCustomer(db, userId), 'PAYPAL', { email: 'prop@example.com' }, now);
        // Enough to withdraw from the start, so payouts are part of most lives.
        await adjustBalance(db, testActor, { userId, amount: '10.00', comment: 'Welcome' }, now);
        const codes: string[] = [];
        for (let index = 0; index < containerCount; index += 1) {
          codes.push(...(await issueContainers(db, testActor, productIds[index % productIds.length]!, 1, now)));
        }
        const history = async () =>
          (await listTransactions(db, { id: userId, countryCode: 'us', currency: 'USD' }, transactionsQuery.parse({}), 'en')).data;

        for (const step of commands) {
          switch (step.kind) {
            case 'scan':
              await allowingRefusal(
                recordScan(
                  { db, now, publicUrl: 'https://roundtrip.test' },
                  userId,
                  {
                    id: randomUUID(),
                    code: codes[step.container]!,
                    scanned_at: now.toISOString(),
                  },
                  'en',
                ),
              );
              break;
            case 'checkin':
              await checkIn(
                db,
                testActor,
                step.containers.map((index) => codes[index]!),
                now,
              );
              break;
            case 'reject': {
              // One of the customer's pending containers: refusals of containers never scanned change nothing.
              const pending = await db
                .select({ code: scans.containerCode })
                .from(scans)
                .where(and(eq(scans.userId, userId), eq(scans.status, 'PENDING')))
                .orderBy(asc(scans.id));
              const target = pending[step.pick % Math.max(1, pending.length)];
              if (target) await reject(db, testActor, [target.code], 'Damaged', now);
              break;
            }
            case 'cancel':
              await allowingRefusal(cancelScan(db, testActor, { code: codes[step.container]! }, 'Customer care', now));
              break;
            case 'wait':
              now = new Date(now.getTime() + step.days * dayMs);
              break;
            case 'dispute': {
              // A row that offers a dispute: a rejected or expired scan, or a pending day past 32 days.
              const rows = (await history()).filter(
                (row) =>
                  row.disputable ||
                  (row.category === 'SCAN' && row.status === 'PENDING' && new Date(row.created_at).getTime() <= now.getTime() - 32 * dayMs),
              );
              const target = rows[step.pick % Math.max(1, rows.length)];
              if (!target) break;
              await fileDispute(db, userId, { id: randomUUID(), transaction_id: target.id, reason: 'returned' }, now, { perDay: 1000 });
              break;
            }
            case 'settleDispute': {
              const open = await db
                .select({ id: disputes.id })
                .from(disputes)
                .where(and(eq(disputes.userId, userId), eq(disputes.status, 'OPEN')))
                .orderBy(asc(disputes.id));
              const target = open[step.pick % Math.max(1, open.length)];
              if (!target) break;
              await resolveDispute(
                db,
                testActor,
                target.id,
                step.credit ? { outcome: 'CREDIT' } : { outcome: 'UPHOLD', answer: 'Cracked' },
                now,
              );
              if (step.credit) seen.creditedDisputes += 1;
              break;
            }
            case 'adjust':
              await allowingRefusal(
                adjustBalance(
                  db,
                  testActor,
                  { id: randomUUID(), userId, amount: (step.amountMinor / 100).toFixed(2), comment: 'Property' },
                  now,
                ),
              );
              break;
            case 'withdraw':
              await allowingRefusal(
                requestWithdrawal(db, cipher, userId, randomUUID(), { amount: (step.amountMinor / 100).toFixed(2) }, now),
              );
              break;
            case 'settleWithdrawal': {
              const pending = await db
                .select({ id: withdrawals.id })
                .from(withdrawals)
                .where(and(eq(withdrawals.userId, userId), eq(withdrawals.status, 'PENDING')))
                .orderBy(asc(withdrawals.id));
              const target = pending[step.pick % Math.max(1, pending.length)];
              if (!target) break;
              await settleWithdrawal(
                db,
                testActor,
                target.id,
                step.outcome === 'COMPLETED' ? { status: 'COMPLETED' } : { status: step.outcome, reason: 'Account closed' },
                now,
              );
              if (step.outcome === 'COMPLETED') seen.paidWithdrawals += 1;
              break;
            }
          }

          const [balanceRow] = await db.select().from(balances).where(eq(balances.userId, userId));
          const [ledger] = await db
            .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.amountMinor}), 0)::int` })
            .from(ledgerEntries)
            .where(eq(ledgerEntries.userId, userId));
          const balanceMinor = balanceRow?.balanceMinor ?? 0;
          expect(Number(ledger!.sum)).toBe(balanceMinor);
          const rows = await history();
          expect(rows.reduce((sum, row) => sum + movedMinor(row), 0)).toBe(balanceMinor);
        }
      }),
      {
        // Every run asked for is run: no time limit that would pass a property after a few.
        numRuns: 20,
        // First a life that surely reaches a credited dispute and a paid withdrawal.
        examples: [
          [
            [
              { kind: 'scan', container: 0 },
              { kind: 'scan', container: 1 },
              { kind: 'checkin', containers: [1] },
              { kind: 'reject', pick: 0 },
              { kind: 'dispute', pick: 0 },
              { kind: 'settleDispute', pick: 0, credit: true },
              { kind: 'withdraw', amountMinor: 500 },
              { kind: 'settleWithdrawal', pick: 0, outcome: 'COMPLETED' },
            ],
          ],
        ],
      },
    );
    // The lives drawn did reach the cases this is about.
    expect(seen.creditedDisputes).toBeGreaterThan(0);
    expect(seen.paidWithdrawals).toBeGreaterThan(0);
  }, 300_000);
});

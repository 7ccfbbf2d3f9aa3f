import { currencyOf, isCountryCode, type CountryCode } from '#domain/markets';
import { minimumWithdrawalMinor } from '#domain/payment-methods';
import { eraseNotifications } from '../notifications/news';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import {
  accessTokens,
  dsarRequests,
  emailVerificationCodes,
  passwordResetTokens,
  refreshTokens,
  scans,
  sessionFamilies,
  users,
} from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { verifyPassword } from '../accounts/passwords';
import { findActiveUser } from '../accounts/users';
import { eraseDisputes, hasOpenDispute } from '../disputes/disputes';
import { appendLedgerEntry, balanceMinorOf } from '../wallet/ledger';
import { erasePaymentMethods } from '../payments/payment-methods';
import { hasPendingWithdrawal } from '../withdrawals/withdrawals';

/** What a deletion request brings to the checks: whose account, and whether the person gives up a small balance. */
export interface DeletionRequest {
  userId: string;
  countryCode: string;
  giveUpBalance: boolean;
}

/**
 * A reason an account cannot be deleted yet (docs/product.md, Account deletion), checked inside the deletion's
 * transaction with the person's row locked. The first that applies is the answer; each names what
 * is in the way, so the app can point to the right place.
 */
export interface DeletionBlocker {
  code: 'POSITIVE_BALANCE' | 'PENDING_WITHDRAWAL' | 'PENDING_SCANS' | 'OPEN_DISPUTE' | 'BALANCE_BELOW_MINIMUM';
  applies: (executor: Executor, request: DeletionRequest) => Promise<boolean>;
}

/**
 * One part of the person's data erased or unlinked, inside the deletion's transaction.
 * Steps run in order; the last one clears the user row, which the others may still read.
 */
export type ErasureStep = (executor: Executor, userId: string) => Promise<void>;

/** A balance the person can withdraw themselves: at least the market's minimum withdrawal. */
export async function hasWithdrawableBalance(executor: Executor, request: DeletionRequest): Promise<boolean> {
  return (await balanceMinorOf(executor, request.userId)) >= minimumWithdrawalMinor(countryCodeOf(request));
}

/** A balance no withdrawal can pay out, which the person has not agreed to give up. */
export async function hasSmallBalanceKept(executor: Executor, request: DeletionRequest): Promise<boolean> {
  return !request.giveUpBalance && (await balanceMinorOf(executor, request.userId)) > 0;
}

export async function hasPendingScan(executor: Executor, userId: string): Promise<boolean> {
  const [pending] = await executor
    .select({ id: scans.id })
    .from(scans)
    .where(and(eq(scans.userId, userId), eq(scans.status, 'PENDING')))
    .limit(1);
  return pending !== undefined;
}

/**
 * A balance the person can withdraw is named first. Pending items come before a small balance:
 * a pending scan or dispute may still credit the account, and a failed withdrawal gives its
 * amount back, so the balance given up would not be the last one.
 */
export const deletionBlockers: readonly DeletionBlocker[] = [
  { code: 'POSITIVE_BALANCE', applies: hasWithdrawableBalance },
  { code: 'PENDING_WITHDRAWAL', applies: (executor, { userId }) => hasPendingWithdrawal(executor, userId) },
  { code: 'PENDING_SCANS', applies: (executor, { userId }) => hasPendingScan(executor, userId) },
  // An open dispute may still credit the account: it waits for its answer like a pending scan.
  { code: 'OPEN_DISPUTE', applies: (executor, { userId }) => hasOpenDispute(executor, userId) },
  { code: 'BALANCE_BELOW_MINIMUM', applies: hasSmallBalanceKept },
];

function countryCodeOf(request: DeletionRequest): CountryCode {
  // The users table's CHECK keeps the code to our markets; any other is a bug.
  if (!isCountryCode(request.countryCode)) throw new Error(`no market ${request.countryCode}`);
  return request.countryCode;
}

/**
 * The balance left after every blocker passed is below the minimum and the person gave it up: it
 * leaves through the ledger as an adjustment, so the balance reaches zero by the database's own
 * rules and the ledger still adds up. The key holds it to one entry per account.
 */
export async function giveUpSmallBalance(executor: Executor, request: DeletionRequest, now: Date): Promise<void> {
  const balanceMinor = await balanceMinorOf(executor, request.userId);
  if (balanceMinor <= 0) return;
  await appendLedgerEntry(executor, {
    userId: request.userId,
    amountMinor: -balanceMinor,
    currency: currencyOf(request.countryCode),
    kind: 'ADJUSTMENT',
    idempotencyKey: `deletion:${request.userId}`,
    comment: givenUpComment,
    createdAt: now,
  });
}

/** The ledger's note on a balance given up at deletion (for operators; the customer is gone). */
export const givenUpComment = 'Given up by the customer at account deletion (below the minimum withdrawal)';

/** Every device signs out: tokens and the sessions they belong to are gone, not just revoked. */
export async function endAllSessions(executor: Executor, userId: string): Promise<void> {
  const families = executor.select({ id: sessionFamilies.id }).from(sessionFamilies).where(eq(sessionFamilies.userId, userId));
  await executor.delete(accessTokens).where(eq(accessTokens.userId, userId));
  await executor.delete(refreshTokens).where(inArray(refreshTokens.familyId, families));
  await executor.delete(sessionFamilies).where(eq(sessionFamilies.userId, userId));
}

export async function eraseVerificationCodes(executor: Executor, userId: string): Promise<void> {
  await executor.delete(emailVerificationCodes).where(eq(emailVerificationCodes.userId, userId));
}

export async function erasePasswordResetLinks(executor: Executor, userId: string): Promise<void> {
  await executor.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
}

/**
 * Requests filed under the account's email keep their kind and dates (the record that they were
 * answered), not the person. Only when the account verified that address: an account opened with
 * someone else's email must not erase that person's requests by being deleted.
 */
export async function eraseDataRequests(executor: Executor, userId: string): Promise<void> {
  const [user] = await executor
    .select({ email: users.email, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user?.email || !user.emailVerifiedAt) return;
  await executor
    .update(dsarRequests)
    .set({ name: null, email: null, message: null })
    .where(sql`lower(${dsarRequests.email}) = ${user.email.toLowerCase()}`);
}

/**
 * The user row stays as a pseudonym: its random id keys the ledger, scans and balance
 * (kept for legal retention, append-only), and nothing in it says who the person was.
 * The market and locale stay because the ledger's currency follows the market.
 */
export async function erasePersonalDetails(executor: Executor, userId: string): Promise<void> {
  await executor
    .update(users)
    .set({
      email: null,
      passwordHash: null,
      name: null,
      zipCode: null,
      address: null,
      city: null,
      state: null,
      emailVerifiedAt: null,
      termsAcceptedAt: null,
      deletedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
}

export const erasureSteps: readonly ErasureStep[] = [
  endAllSessions,
  eraseVerificationCodes,
  erasePasswordResetLinks,
  eraseDataRequests,
  erasePaymentMethods,
  eraseDisputes,
  eraseNotifications,
  // Last: the steps above may read the row.
  erasePersonalDetails,
];

export interface DeletionRules {
  blockers: readonly DeletionBlocker[];
  steps: readonly ErasureStep[];
}

export const deletionRules: DeletionRules = { blockers: deletionBlockers, steps: erasureSteps };

/**
 * DELETE /user. The password first (wrong: 422 LB_0102, counted against the login
 * limit), then one transaction that locks the person's row, checks every blocker, gives up a
 * small balance the person agreed to lose and runs every erasure step: all of it happens, or none of it.
 */
export async function deleteAccount(
  context: Pick<AppContext, 'db' | 'rateLimits' | 'now'>,
  input: { userId: string; password: string; giveUpBalance?: boolean | undefined },
  rules: DeletionRules = deletionRules,
): Promise<void> {
  const user = await findActiveUser(context, input.userId);
  const limitKey = user.email ?? user.id;
  await context.rateLimits.consume('loginPerAccount', limitKey);
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.password))) {
    throw new ApiError(422, 'LB_0102', { password: 'wrongPassword' });
  }
  await context.rateLimits.reset('loginPerAccount', limitKey);

  await context.db.transaction(async (tx) => {
    // FOR UPDATE conflicts with the key-share lock every scan or ledger insert of this person
    // takes on the row: nothing can credit or scan between the checks and the erasure.
    const [locked] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.userId), isNull(users.deletedAt)))
      .for('update');
    if (!locked) throw new ApiError(401, 'UNAUTHORIZED');
    const request: DeletionRequest = { userId: input.userId, countryCode: user.countryCode, giveUpBalance: input.giveUpBalance === true };
    for (const blocker of rules.blockers) {
      if (await blocker.applies(tx, request)) throw new ApiError(422, blocker.code);
    }
    await giveUpSmallBalance(tx, request, context.now());
    for (const step of rules.steps) await step(tx, input.userId);
  });
}

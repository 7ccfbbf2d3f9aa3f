import { eq, sql } from 'drizzle-orm';
import type { Currency } from '#domain/markets';
import { moneyFromMinor } from '#domain/money';
import type { Balance } from '#domain/schemas/wallet';
import { builtOnce, rowsOf, type Executor } from '../../db/client';
import { creditedReturns } from '../../db/returned-items';
import { isCheckViolation } from '../../db/errors';
import { balances, containers, customerVersions, ledgerEntries, products, scanClaims, scans } from '../../db/schema';
import { ApiError } from '../../http/api-error';

/**
 * DISPUTE_CREDIT pays the deposits of a dispute an operator credited. WITHDRAWAL takes a request's
 * amount out (negative); WITHDRAWAL_REVERSAL gives it back when the payout fails or is cancelled.
 * DEPOSIT_REVERSAL takes a check-in's DEPOSIT_CREDIT back (negative) when the batch is undone.
 */
export type LedgerKind = 'DEPOSIT_CREDIT' | 'DEPOSIT_REVERSAL' | 'ADJUSTMENT' | 'WITHDRAWAL' | 'WITHDRAWAL_REVERSAL' | 'DISPUTE_CREDIT';

export interface LedgerEntryInput {
  userId: string;
  amountMinor: number;
  currency: Currency;
  kind: LedgerKind;
  checkinBatchId?: string;
  idempotencyKey?: string;
  comment?: string;
  createdAt: Date;
}

/**
 * Append one entry. The database moves the balance in the same statement (trigger)
 * and refuses it when the balance would go below zero (CHECK): that refusal is
 * INSUFFICIENT_BALANCE here, and the caller's transaction is rolled back with it.
 */
export async function appendLedgerEntry(executor: Executor, entry: LedgerEntryInput) {
  try {
    const [row] = await executor
      .insert(ledgerEntries)
      .values({
        userId: entry.userId,
        amountMinor: entry.amountMinor,
        currency: entry.currency,
        kind: entry.kind,
        checkinBatchId: entry.checkinBatchId ?? null,
        idempotencyKey: entry.idempotencyKey ?? null,
        comment: entry.comment ?? null,
        createdAt: entry.createdAt,
      })
      .returning()
      // Named, so PostgreSQL parses and plans it once a connection (every column is given: one text).
      .prepare('roundtrip_append_ledger_entry')
      .execute();
    if (!row) throw new Error('ledger insert returned nothing');
    return row;
  } catch (error) {
    if (isCheckViolation(error, 'balances_not_negative')) throw new ApiError(422, 'INSUFFICIENT_BALANCE', { amount: 'invalidValue' });
    throw error;
  }
}

export async function balanceMinorOf(executor: Executor, userId: string): Promise<number> {
  const [row] = await executor.select({ minor: balances.balanceMinor }).from(balances).where(eq(balances.userId, userId)).limit(1);
  return row?.minor ?? 0;
}

/**
 * GET /user/balance, in one statement: on the embedded database every statement waits its turn
 * behind every other call's, so three small ones cost three turns after each write.
 */
export async function getBalance(db: Executor, userId: string, currency: Currency): Promise<Balance> {
  return (await balanceAndVersion(db, userId, currency)).balance;
}

export interface BalanceAndVersion {
  balance: Balance;
  balanceMinor: number;
  version: number;
}

const balanceAndVersionStatement = builtOnce('roundtrip_balance_and_version', () => {
  const userId = sql.placeholder('userId');
  return sql`
    select coalesce((select ${balances.balanceMinor} from ${balances} where ${balances.userId} = ${userId} limit 1), 0)::int as balance_minor,
           pending.items as pending_items, pending.deposit_minor as pending_deposit_minor,
           (select count(*)::int from (${creditedReturns(userId)}) credited) as returned_items,
           coalesce((select ${customerVersions.version} from ${customerVersions} where ${customerVersions.userId} = ${userId}), 0) as version
    from (select count(*)::int as items, coalesce(sum(waiting.deposit_minor), 0)::int as deposit_minor
          from (select ${products.depositMinor} as deposit_minor
                  from ${scans} join ${products} on ${products.id} = ${scans.productId}
                 where ${scans.userId} = ${userId} and ${scans.status} = 'PENDING'
                union all
                -- Under review (someone else scanned it first): pending too, as its history row says.
                select ${products.depositMinor}
                  from ${scanClaims} join ${containers} on ${containers.code} = ${scanClaims.containerCode}
                  join ${products} on ${products.id} = ${containers.productId}
                 where ${scanClaims.userId} = ${userId} and ${scanClaims.status} = 'OPEN') as waiting) as pending`;
});

/**
 * The balance and, from the same snapshot, the customer's data version (customer_versions): inside
 * a writer's transaction after its write, the balance as of the version that write made (the
 * write's raise holds the version row to the commit: nothing else changes the customer meanwhile).
 */
export async function balanceAndVersion(executor: Executor, userId: string, currency: Currency): Promise<BalanceAndVersion> {
  const result = await balanceAndVersionStatement(executor, { userId });
  const [row] = rowsOf<{
    balance_minor: number | string;
    pending_items: number | string;
    pending_deposit_minor: number | string;
    returned_items: number | string;
    version: number | string;
  }>(result);
  return {
    balance: {
      balance: moneyFromMinor(Number(row?.balance_minor ?? 0), currency),
      pending_deposit: moneyFromMinor(Number(row?.pending_deposit_minor ?? 0), currency),
      pending_items: Number(row?.pending_items ?? 0),
      returned_items: Number(row?.returned_items ?? 0),
    },
    balanceMinor: Number(row?.balance_minor ?? 0),
    version: Number(row?.version ?? 0),
  };
}

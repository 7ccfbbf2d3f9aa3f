import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { ListTotals } from '#domain/schemas/operator-answers';
import type { Currency } from '#domain/markets';
import { minorFromDecimal } from '#domain/money';
import { approvalReasonSchema, type ApprovalAction, type ApprovalReason, type ApprovalStatus } from '#domain/schemas/operators';
import { rowsOf, type Database, type Executor } from '../../db/client';
import { auditEntries, automationTokens, operatorApprovals, operatorMoneyMoves } from '../../db/schema';
import { afterPageKey, pageKeyTime, type PageKey } from '../../db/page-keys';
import { ApiError } from '../../http/api-error';
import { listTotalsFrom } from '../../http/page-cursor';
import { recordAudit, type Actor, type AuditSubjectRef } from './audit';

/**
 * Money moved by hand above a limit takes two people (docs/operators.md, Approvals): the first
 * operator's call is kept as a request, and runs only when a second operator approves it. The
 * limits add up: what one person moved for one customer, and in all, over a rolling 24 hours
 * (operator_money_moves). The database refuses a decision by the person who asked
 * (operator_approvals_second_person compares people, not names).
 */

export type ApprovalLimits = Partial<Record<Currency, string>>;

/** The limits of config.ts: per call and per customer over 24 hours, and per person over 24 hours. */
export interface ApprovalPolicy {
  perCall: ApprovalLimits;
  /** A currency not named here: four times its per-call limit. */
  daily: ApprovalLimits;
}

/** Money one person moves by hand: to one customer, either way, in minor units (signed; counted absolute). */
export interface MoneyMove {
  userId: string;
  amountMinor: number;
  currency: Currency;
}

/** Why a move needs a second person; thrown from inside the move's transaction, which it rolls back. */
export class ApprovalNeeded extends Error {
  override name = 'ApprovalNeeded';
  constructor(
    readonly reason: ApprovalReason,
    /** The moves asked for: the request counts them for its person instead. */
    readonly moves: readonly MoneyMove[],
  ) {
    super(reason.kind);
  }
}

/** The policy a deployment set (config.ts: APPROVAL_LIMITS, APPROVAL_DAILY_LIMITS). */
export function approvalPolicy(config: { approvalLimits: ApprovalLimits; approvalDailyLimits: ApprovalLimits }): ApprovalPolicy {
  return { perCall: config.approvalLimits, daily: config.approvalDailyLimits };
}

const window24h = 24 * 3600 * 1000;

function limitMinor(limits: ApprovalLimits, currency: Currency): number | undefined {
  const limit = limits[currency];
  return limit === undefined ? undefined : minorFromDecimal(limit, currency);
}

function dailyLimitMinor(policy: ApprovalPolicy, currency: Currency): number | undefined {
  const explicit = limitMinor(policy.daily, currency);
  if (explicit !== undefined) return explicit;
  const perCall = limitMinor(policy.perCall, currency);
  return perCall === undefined ? undefined : perCall * 4;
}

/**
 * One person's moves are counted one at a time: a transaction-scoped lock on the person, so two
 * calls at once cannot both read a sum under the limit and both pass.
 */
async function lockPerson(tx: Executor, person: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`operator_money_moves:${person}`}))`);
}

async function movedSince(tx: Executor, person: string, currency: Currency, since: Date, userId?: string): Promise<number> {
  const rows = rowsOf<{ total: string | number | null }>(
    await tx.execute(sql`
      SELECT coalesce(sum(amount_minor), 0) AS total FROM operator_money_moves
       WHERE person = ${person} AND currency = ${currency} AND at > ${since.toISOString()}
         ${userId === undefined ? sql`` : sql`AND user_id = ${userId}`}`),
  );
  return Number(rows[0]?.total ?? 0);
}

async function recordMoves(tx: Executor, person: string, moves: readonly MoneyMove[], now: Date): Promise<void> {
  const rows = moves
    .filter((move) => move.amountMinor !== 0)
    .map((move) => ({ person, userId: move.userId, amountMinor: Math.abs(move.amountMinor), currency: move.currency, at: now }));
  if (rows.length > 0) await tx.insert(operatorMoneyMoves).values(rows);
}

/** Sums of absolute amounts, by currency and by customer in each currency. */
function totalsOf(moves: readonly MoneyMove[]) {
  const byCurrency = new Map<Currency, number>();
  const byCustomer = new Map<string, { userId: string; currency: Currency; amountMinor: number }>();
  for (const move of moves) {
    const amount = Math.abs(move.amountMinor);
    byCurrency.set(move.currency, (byCurrency.get(move.currency) ?? 0) + amount);
    const key = `${move.currency}:${move.userId}`;
    const customer = byCustomer.get(key) ?? { userId: move.userId, currency: move.currency, amountMinor: 0 };
    customer.amountMinor += amount;
    byCustomer.set(key, customer);
  }
  return { byCurrency, byCustomer: [...byCustomer.values()] };
}

/**
 * Whether these moves by one person need a second person, counting what the same person moved in
 * the last 24 hours (requests still pending included: asking is counted when asked, docs/operators.md).
 * Call it inside the transaction that moves the money: it answers why a second person is needed, or
 * records the moves (in that transaction, so they count exactly when the money moved) and answers
 * undefined. A currency without a limit never needs one.
 */
export async function checkMoneyMoves(
  tx: Executor,
  policy: ApprovalPolicy,
  person: string,
  moves: readonly MoneyMove[],
  now: Date,
): Promise<ApprovalReason | undefined> {
  const { byCurrency, byCustomer } = totalsOf(moves);
  if (byCurrency.size === 0) return undefined;
  await lockPerson(tx, person);
  const since = new Date(now.getTime() - window24h);
  for (const [currency, total] of byCurrency) {
    const limit = limitMinor(policy.perCall, currency);
    if (limit !== undefined && total > limit) return { kind: 'per_call', currency, limit_minor: limit, moved_minor: total };
  }
  for (const customer of byCustomer) {
    const limit = limitMinor(policy.perCall, customer.currency);
    if (limit === undefined) continue;
    const moved = (await movedSince(tx, person, customer.currency, since, customer.userId)) + customer.amountMinor;
    if (moved > limit) return { kind: 'customer_24h', currency: customer.currency, limit_minor: limit, moved_minor: moved };
  }
  for (const [currency, total] of byCurrency) {
    const limit = dailyLimitMinor(policy, currency);
    if (limit === undefined) continue;
    const moved = (await movedSince(tx, person, currency, since)) + total;
    if (moved > limit) return { kind: 'daily_total', currency, limit_minor: limit, moved_minor: moved };
  }
  await recordMoves(tx, person, moves, now);
  return undefined;
}

/** checkMoneyMoves for a move's transaction: throws ApprovalNeeded (rolling the move back) when a second person is needed. */
export function moneyMoveGuard(policy: ApprovalPolicy, person: string, now: Date) {
  return async (tx: Executor, moves: readonly MoneyMove[]): Promise<void> => {
    const reason = await checkMoneyMoves(tx, policy, person, moves, now);
    if (reason) throw new ApprovalNeeded(reason, moves);
  };
}
export type MoneyMoveGuard = ReturnType<typeof moneyMoveGuard>;

type ApprovalRow = typeof operatorApprovals.$inferSelect;

function reasonOf(stored: unknown): ApprovalReason | null {
  const parsed = approvalReasonSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

export function approvalView(row: ApprovalRow) {
  return {
    id: row.id,
    action: row.action,
    record_id: row.recordId,
    amount_minor: row.amountMinor,
    currency: row.currency,
    reason: reasonOf(row.reason),
    requested_by: row.requestedBy,
    status: row.status,
    decided_by: row.decidedBy,
    created_at: row.createdAt.toISOString(),
  };
}
export type ApprovalView = ReturnType<typeof approvalView>;

/** A request that moves one customer's money is about them; one of several customers' (a check-in), about itself. */
function approvalSubject(moves: readonly MoneyMove[]): { subject?: AuditSubjectRef } {
  const customers = new Set(moves.map((move) => move.userId));
  const [only] = customers;
  return customers.size === 1 && only ? { subject: { type: 'customer', id: only } } : {};
}

/** A decision is about whom its request was. */
async function requestSubject(db: Executor, id: string): Promise<{ subject?: AuditSubjectRef }> {
  const [row] = await db
    .select({ type: auditEntries.subjectType, id: auditEntries.subjectId })
    .from(auditEntries)
    .where(and(eq(auditEntries.recordType, 'approval'), eq(auditEntries.recordId, id), eq(auditEntries.action, 'approval.request')))
    .limit(1);
  return row?.type && row.id ? { subject: { type: row.type, id: row.id } } : {};
}

export async function requestApproval(
  db: Database,
  actor: Actor,
  input: {
    action: ApprovalAction;
    recordId: string;
    request: Record<string, unknown>;
    amountMinor: number;
    currency: Currency;
    reason: ApprovalReason;
    /** What the request would move: counted for the person asking now, not again when it is approved. */
    moves: readonly MoneyMove[];
  },
  now: Date,
): Promise<ApprovalView> {
  return db.transaction(async (tx) => {
    await lockPerson(tx, actor.person);
    await recordMoves(tx, actor.person, input.moves, now);
    const [row] = await tx
      .insert(operatorApprovals)
      .values({
        action: input.action,
        recordId: input.recordId,
        request: input.request,
        amountMinor: input.amountMinor,
        currency: input.currency,
        requestedBy: actor.name,
        requestedByPerson: actor.person,
        reason: input.reason,
        createdAt: now,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'approval.request',
      recordType: 'approval',
      recordId: row!.id,
      amountMinor: input.amountMinor,
      currency: input.currency,
      ...approvalSubject(input.moves),
      detail: { for: input.action, record_id: input.recordId, reason: input.reason.kind },
    });
    return approvalView(row!);
  });
}

/**
 * The request one person made for one record (a check-in batch's idempotency key), if any: a batch
 * sent again after a lost answer is the same request, not a second one.
 */
export async function approvalOfRequest(
  db: Executor,
  action: ApprovalAction,
  recordId: string,
  person: string,
): Promise<ApprovalView | undefined> {
  const [row] = await db
    .select()
    .from(operatorApprovals)
    .where(
      and(eq(operatorApprovals.action, action), eq(operatorApprovals.recordId, recordId), eq(operatorApprovals.requestedByPerson, person)),
    )
    .limit(1);
  return row ? approvalView(row) : undefined;
}

export interface ApprovalPageOptions {
  status: ApprovalStatus | 'ALL';
  limit: number;
  after?: PageKey;
  currency?: Currency;
}

/** A page of requests, newest first: operator_approvals_pending_idx (or _created_idx) read backwards from `after`. */
export function approvalsPageQuery(db: Executor, options: ApprovalPageOptions) {
  return db
    .select({ approval: operatorApprovals, pageAt: pageKeyTime(operatorApprovals.createdAt) })
    .from(operatorApprovals)
    .where(
      and(
        options.status === 'ALL' ? undefined : eq(operatorApprovals.status, options.status),
        options.currency === undefined ? undefined : eq(operatorApprovals.currency, options.currency),
        afterPageKey(operatorApprovals.createdAt, operatorApprovals.id, options.after, 'desc'),
      ),
    )
    .orderBy(desc(operatorApprovals.createdAt), desc(operatorApprovals.id))
    .limit(options.limit);
}

/** The amounts asked for in the requests listed (pending or all), per currency, in one grouped query. */
export async function approvalTotals(db: Executor, options: Omit<ApprovalPageOptions, 'limit' | 'after'>): Promise<ListTotals> {
  const groups = await db
    .select({
      currency: operatorApprovals.currency,
      rows: count(),
      minor: sql<number>`coalesce(sum(${operatorApprovals.amountMinor}), 0)::bigint`.mapWith(Number),
    })
    .from(operatorApprovals)
    .where(
      and(
        options.status === 'ALL' ? undefined : eq(operatorApprovals.status, options.status),
        options.currency === undefined ? undefined : eq(operatorApprovals.currency, options.currency),
      ),
    )
    .groupBy(operatorApprovals.currency);
  return listTotalsFrom(groups);
}

export async function listApprovals(db: Executor, options: ApprovalPageOptions): Promise<(ApprovalView & { pageKey: PageKey })[]> {
  const rows = await approvalsPageQuery(db, options);
  return rows.map(({ approval, pageAt }) => ({ ...approvalView(approval), pageKey: { at: pageAt, id: approval.id } }));
}

/**
 * Who may approve: a signed-in operator, or a token an admin allowed to when making it. The
 * deployment's OPS_KEY and the CLI's key are no one person (whoever holds the key or the machine),
 * so they never approve; they may still ask, and a person decides. Rejecting moves nothing and is
 * open to every caller with the role.
 */
async function refuseApprover(db: Executor, actor: Actor): Promise<void> {
  if (actor.kind === 'operator') return;
  if (actor.kind === 'token' && actor.id !== null) {
    const [token] = await db
      .select({ mayApprove: automationTokens.mayApprove })
      .from(automationTokens)
      .where(eq(automationTokens.id, actor.id));
    if (token?.mayApprove) return;
  }
  throw new ApiError(403, 'APPROVAL_CREDENTIAL_NOT_ALLOWED');
}

/**
 * A second operator's decision. Approving takes the request first (so two approvers cannot both
 * run it), then runs it as the approver; if it fails, the request is pending again and the error
 * is answered. The actions are idempotent (an adjustment's key, a dispute credited once), so a
 * retry after a lost answer moves no money twice.
 */
export async function decideApproval(
  db: Database,
  actor: Actor,
  id: string,
  decision: 'APPROVED' | 'REJECTED',
  run: (approval: ApprovalRow) => Promise<void>,
  now: Date,
): Promise<ApprovalView> {
  const [current] = await db.select().from(operatorApprovals).where(eq(operatorApprovals.id, id));
  if (!current) throw new ApiError(404, 'NOT_FOUND');
  if (current.status !== 'PENDING') throw new ApiError(409, 'APPROVAL_NOT_PENDING');
  if (decision === 'APPROVED') await refuseApprover(db, actor);
  // People, not names: a token is the operator who made it, so theirs cannot approve their request.
  if (current.requestedByPerson === actor.person) throw new ApiError(409, 'APPROVAL_SAME_PERSON');
  const taken = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(operatorApprovals)
      .set({ status: decision, decidedBy: actor.name, decidedByPerson: actor.person, decidedAt: now })
      .where(and(eq(operatorApprovals.id, id), eq(operatorApprovals.status, 'PENDING')))
      .returning();
    if (!row) throw new ApiError(409, 'APPROVAL_NOT_PENDING');
    await recordAudit(tx, actor, {
      action: decision === 'APPROVED' ? 'approval.approve' : 'approval.reject',
      recordType: 'approval',
      recordId: id,
      amountMinor: row.amountMinor,
      currency: row.currency,
      ...(await requestSubject(tx, id)),
      detail: { for: row.action, record_id: row.recordId, requested_by: row.requestedBy },
    });
    return row;
  });
  if (decision === 'APPROVED') {
    try {
      await run(taken);
    } catch (error) {
      await db
        .update(operatorApprovals)
        .set({ status: 'PENDING', decidedBy: null, decidedByPerson: null, decidedAt: null })
        .where(and(eq(operatorApprovals.id, id), eq(operatorApprovals.status, 'APPROVED')));
      throw error;
    }
  }
  return approvalView(taken);
}

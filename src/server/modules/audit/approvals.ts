import { and, desc, eq, sql } from 'drizzle-orm';
import type { Currency } from '#domain/markets';
import { minorFromDecimal } from '#domain/money';
import type { ApprovalAction, ApprovalStatus } from '#domain/schemas/operators';
import type { Database, Executor } from '../../db/client';
import { automationTokens, operatorApprovals } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { recordAudit, type Actor } from './audit';

/**
 * Money moved by hand above a limit takes two people (docs/operators.md, Approvals): the first
 * operator's call is kept as a request, and runs only when a second operator approves it. The
 * database refuses a decision by the person who asked (operator_approvals_second_person).
 */

export type ApprovalLimits = Partial<Record<Currency, string>>;

/** Whether moving this much (either way) needs a second operator. A currency without a limit never does. */
export function needsApproval(limits: ApprovalLimits, amountMinor: number, currency: Currency): boolean {
  const limit = limits[currency];
  if (limit === undefined) return false;
  const limitMinor = minorFromDecimal(limit, currency);
  return limitMinor !== undefined && Math.abs(amountMinor) > limitMinor;
}

type ApprovalRow = typeof operatorApprovals.$inferSelect;

export function approvalView(row: ApprovalRow) {
  return {
    id: row.id,
    action: row.action,
    record_id: row.recordId,
    amount_minor: row.amountMinor,
    currency: row.currency,
    requested_by: row.requestedBy,
    status: row.status,
    decided_by: row.decidedBy,
    created_at: row.createdAt.toISOString(),
  };
}
export type ApprovalView = ReturnType<typeof approvalView>;

export async function requestApproval(
  db: Database,
  actor: Actor,
  input: { action: ApprovalAction; recordId: string; request: Record<string, unknown>; amountMinor: number; currency: Currency },
  now: Date,
): Promise<ApprovalView> {
  return db.transaction(async (tx) => {
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
        createdAt: now,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'approval.request',
      recordType: 'approval',
      recordId: row!.id,
      amountMinor: input.amountMinor,
      currency: input.currency,
      detail: { for: input.action, record_id: input.recordId },
    });
    return approvalView(row!);
  });
}

export async function listApprovals(db: Executor, status: ApprovalStatus | 'ALL', limit: number): Promise<ApprovalView[]> {
  const rows = await db
    .select()
    .from(operatorApprovals)
    .where(status === 'ALL' ? sql`true` : eq(operatorApprovals.status, status))
    .orderBy(desc(operatorApprovals.createdAt))
    .limit(limit);
  return rows.map(approvalView);
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

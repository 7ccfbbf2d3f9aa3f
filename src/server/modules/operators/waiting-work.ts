import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { OperatorRole } from '#domain/schemas/operators';
import { waitingWorkSchema, type WaitingWork } from '#domain/schemas/operator-answers';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { currentActor, operatorAccess, registerOperatorScope } from '../../http/operator-access';
import { approvalTotals } from '../audit/approvals';
import { disputeTotals } from '../disputes/disputes';
import { claimTotals } from '../wallet/claims';
import { pendingPayoutTotals } from '../withdrawals/withdrawals';

/**
 * What waits for the caller, per list their roles open: the same counts as each list's totals
 * (one grouped query each), so a badge and the list it leads to never disagree.
 */
export async function waitingWork(db: Executor, roles: readonly OperatorRole[]): Promise<WaitingWork> {
  const care = roles.includes('care');
  const finance = roles.includes('finance');
  const [disputes, claims, approvals, payouts] = await Promise.all([
    care ? disputeTotals(db, { status: 'open' }) : undefined,
    care ? claimTotals(db, { status: 'open' }) : undefined,
    care ? approvalTotals(db, { status: 'PENDING' }) : undefined,
    finance ? pendingPayoutTotals(db) : undefined,
  ]);
  const counts = [
    { area: 'disputes', totals: disputes },
    { area: 'claims', totals: claims },
    { area: 'approvals', totals: approvals },
    { area: 'payouts', totals: payouts },
  ] as const;
  return counts.flatMap(({ area, totals }) => (totals === undefined ? [] : [{ area, count: totals.count }]));
}

export async function registerWaitingWorkRoutes(instance: FastifyInstance, context: AppContext) {
  const api = instance.withTypeProvider<ZodTypeProvider>();
  await registerOperatorScope(api, context, (ops) => {
    ops.get(
      '/waiting',
      {
        schema: {
          summary: "How many items wait in each list the caller's roles open (open disputes, claims, pending approvals, payouts)",
          security: operatorAccess('care', 'finance'),
          response: { 200: waitingWorkSchema },
        },
      },
      async (request) => ({ data: await waitingWork(context.db, currentActor(request).roles) }),
    );
  });
}

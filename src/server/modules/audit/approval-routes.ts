import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { approvalSchema, type ApprovalAction } from '#domain/schemas/operators';
import type { AppContext } from '../../app-context';
import { dataAnswer, errorAnswers } from '../../http/api-schemas';
import { currentActor, opsAccess, registerOpsScope } from '../../http/operator-access';
import type { Actor } from './audit';
import { decideApproval, listApprovals } from './approvals';

/** What approving runs, per kind of request: given by app.ts, which knows the modules that move the money. */
export type ApprovalRunners = Record<ApprovalAction, (actor: Actor, approval: { recordId: string; request: unknown }) => Promise<void>>;

const idParams = z.strictObject({ id: z.uuid({ error: 'invalidValue' }) });
const listQuery = z.strictObject({
  status: z.enum(['pending', 'all'], { error: 'invalidValue' }).default('pending'),
  limit: z.coerce.number({ error: 'invalidValue' }).int().min(1).max(500).default(100),
});

/** Requests waiting for a second operator, and their decisions (docs/operators.md, Approvals). */
export async function registerApprovalRoutes(api: FastifyInstance, context: AppContext, runners: ApprovalRunners) {
  await registerOpsScope(api, context, (ops) => {
    const care = opsAccess('care');
    ops.get(
      '/approvals',
      {
        schema: {
          summary: 'Adjustments and dispute credits waiting for a second operator (or all), newest first',
          security: care,
          querystring: listQuery,
          response: { 200: dataAnswer(z.array(approvalSchema)) },
        },
      },
      async (request) => ({
        data: await listApprovals(context.db, request.query.status === 'all' ? 'ALL' : 'PENDING', request.query.limit),
      }),
    );
    for (const [path, decision] of [
      ['approve', 'APPROVED'],
      ['reject', 'REJECTED'],
    ] as const) {
      ops.post(
        `/approvals/:id/${path}`,
        {
          schema: {
            summary:
              decision === 'APPROVED'
                ? 'Approve a request: it runs now, as the approver (never the person who asked)'
                : 'Reject a request: nothing moves',
            security: care,
            params: idParams,
            response: { 200: dataAnswer(approvalSchema), ...errorAnswers(403, 404, 409) },
          },
        },
        async (request) => {
          const actor = currentActor(request);
          const approval = await decideApproval(
            context.db,
            actor,
            request.params.id,
            decision,
            (row) => {
              return runners[row.action](actor, { recordId: row.recordId, request: row.request });
            },
            context.now(),
          );
          return { data: approval };
        },
      );
    }
  });
}

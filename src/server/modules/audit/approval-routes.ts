import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { approvalSchema, type ApprovalAction } from '#domain/schemas/operators';
import type { AppContext } from '../../app-context';
import { dataAnswer, errorAnswers } from '../../http/api-schemas';
import { currentActor, operatorAccess, registerOperatorScope } from '../../http/operator-access';
import type { Actor } from './audit';
import { approvalTotals, decideApproval, listApprovals } from './approvals';
import { decodePageCursor, pageMeta, pageOf } from '../../http/page-cursor';
import { approvalsPage, approvalsQuery } from '#domain/schemas/operator-answers';

/** What approving runs, per kind of request: given by app.ts, which knows the modules that move the money. */
export type ApprovalRunners = Record<ApprovalAction, (actor: Actor, approval: { recordId: string; request: unknown }) => Promise<void>>;

const idParams = z.strictObject({ id: z.uuid({ error: 'invalidValue' }) });

/** Requests waiting for a second operator, and their decisions (docs/operators.md, Approvals). */
export async function registerApprovalRoutes(api: FastifyInstance, context: AppContext, runners: ApprovalRunners) {
  await registerOperatorScope(api, context, (ops) => {
    const care = operatorAccess('care');
    ops.get(
      '/approvals',
      {
        schema: {
          summary:
            'Adjustments and dispute credits waiting for a second operator (or all), newest first, a page at a time, with the amounts per currency',
          security: care,
          querystring: approvalsQuery,
          response: { 200: approvalsPage, ...errorAnswers(400) },
        },
      },
      async (request) => {
        const { limit, currency } = request.query;
        const status = request.query.status === 'all' ? 'ALL' : 'PENDING';
        const after = decodePageCursor(request.query.cursor);
        const [rows, totals] = await Promise.all([
          listApprovals(context.db, { status, limit: limit + 1, after, currency }),
          approvalTotals(context.db, { status, currency }),
        ]);
        const page = pageOf(rows, limit);
        return { data: page.items.map(({ pageKey: _key, ...approval }) => approval), meta: pageMeta(page.nextCursor, totals) };
      },
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

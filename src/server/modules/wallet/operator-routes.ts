import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  balanceAdjustmentSchema,
  cancelledScanSchema,
  checkInResultSchema,
  checkInUndoResultSchema,
  containerLookupSchema,
  recentCheckInSchema,
  rejectResultSchema,
  resolvedClaimSchema,
} from '#domain/schemas/operator-answers';
import { approvalSchema } from '#domain/schemas/operators';
import {
  adjustBody,
  cancelBody,
  checkInBody,
  claimResolutionBody,
  containersBody,
  containersLookupBody,
  rejectBody,
} from '#domain/schemas/operator-requests';
import type { AppContext } from '../../app-context';
import { dataAnswer, errorAnswers } from '../../http/api-schemas';
import { currentActor, operatorAccess, type OperatorRoutes } from '../../http/operator-access';
import { ApprovalNeeded, approvalPolicy, approvalOfRequest, moneyMoveGuard, requestApproval } from '../audit/approvals';
import { mailApprovers } from '../operators/notices';
import { recentCheckIns, undoCheckIn } from './checkin-undo';
import { claimTotals, listClaims, resolveClaim, withClaimants } from './claims';
import { decodePageCursor, pageMeta, pageOf } from '../../http/page-cursor';
import { claimsPage, claimsQuery, unscannedPage, unscannedQuery } from '#domain/schemas/operator-answers';
import type { AnswersOnWrite } from './answers-on-write';
import {
  adjustBalance,
  adjustmentAmount,
  cancelScan,
  checkIn,
  issueContainers,
  lookUpContainers,
  reject,
  unscannedContainers,
} from './operator-actions';
import { requestLanguage } from '../../http/language';

const claimParams = z.strictObject({ id: z.uuid({ error: 'invalidValue' }) });
const batchParams = z.strictObject({ batch_id: z.uuid({ error: 'invalidValue' }) });
const issuedContainers = z.object({ product_id: z.string(), codes: z.array(z.string()) });

export function registerWalletOperatorRoutes(ops: OperatorRoutes, context: AppContext, answersOnWrite: AnswersOnWrite) {
  ops.post(
    '/checkins',
    {
      schema: {
        summary:
          'Check containers in: credit their pending scans. Codes issued in the last 24 hours whose deposits pass the approval limits wait for a second operator (202)',
        security: operatorAccess('check-in'),
        body: checkInBody,
        // 503: the batch lost a lock race three times (docs/data.md, Writes at once); it may be sent again.
        response: { 200: dataAnswer(checkInResultSchema), 202: dataAnswer(approvalSchema), ...errorAnswers(503) },
      },
    },
    async (request, reply) => {
      const actor = currentActor(request);
      const now = context.now();
      const { id, codes, note } = request.body;
      if (id) {
        // Sent again after a lost answer, the batch that went to a second operator is that request still.
        const waiting = await approvalOfRequest(context.db, 'checkin.batch', id, actor.person);
        if (waiting) return reply.status(202).send({ data: waiting });
      }
      try {
        const guard = moneyMoveGuard(approvalPolicy(context.config), actor.person, now);
        return reply.send({ data: await checkIn(context.db, actor, codes, now, note, guard, id) });
      } catch (error) {
        if (!(error instanceof ApprovalNeeded)) throw error;
        // The whole batch waits: a second person sees what it holds, and approving runs it as they sent it.
        const approval = await requestApproval(
          context.db,
          actor,
          {
            action: 'checkin.batch',
            recordId: id ?? randomUUID(),
            request: { codes, note },
            amountMinor: error.moves
              .filter((move) => move.currency === error.reason.currency)
              .reduce((sum, move) => sum + move.amountMinor, 0),
            currency: error.reason.currency,
            reason: error.reason,
            moves: error.moves,
          },
          now,
        );
        await mailApprovers(context, request.log, actor, approval);
        return reply.status(202).send({ data: approval });
      }
    },
  );

  ops.post(
    '/checkins/:batch_id/undo',
    {
      schema: {
        summary: 'Undo a check-in of the last 15 minutes: its scans back to pending, its credits taken back',
        security: operatorAccess('check-in'),
        params: batchParams,
        response: { 200: dataAnswer(checkInUndoResultSchema), ...errorAnswers(404, 409, 503) },
      },
    },
    async (request) => ({ data: await undoCheckIn(context.db, currentActor(request), request.params.batch_id, context.now()) }),
  );

  ops.get(
    '/checkins/recent',
    {
      schema: {
        summary: "The caller's own check-ins of the last 15 minutes, newest first, each with what it credited and whether it was undone",
        security: operatorAccess('check-in'),
        response: { 200: dataAnswer(z.array(recentCheckInSchema)) },
      },
    },
    async (request) => ({ data: await recentCheckIns(context.db, currentActor(request).person, context.now()) }),
  );

  ops.get(
    '/claims',
    {
      schema: {
        summary:
          'Competing claims on containers: open ones oldest first, resolved ones newest first, or all; searched; a page at a time, with how many there are',
        security: operatorAccess('care'),
        querystring: claimsQuery,
        response: { 200: claimsPage, ...errorAnswers(400) },
      },
    },
    async (request) => {
      const { limit, cursor, ...filter } = request.query;
      const after = decodePageCursor(cursor);
      const [rows, totals] = await Promise.all([
        listClaims(context.db, { ...filter, limit: limit + 1, after }),
        claimTotals(context.db, filter),
      ]);
      const page = pageOf(rows, limit);
      const claims = page.items.map(({ pageKey: _key, ...claim }) => claim);
      return {
        data: await withClaimants(context.db, claims, { now: context.now(), flagFrom: context.config.claimRefusalsFlag }),
        meta: pageMeta(page.nextCursor, totals),
      };
    },
  );

  for (const [action, outcome] of [
    ['award', 'AWARD'],
    ['dismiss', 'DISMISS'],
  ] as const) {
    ops.post(
      `/claims/:id/${action}`,
      {
        schema: {
          summary:
            outcome === 'AWARD'
              ? 'Award a claim: the claimant returned the container and holds it for check-in'
              : 'Dismiss a claim: the first scan stands',
          security: operatorAccess('care'),
          params: claimParams,
          body: claimResolutionBody,
          response: { 200: dataAnswer(resolvedClaimSchema), ...errorAnswers(404, 409, 503) },
        },
      },
      async (request) => {
        const { claim, scan_id } = await resolveClaim(
          context.db,
          currentActor(request),
          request.params.id,
          { outcome, note: request.body.note },
          context.now(),
        );
        return { data: { claim, scan_id } };
      },
    );
  }

  ops.post(
    '/rejections',
    {
      schema: {
        summary: 'Reject containers: no money, the reason shown',
        security: operatorAccess('check-in'),
        body: rejectBody,
        response: { 200: dataAnswer(rejectResultSchema), ...errorAnswers(503) },
      },
    },
    async (request) => {
      const { codes, reason, reason_code } = request.body;
      const why = reason_code ? { code: reason_code, note: reason } : (reason ?? '');
      return { data: await reject(context.db, currentActor(request), codes, why, context.now()) };
    },
  );

  ops.post(
    '/cancellations',
    {
      schema: {
        summary: 'Cancel a pending scan',
        security: operatorAccess('care'),
        body: cancelBody,
        response: { 200: dataAnswer(cancelledScanSchema), ...errorAnswers(404, 409, 503) },
      },
    },
    async (request) => {
      const body = request.body;
      const target = body.scan_id ? { scanId: body.scan_id } : { code: body.code! };
      return { data: await cancelScan(context.db, currentActor(request), target, body.reason, context.now()) };
    },
  );

  ops.post(
    '/adjustments',
    {
      schema: {
        summary: "Adjust a customer's balance (idempotent on its id)",
        security: operatorAccess('care'),
        body: adjustBody,
        response: {
          200: dataAnswer(balanceAdjustmentSchema),
          201: dataAnswer(balanceAdjustmentSchema),
          202: dataAnswer(approvalSchema),
          ...errorAnswers(404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const input = { id: body.id, userId: body.user_id, email: body.email, amount: body.amount, comment: body.comment };
      const resolved = await adjustmentAmount(context.db, input);
      const { user, currency, amountMinor } = resolved;
      const actor = currentActor(request);
      const now = context.now();
      let made: Awaited<ReturnType<typeof adjustBalance>>;
      try {
        made = await adjustBalance(context.db, actor, input, now, {
          resolved,
          answers: answersOnWrite,
          guard: moneyMoveGuard(approvalPolicy(context.config), actor.person, now),
        });
      } catch (error) {
        if (!(error instanceof ApprovalNeeded)) throw error;
        const approval = await requestApproval(
          context.db,
          actor,
          {
            action: 'balance.adjust',
            recordId: user.id,
            request: { ...body, id: body.id ?? randomUUID(), user_id: user.id, email: undefined },
            amountMinor,
            currency,
            reason: error.reason,
            moves: [{ userId: user.id, amountMinor, currency }],
          },
          now,
        );
        await mailApprovers(context, request.log, actor, approval);
        return reply.status(202).send({ data: approval });
      }
      const { created, adjustment } = made;
      return reply.status(created ? 201 : 200).send({ data: adjustment });
    },
  );

  ops.post(
    '/containers',
    {
      schema: {
        summary: 'Issue new container codes of a product (never by whoever checks them in: docs/operators.md, Duties kept apart)',
        security: operatorAccess('labels'),
        body: containersBody,
        response: { 201: dataAnswer(issuedContainers), ...errorAnswers(404) },
      },
    },
    async (request, reply) => {
      const codes = await issueContainers(context.db, currentActor(request), request.body.product_id, request.body.count, context.now());
      return reply.status(201).send({ data: { product_id: request.body.product_id, codes } });
    },
  );

  ops.post(
    '/containers/lookup',
    {
      schema: {
        summary: "What the codes of a batch are: each issued code's product, its name in the caller's language and its deposit",
        security: operatorAccess('check-in'),
        body: containersLookupBody,
        response: { 200: dataAnswer(z.array(containerLookupSchema)) },
      },
    },
    async (request) => ({ data: await lookUpContainers(context.db, request.body.codes, requestLanguage(request)) }),
  );

  ops.get(
    '/containers/unscanned',
    {
      schema: {
        summary: 'Issued codes never scanned',
        security: operatorAccess('check-in'),
        querystring: unscannedQuery,
        response: { 200: unscannedPage, ...errorAnswers(400) },
      },
    },
    async (request) => {
      const { country_code: countryCode, limit, cursor } = request.query;
      const after = decodePageCursor(cursor, 'code');
      const page = pageOf(await unscannedContainers(context.db, { countryCode, limit: limit + 1, after }), limit);
      return {
        data: page.items.map((row) => ({ code: row.code, product_id: row.productId, country_code: row.countryCode })),
        meta: { next_cursor: page.nextCursor },
      };
    },
  );
}

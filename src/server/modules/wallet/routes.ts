import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  balanceResponse,
  productsQuery,
  productsResponse,
  maxScansPerBatch,
  scanBatchBody,
  scanBatchResponse,
  scanBody,
  scanResponse,
  type ScanBatchItem,
  transactionsQuery,
  transactionsResponse,
} from '#domain/schemas/wallet';
import type { AppContext } from '../../app-context';
import { registerOperatorScope } from '../../http/operator-access';
import { ApiError } from '../../http/api-error';
import { customerSecurity, errorAnswers, notModified } from '../../http/api-schemas';
import { apiErrorBody } from '../../http/error-handler';
import { JsonText } from '../../http/customer-answers';
import { requestLanguage } from '../../http/language';
import { authenticate, currentSession, currentUserId } from '../accounts/authenticate';
import { customerOfSession } from '../accounts/customers';
import { listProducts } from './catalogue';
import { createAnswersOnWrite } from './answers-on-write';
import { createHistoryPages } from './history-pages';
import { getBalance } from './ledger';
import { registerWalletOperatorRoutes } from './operator-routes';
import { recordScan } from './scans';

/** The rate-limit points of a batch, read before its body is checked: one per scan, within 1…maxScansPerBatch. */
function batchPoints(body: unknown): number {
  const scans: unknown = typeof body === 'object' && body !== null ? Reflect.get(body, 'scans') : undefined;
  return Array.isArray(scans) ? Math.min(Math.max(scans.length, 1), maxScansPerBatch) : 1;
}

/** Deposit wallet: catalogue, scans, balance, history, and the operators' calls. */
export async function registerWalletRoutes(instance: FastifyInstance, context: AppContext) {
  const api = instance.withTypeProvider<ZodTypeProvider>();
  const requireUser = authenticate(context);
  const historyPages = createHistoryPages();
  const answersOnWrite = createAnswersOnWrite(context.answers, historyPages);

  api.get(
    '/products',
    { schema: { summary: 'The catalogue of a market', querystring: productsQuery, response: { 200: productsResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      reply.header('vary', 'accept-language');
      return { data: await listProducts(context.db, request.query.country_code, requestLanguage(request)) };
    },
  );

  api.post(
    '/scans',
    {
      // Every scan counts against the limit, well-formed or not (as before its body is read).
      preValidation: [requireUser, async (request) => context.rateLimits.consume('scansPerUser', currentUserId(request))],
      schema: {
        summary: 'Record a scan (idempotent on its id)',
        security: customerSecurity,
        body: scanBody,
        response: { 200: scanResponse, 201: scanResponse, ...errorAnswers(404, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const { created, scan } = await recordScan(
        {
          db: context.db,
          now: context.now(),
          publicUrl: context.config.publicUrl,
          maxPendingScans: context.config.maxPendingScans,
          maxOpenClaims: context.config.maxOpenClaims,
        },
        currentUserId(request),
        request.body,
        requestLanguage(request),
      );
      return reply.status(created ? 201 : 200).send({ data: scan });
    },
  );

  api.post(
    '/scans/batch',
    {
      // Each scan counts against the limit as one POST /scans would, before the body is checked (at
      // least one point, at most a full batch's worth, whatever was sent).
      preValidation: [
        requireUser,
        async (request) => context.rateLimits.consume('scansPerUser', currentUserId(request), batchPoints(request.body)),
      ],
      schema: {
        summary: 'Record scans read together (a camera frame’s), each as POST /scans would, in one call',
        description:
          'Each scan is recorded on its own, idempotent on its id, in the order sent: one refused does not stop the others. ' +
          'The answer lists each scan’s status as POST /scans would have given it (201, 200 for a retry, or its error).',
        security: customerSecurity,
        body: scanBatchBody,
        response: { 200: scanBatchResponse, ...errorAnswers(429) },
      },
    },
    async (request) => {
      const deps = {
        db: context.db,
        now: context.now(),
        publicUrl: context.config.publicUrl,
        maxPendingScans: context.config.maxPendingScans,
        maxOpenClaims: context.config.maxOpenClaims,
      };
      const userId = currentUserId(request);
      const language = requestLanguage(request);
      const answers: ScanBatchItem[] = [];
      // One after another, as separate calls would be: the database decides each (an unexpected
      // failure fails the call, and the outbox sends them all again under the same ids).
      for (const body of request.body.scans) {
        try {
          const { created, scan } = await recordScan(deps, userId, body, language);
          answers.push({ id: body.id, status: created ? 201 : 200, data: scan });
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          answers.push({ id: body.id, status: error.status, ...apiErrorBody(error, language) });
        }
      }
      return { data: answers };
    },
  );

  api.get(
    '/user/balance',
    {
      preValidation: requireUser,
      schema: {
        summary: 'The balance and pending deposits',
        security: customerSecurity,
        response: { 200: balanceResponse, 304: notModified },
      },
    },
    async (request, reply) => {
      const session = currentSession(request);
      return context.answers.send(request, reply, session, async () => {
        const user = customerOfSession(session);
        return { data: await getBalance(context.db, user.id, user.currency) };
      });
    },
  );

  api.get(
    '/merged_transactions',
    {
      preValidation: requireUser,
      schema: {
        summary: 'The history, merged and paged',
        security: customerSecurity,
        querystring: transactionsQuery,
        response: { 200: transactionsResponse, 304: notModified },
      },
    },
    async (request, reply) => {
      const session = currentSession(request);
      return context.answers.send(request, reply, session, async () => {
        const user = customerOfSession(session);
        return new JsonText(await historyPages.json(context.db, user, request.query, requestLanguage(request)));
      });
    },
  );

  await registerOperatorScope(api, context, (ops) => registerWalletOperatorRoutes(ops, context, answersOnWrite));
}

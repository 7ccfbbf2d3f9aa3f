import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  balanceResponse,
  productsQuery,
  productsResponse,
  scanBody,
  scanResponse,
  transactionsQuery,
  transactionsResponse,
} from '#domain/schemas/wallet';
import type { AppContext } from '../../app-context';
import { registerOpsScope } from '../../http/operator-access';
import { customerSecurity, errorAnswers, notModified } from '../../http/api-schemas';
import { JsonText } from '../../http/customer-answers';
import { requestLanguage } from '../../http/language';
import { authenticate, currentSession, currentUserId } from '../accounts/authenticate';
import { customerOfSession } from '../accounts/customers';
import { listProducts } from './catalogue';
import { createAnswersOnWrite } from './answers-on-write';
import { createHistoryPages } from './history-pages';
import { getBalance } from './ledger';
import { registerOperatorRoutes } from './operator-routes';
import { recordScan } from './scans';

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
        { db: context.db, now: context.now(), publicUrl: context.config.publicUrl, maxPendingScans: context.config.maxPendingScans },
        currentUserId(request),
        request.body,
        requestLanguage(request),
      );
      return reply.status(created ? 201 : 200).send({ data: scan });
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

  await registerOpsScope(api, context, (ops) => registerOperatorRoutes(ops, context, answersOnWrite));
}

import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isCountryCode } from '../../../domain/markets';
import { productsQuery, scanBody, transactionsQuery } from '../../../domain/schemas/wallet';
import type { AppContext } from '../../app';
import { users } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { requestLanguage } from '../../http/language';
import { parseInput } from '../../http/validation';
import { authenticate, currentSession, currentUserId } from '../accounts/authenticate';
import { currencyOf, listProducts } from './catalogue';
import { listTransactions } from './history';
import { getBalance } from './ledger';
import { registerOpsRoutes } from './ops-routes';
import { recordScan } from './scans';

async function customerMarket(context: AppContext, userId: string) {
  const [user] = await context.db.select({ countryCode: users.countryCode }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user || !isCountryCode(user.countryCode)) throw new ApiError(401, 'UNAUTHORIZED');
  return { id: userId, countryCode: user.countryCode, currency: currencyOf(user.countryCode) };
}

/** Deposit wallet (issue 5): catalogue, scans, balance, history, and the operators' calls. */
export async function registerWalletRoutes(api: FastifyInstance, context: AppContext) {
  const requireUser = authenticate(context);

  api.get('/products', async (request, reply) => {
    const query = parseInput(productsQuery, request.query);
    reply.header('cache-control', 'public, max-age=300');
    reply.header('vary', 'accept-language');
    return { data: await listProducts(context.db, query.country_code, requestLanguage(request)) };
  });

  api.post('/scans', { preHandler: requireUser }, async (request, reply) => {
    await context.rateLimits.consume('scansPerUser', currentUserId(request));
    const body = parseInput(scanBody, request.body);
    const { created, scan } = await recordScan(
      { db: context.db, now: context.now(), publicUrl: context.config.publicUrl, maxPendingScans: context.config.maxPendingScans },
      currentUserId(request),
      body,
      requestLanguage(request),
    );
    return reply.status(created ? 201 : 200).send({ data: scan });
  });

  api.get('/user/balance', { preHandler: requireUser }, async (request, reply) => {
    const session = currentSession(request);
    return context.answers.send(request, reply, session, async () => {
      const user = await customerMarket(context, session.userId);
      return { data: await getBalance(context.db, user.id, user.currency) };
    });
  });

  api.get('/merged_transactions', { preHandler: requireUser }, async (request, reply) => {
    const query = parseInput(transactionsQuery, request.query);
    const session = currentSession(request);
    return context.answers.send(request, reply, session, async () => {
      const user = await customerMarket(context, session.userId);
      return listTransactions(context.db, user, query, requestLanguage(request));
    });
  });

  await api.register(async (ops) => registerOpsRoutes(ops, context), { prefix: '/ops' });
}

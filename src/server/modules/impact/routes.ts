import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countryCodes } from '#domain/markets';
import { impactFactorBody, impactFactorSchema, impactResponse } from '#domain/schemas/impact';
import type { AppContext } from '../../app-context';
import { ApiError } from '../../http/api-error';
import { customerSecurity, dataAnswer, errorAnswers, noContent, notModified } from '../../http/api-schemas';
import { authenticate, currentSession } from '../accounts/authenticate';
import { currentActor, operatorAccess, registerOperatorScope } from '../../http/operator-access';
import { clearImpactFactor, listImpactFactors, setImpactFactor } from './factors';
import { getImpact } from './impact';

const productParams = z.strictObject({ product_id: z.string().trim().min(1, { error: 'required' }).max(100, { error: 'tooLong' }) });
const factorsQuery = z.strictObject({ country_code: z.enum(countryCodes, { error: 'invalidValue' }).optional() });

/** What a customer's returns add up to, and the operators' packaging factors behind its environmental figure. */
export async function registerImpactRoutes(instance: FastifyInstance, context: AppContext) {
  const api = instance.withTypeProvider<ZodTypeProvider>();
  const requireUser = authenticate(context);

  const impactSchema = {
    summary: 'What the returns add up to',
    security: customerSecurity,
    response: { 200: impactResponse, 304: notModified },
  };
  api.get('/user/impact', { preValidation: requireUser, schema: impactSchema }, async (request, reply) => {
    const session = currentSession(request);
    const now = context.now();
    // The months end with the current one: the answer is also one of the hour (every market's month starts on the hour).
    return context.answers.send(
      request,
      reply,
      session,
      async () => {
        const impact = await getImpact(context.db, session.userId, now);
        if (!impact) throw new ApiError(401, 'UNAUTHORIZED');
        return { data: impact };
      },
      now.toISOString().slice(0, 13),
    );
  });

  await registerOperatorScope(api, context, (ops) => {
    ops.get(
      '/impact-factors',
      {
        schema: {
          summary: 'Packaging factors',
          security: operatorAccess('content'),
          querystring: factorsQuery,
          response: { 200: dataAnswer(z.array(impactFactorSchema)) },
        },
      },
      async (request) => ({ data: await listImpactFactors(context.db, request.query.country_code) }),
    );
    ops.put(
      '/impact-factors/:product_id',
      {
        schema: {
          summary: "Set a product's packaging factor and its source",
          security: operatorAccess('content'),
          params: productParams,
          body: impactFactorBody,
          response: { 200: dataAnswer(impactFactorSchema), ...errorAnswers(404) },
        },
      },
      async (request) => ({
        data: await setImpactFactor(context.db, currentActor(request), request.params.product_id, request.body, context.now()),
      }),
    );
    ops.delete(
      '/impact-factors/:product_id',
      {
        schema: {
          summary: "Clear a product's packaging factor",
          security: operatorAccess('content'),
          params: productParams,
          response: { 204: noContent, ...errorAnswers(404) },
        },
      },
      async (request, reply) => {
        if (!(await clearImpactFactor(context.db, currentActor(request), request.params.product_id))) throw new ApiError(404, 'NOT_FOUND');
        return reply.status(204).send(null);
      },
    );
  });
}

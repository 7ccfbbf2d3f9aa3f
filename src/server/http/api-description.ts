import { STATUS_CODES } from 'node:http';
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorAnswer } from '#domain/schemas/error-answers';
import { customerSecurity } from './api-schemas';
import { inputValidator } from './validation';

/** Methods whose body Fastify parses: malformed JSON, a body too large or of another type answer 400 on any of them. */
const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const undocumented = new WeakMap<FastifyInstance, string[]>();

/** Routes registered without declared answers (each `METHOD /path`); a test keeps this empty. */
export function undocumentedRoutes(app: FastifyInstance): readonly string[] {
  return undocumented.get(app) ?? [];
}

const hasSecurity = (schema: FastifySchema, security: readonly Record<string, readonly string[]>[]) =>
  schema.security?.some((requirement) => Object.keys(requirement).some((name) => security.some((scheme) => name in scheme))) ?? false;

/**
 * The statuses every route of a kind can answer, added to what the route declares so that each
 * route lists only its own: 400 where input is parsed or validated, 401 on customer routes
 * (`security: customerSecurity`), 401 and 403 on operator routes (`security: operatorAccess(…)`).
 */
function impliedAnswers(method: string, schema: FastifySchema): Record<number, z.core.$ZodType> {
  const implied: Record<number, z.core.$ZodType> = {};
  if (bodyMethods.has(method) || schema.body || schema.querystring || schema.params || schema.headers) implied[400] = apiErrorAnswer;
  if (hasSecurity(schema, customerSecurity)) implied[401] = apiErrorAnswer;
  if (hasSecurity(schema, [{ operatorSession: [] }, { opsToken: [] }]))
    Object.assign(implied, { 401: apiErrorAnswer, 403: apiErrorAnswer });
  return implied;
}

/** The zod schemas as JSON schemas, each answer described by its status's name where its schema has no description. */
const describedAnswers: SwaggerTransform = (route) => {
  const transformed = jsonSchemaTransform(route);
  const response: unknown = transformed.schema?.response;
  if (typeof response !== 'object' || response === null) return transformed;
  const described = Object.fromEntries(
    Object.entries(response).map(([status, answer]: [string, unknown]) => [
      status,
      typeof answer === 'object' && answer !== null && !('description' in answer)
        ? // A reference keeps no other keyword of swagger's but its description.
          { ...answer, ['$ref' in answer ? 'description' : 'x-response-description']: STATUS_CODES[status] }
        : answer,
    ]),
  );
  return { ...transformed, schema: { ...transformed.schema, response: described } };
};

/**
 * Routes declare their input and answers with zod schemas (docs/api.md, "How this description is
 * made"): the input is validated with the API's error answers (inputValidator), the answers are
 * written as they are (no serialization through the schemas: the customer calls send precomputed
 * bodies), and the OpenAPI document is generated from the same declarations. Call before any route.
 */
export async function registerApiDescription(app: FastifyInstance) {
  app.setValidatorCompiler(inputValidator());
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  const missing: string[] = [];
  undocumented.set(app, missing);
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((method) => method !== 'HEAD');
    if (methods.length === 0 || route.schema?.hide) return;
    const schema = route.schema;
    if (!schema?.response) {
      for (const method of methods) missing.push(`${method} ${route.url}`);
      return;
    }
    const response = schema.response as Record<number, unknown>;
    route.schema = {
      ...schema,
      response: { ...Object.assign({}, ...methods.map((method) => impliedAnswers(method, schema))), ...response },
    };
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Roundtrip API',
        version: '2',
        description: 'Generated from the routes of the server. docs/api.md describes each call and the decisions behind it.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'An access token from POST /api/v2/oauth/token' },
          operatorSession: {
            type: 'http',
            scheme: 'bearer',
            description: 'A logged-in operator (POST /api/v2/ops/session). The list names the roles that may make the call.',
          },
          opsToken: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Ops-Key',
            description:
              "An automation token, the deployment's OPS_KEY, or (`local`) the ops CLI's key on the server's own machine. The list names the roles that may make the call.",
          },
        },
      },
    },
    transform: describedAnswers,
    transformObject: jsonSchemaTransformObject,
  });
}

const openApiDocument = z
  .looseObject({
    openapi: z.literal('3.1.0'),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  })
  .meta({ description: 'This document' });

/** GET /openapi.json (public): the description of every route, made once on the first call. */
export function registerOpenApiRoute(instance: FastifyInstance) {
  let document: string | undefined;
  // Untyped: the document goes out as the string made once.
  instance.get(
    '/openapi.json',
    { schema: { summary: 'This OpenAPI 3.1 document', response: { 200: openApiDocument } } },
    async (_request, reply) => {
      document ??= JSON.stringify(instance.swagger());
      reply.header('cache-control', 'public, max-age=300');
      reply.type('application/json; charset=utf-8');
      return reply.send(document);
    },
  );
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import Fastify, { type FastifyReply } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkAnswers } from '../testing/answer-contract';
import { createTestApp, type TestApp } from '../testing/test-app';
import { registerApiDescription, undocumentedRoutes } from './api-description';
import { registerErrorHandling } from './error-handler';

const operatorKey = 'description-ops-key-0123456789';

interface OpenApiOperation {
  parameters?: unknown[];
  requestBody?: unknown;
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
}
type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, OpenApiOperation>> };

const httpMethods = ['get', 'put', 'post', 'delete', 'patch'];

function operationsOf(document: OpenApiDocument) {
  return Object.entries(document.paths).flatMap(([route, methods]) =>
    Object.entries(methods)
      .filter(([method]) => httpMethods.includes(method))
      .map(([method, operation]) => ({ method: method.toUpperCase(), route, operation })),
  );
}

/** `/api/v2/ops/dsar/{id}/close`, `/ops/dsar/:id/close` and `/locales/{lng}/{ns}.json` alike: a parameter segment is `{}`. */
function pathKey(method: string, route: string): string {
  const segments = route
    .split('?')[0]!
    .split('/')
    .map((segment) => (segment.startsWith(':') || segment.includes('{') ? '{}' : segment));
  return `${method} ${segments.join('/')}`;
}

// A length limit is written "≤ 500" or "1–500" in the tables; a number written so is not a status.
const knownStatuses = /(?<!≤\s?|\d–)\b(200|201|202|204|304|400|401|403|404|409|413|415|422|429|500|503)\b/g;

/**
 * The calls docs/api.md describes, from its tables: a row whose first cell starts with
 * `` `METHOD /path` `` is a call (paths under /api/v2 unless they start with /locales, /healthz or
 * /readyz); every status named in its other cells is one it documents, and 200 when it names no
 * success.
 */
function documentedCalls(markdown: string): Map<string, Set<number>> {
  const calls = new Map<string, Set<number>>();
  for (const line of markdown.split('\n')) {
    const cells = line.split(/(?<!\\)\|/).map((cell) => cell.trim());
    const call = /^`(GET|POST|PUT|PATCH|DELETE) (\/[^`\s]*)`/.exec(cells[1] ?? '');
    if (!call) continue;
    const [, method = '', route = ''] = call;
    const fullRoute = /^\/(locales\/(?!add\/)|healthz|readyz\b)/.test(route) ? route : `/api/v2${route}`;
    const statuses = new Set([...cells.slice(2).join(' ').matchAll(knownStatuses)].map((match) => Number(match[1])));
    if (![...statuses].some((status) => status < 300)) statuses.add(200);
    const key = pathKey(method, fullRoute);
    calls.set(key, new Set([...(calls.get(key) ?? []), ...statuses]));
  }
  return calls;
}

/** What every route of a kind answers, said once in docs/api.md's introduction rather than on each row. */
function impliedStatuses(method: string, operation: OpenApiOperation): number[] {
  const implied: number[] = [];
  if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method) || operation.requestBody || operation.parameters?.length) implied.push(400);
  const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
  if (schemes.includes('bearer')) implied.push(401);
  if (schemes.includes('opsToken') || schemes.includes('operatorSession')) implied.push(401, 403);
  return implied;
}

describe('the API description', () => {
  let t: TestApp;
  let document: OpenApiDocument;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { OPS_KEY: operatorKey } });
    document = (await t.inject({ method: 'GET', url: '/api/v2/openapi.json' })).json<OpenApiDocument>();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is served at GET /api/v2/openapi.json to anyone, cacheable, a valid OpenAPI 3.1 document', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/v2/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(response.json<Record<string, unknown>>());
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('describes every route of the server, each with its answers and its credential', () => {
    expect(undocumentedRoutes(t.app)).toEqual([]);
    const operations = operationsOf(document);
    for (const { method, route, operation } of operations) {
      const statuses = Object.keys(operation.responses);
      expect(
        statuses.some((status) => status.startsWith('2')),
        `${method} ${route} declares a success`,
      ).toBe(true);
      expect(statuses, `${method} ${route}`).not.toContain('default');
      const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
      // Every operator call names the roles that may make it (the guard reads the same list); only
      // signing in and accepting an invitation come before any credential.
      const signingIn =
        /^\/api\/v2\/ops\/(session(\/passkey(-options)?)?|invitations\/(lookup|accept)|password-reset(\/(lookup|accept))?)$/.test(route) &&
        ['POST', 'GET'].includes(method.toUpperCase());
      if (route.startsWith('/api/v2/ops/') && !signingIn) {
        const roles = (operation.security ?? []).flatMap((requirement) => Object.values(requirement).flat());
        const expected = roles.includes('local') ? [['opsToken']] : [['operatorSession', 'opsToken'], ['operatorSession']];
        expect(expected, `${method} ${route} is an operator route: ${schemes.join(', ')}`).toContainEqual(schemes);
        expect(roles.length, `${method} ${route} names its roles`).toBeGreaterThan(0);
      }
    }
    // Customer, public and operator routes alike (the count grows with the API).
    expect(operations.filter(({ operation }) => operation.security?.some((requirement) => 'bearer' in requirement)).length).toBeGreaterThan(
      10,
    );
    expect(operations.filter(({ route }) => route.startsWith('/api/v2/ops/')).length).toBeGreaterThan(10);
  });

  it('carries no secret in a path or a query, which logs, proxies and browser histories keep', () => {
    // Names a secret goes by, as a whole word of the parameter's name (`invitation_token`, `apiKey`).
    const secretName =
      /(^|[^a-z])(token|secret|key|password|passcode|passphrase|code|otp|pin|signature|sig|credential|session)s?($|[^a-z])/i;
    // A value shaped like one of our secrets: an opaque token (32 random bytes, base64url), an
    // operator session, an automation token.
    const opaque = 'Zm9vYmFyYmF6cXV4cXV1eHh5enp5MDEyMzQ1Njc4OWE';
    const tokenShaped = [opaque, `op_${opaque}`, `rtk_${opaque}`];
    // Parameters whose name reads like a secret but which name something public, with the reason.
    const notSecrets = new Map([
      // A page text's key (`hero.title`), in the content editor's calls.
      ['PUT /api/v2/ops/content/{locale}/{namespace}/{key} path key', 'a page text key'],
      // A passkey's credential id: the authenticator hands it to any site that asks, it proves nothing.
      ['DELETE /api/v2/ops/passkeys/{id} path id', 'a WebAuthn credential id'],
    ]);
    interface Parameter {
      in: string;
      name: string;
      schema?: { enum?: unknown[]; pattern?: string; anyOf?: { pattern?: string }[]; example?: unknown; examples?: unknown[] };
    }
    const carriers: string[] = [];
    let scanned = 0;
    for (const { method, route, operation } of operationsOf(document)) {
      for (const parameter of (operation.parameters ?? []) as Parameter[]) {
        if (parameter.in !== 'path' && parameter.in !== 'query') continue;
        scanned += 1;
        const where = `${method} ${route} ${parameter.in} ${parameter.name}`;
        const patterns = [parameter.schema?.pattern, ...(parameter.schema?.anyOf ?? []).map((option) => option.pattern)].filter(
          (pattern): pattern is string => pattern !== undefined,
        );
        const examples = [parameter.schema?.example, ...(parameter.schema?.examples ?? [])].filter((value) => typeof value === 'string');
        const shaped =
          patterns.some((pattern) => tokenShaped.some((value) => new RegExp(pattern, 'u').test(value))) ||
          examples.some((value) => /^(op_|rtk_)?[A-Za-z0-9_-]{43}$/.test(String(value)));
        // A closed list printed in this public document (`country_code`) holds no secret.
        const published = Array.isArray(parameter.schema?.enum);
        if (!notSecrets.has(where) && ((secretName.test(parameter.name) && !published) || shaped)) carriers.push(where);
      }
    }
    expect(carriers).toEqual([]);
    expect(scanned, 'the scan read the parameters').toBeGreaterThan(20);
    // Every exception still names a parameter the API has: a renamed one is not silently excused.
    for (const where of notSecrets.keys()) {
      const [method, route, place, name] = where.split(' ');
      const operation = document.paths[route!]?.[method!.toLowerCase()];
      expect(
        (operation?.parameters as Parameter[] | undefined)?.some((p) => p.in === place && p.name === name),
        where,
      ).toBe(true);
    }
  });

  it('agrees with docs/api.md on every call and every status', () => {
    const markdown = readFileSync(path.join(import.meta.dirname, '../../../docs/api.md'), 'utf8');
    const documented = documentedCalls(markdown);
    const served = new Map(operationsOf(document).map((entry) => [pathKey(entry.method, entry.route), entry]));
    expect(
      [...served.keys()].filter((key) => !documented.has(key)),
      'served, not in docs/api.md',
    ).toEqual([]);
    expect(
      [...documented.keys()].filter((key) => !served.has(key)),
      'in docs/api.md, not served',
    ).toEqual([]);
    const disagreements: string[] = [];
    for (const [key, { method, operation }] of served) {
      const declared = new Set(Object.keys(operation.responses).map(Number));
      const implied = new Set(impliedStatuses(method, operation));
      const written = documented.get(key) ?? new Set<number>();
      const unwritten = [...declared].filter((status) => !implied.has(status) && !written.has(status));
      const undeclared = [...written].filter((status) => !declared.has(status));
      if (unwritten.length > 0) disagreements.push(`${key}: answers ${unwritten.join(', ')}, not in docs/api.md`);
      if (undeclared.length > 0) disagreements.push(`${key}: docs/api.md says ${undeclared.join(', ')}, the route does not declare it`);
    }
    expect(disagreements).toEqual([]);
  });
});

describe('the answer check of the tests', () => {
  it('refuses an answer whose body or status its route does not declare', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    await registerApiDescription(app);
    app.get(
      '/declared',
      {
        schema: {
          querystring: z.object({ kind: z.enum(['right', 'wrong', 'teapot']) }),
          response: { 200: z.object({ count: z.number() }) },
        },
      },
      async (request, typedReply) => {
        const reply: FastifyReply = typedReply;
        const { kind } = z.object({ kind: z.string() }).parse(request.query);
        if (kind === 'teapot') return reply.status(418).send({ count: 1 });
        return { count: kind === 'right' ? 1 : 'one' };
      },
    );
    const contract = checkAnswers(app);
    await app.ready();
    const ask = async (kind: string) => contract.take((await app.inject({ method: 'GET', url: `/declared?kind=${kind}` })).raw.req);
    try {
      expect(await ask('right')).toBeUndefined();
      expect(await ask('wrong')).toMatch(/GET \/declared answered 200 with a body its declared schema refuses/);
      expect(await ask('teapot')).toMatch(/answered 418, a status the route does not declare/);
      // Input that fails the declared schema is answered in the API's error shape, declared by the description (400).
      expect(await ask('other')).toBeUndefined();
      expect((await app.inject({ method: 'GET', url: '/declared?kind=other' })).json()).toEqual({
        error: { code: 'VALIDATION_FAILED', message: 'Please check the highlighted fields.', fields: { kind: 'invalidValue' } },
      });
    } finally {
      await app.close();
    }
  });
});

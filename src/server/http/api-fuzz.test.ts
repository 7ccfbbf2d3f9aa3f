import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer } from '../testing/accounts';
import { databaseKinds } from '../testing/databases';
import { mistakeOf, valueOf, type JsonSchema } from '../testing/openapi-arbitraries';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * Every operation of the OpenAPI document, called with input generated from its own description:
 * valid and not, with and without credentials. No answer may be a 5xx, and every answer must be
 * one its route declares (test-app checks the status and the body of each one).
 */

const operatorKey = 'fuzz-ops-key-0123456789abcdef';
/** Generated requests per operation and database: a few seconds per database in all. */
const runsPerOperation = 25;

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  security?: Record<string, string[]>[];
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

type Credential = 'none' | 'customer' | 'unknown token' | 'ops key' | 'wrong ops key';

interface GeneratedRequest {
  credential: Credential;
  path: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  body?: { kind: 'json' | 'form' | 'malformed'; value: unknown };
}

/** Query, path and header values travel as text. */
const asText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint'
      ? String(value)
      : (JSON.stringify(value) ?? '');

function valuesOf(parameters: Parameter[], components: Record<string, JsonSchema>): fc.Arbitrary<Record<string, string>> {
  const fields: Record<string, fc.Arbitrary<string>> = {};
  // A path segment of "." or ".." is resolved away by URL rules before any route sees it: it names
  // another address, whatever the schema would let through.
  const isDotSegment = (parameter: Parameter, text: string) => parameter.in === 'path' && (text === '.' || text === '..');
  for (const parameter of parameters) {
    const valid = valueOf(parameter.schema, components)
      .map(asText)
      .filter((text) => !isDotSegment(parameter, text));
    const invalid = fc.string({ minLength: 1, maxLength: 30 }).filter((text) => text !== '.' && text !== '..');
    fields[parameter.name] = fc.oneof({ weight: 3, arbitrary: valid }, { weight: 1, arbitrary: invalid });
  }
  const required = parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name);
  return fc.record(fields, { requiredKeys: required });
}

function requestOf(operation: Operation, components: Record<string, JsonSchema>): fc.Arbitrary<GeneratedRequest> {
  const parameters = operation.parameters ?? [];
  const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
  const credentials: Credential[] =
    schemes.includes('opsToken') || schemes.includes('operatorSession')
      ? ['none', 'customer', 'ops key', 'wrong ops key']
      : schemes.includes('bearer')
        ? ['none', 'customer', 'unknown token']
        : ['none', 'customer'];
  const content = operation.requestBody?.content ?? {};
  const bodySchema = content['application/json']?.schema;
  const kinds: ('json' | 'form')[] = content['application/x-www-form-urlencoded'] ? ['json', 'form'] : ['json'];
  const body = bodySchema
    ? fc.oneof(
        { weight: 3, arbitrary: fc.record({ kind: fc.constantFrom(...kinds), value: valueOf(bodySchema, components) }) },
        { weight: 2, arbitrary: fc.record({ kind: fc.constant('json' as const), value: mistakeOf(bodySchema, components) }) },
        {
          weight: 1,
          arbitrary: fc.record({ kind: fc.constant('malformed' as const), value: fc.constantFrom('{', '{"a":', 'not json', '[1,') }),
        },
      )
    : fc.constant(undefined);
  const extraQuery = fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), fc.string({ maxLength: 10 }), { maxKeys: 2 });
  return fc.record({
    credential: fc.constantFrom(...credentials),
    path: valuesOf(
      parameters.filter((parameter) => parameter.in === 'path'),
      components,
    ),
    query: fc
      .tuple(
        valuesOf(
          parameters.filter((parameter) => parameter.in === 'query'),
          components,
        ),
        fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: extraQuery }),
      )
      .map(([known, extra]) => ({ ...extra, ...known })),
    headers: valuesOf(
      parameters.filter((parameter) => parameter.in === 'header'),
      components,
    ),
    body,
  });
}

describe.each(databaseKinds)('every endpoint of the OpenAPI document, fuzzed, on %s', (kind) => {
  let t: TestApp;
  let document: OpenApiDocument;
  let customerToken: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { OPS_KEY: operatorKey } });
    document = (await t.inject({ method: 'GET', url: '/api/v2/openapi.json' })).json<OpenApiDocument>();
    customerToken = (await customer(t)).tokens.access_token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers no 5xx and only declared answers; without their credential, customer calls answer 401 and operator calls 403', async () => {
    const components = document.components?.schemas ?? {};
    const operations = Object.entries(document.paths).flatMap(([route, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ route, method: method.toUpperCase(), operation })),
    );
    expect(operations.length).toBeGreaterThan(30);
    for (const { route, method, operation } of operations) {
      const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
      const anonymousAllowed =
        operation.security === undefined || operation.security.some((requirement) => Object.keys(requirement).length === 0);
      const property = fc.asyncProperty(requestOf(operation, components), async (request) => {
        const url = route.replace(/\{([^}]+)\}/g, (_match, name: string) => encodeURIComponent(request.path[name] ?? 'x'));
        const query = new URLSearchParams(request.query).toString();
        const headers: Record<string, string> = { ...request.headers };
        if (request.credential === 'customer') headers.authorization = `Bearer ${customerToken}`;
        if (request.credential === 'unknown token') headers.authorization = `Bearer ${'u'.repeat(43)}`;
        if (request.credential === 'ops key') headers['x-ops-key'] = operatorKey;
        if (request.credential === 'wrong ops key') headers['x-ops-key'] = `${operatorKey}-wrong`;
        let payload: string | undefined;
        if (request.body?.kind === 'form' && typeof request.body.value === 'object' && request.body.value !== null) {
          headers['content-type'] = 'application/x-www-form-urlencoded';
          payload = new URLSearchParams(Object.entries(request.body.value).map(([name, value]) => [name, asText(value)])).toString();
        } else if (request.body) {
          headers['content-type'] = 'application/json';
          payload = request.body.kind === 'malformed' ? String(request.body.value) : JSON.stringify(request.body.value ?? null);
        }
        const response = await t.inject({
          method,
          url: query ? `${url}?${query}` : url,
          headers,
          ...(payload !== undefined ? { payload } : {}),
        });
        expect(response.statusCode).toBeLessThan(500);
        const withoutBearer = request.credential === 'none' || request.credential === 'unknown token';
        // A body that is not JSON, or that would poison prototypes, is refused as it is read, before any credential is looked at.
        const refusedAsRead = request.body?.kind === 'malformed' || /"(__proto__|constructor)"\s*:/.test(payload ?? '');
        if (schemes.includes('bearer') && !anonymousAllowed && withoutBearer && !refusedAsRead) expect(response.statusCode).toBe(401);
        // The operator's credential is checked as the request arrives, before anything else; a customer's token is none.
        // Only the CLI's local key makes a local-only call: OPS_KEY is refused there too.
        const localOnly = (operation.security ?? []).some((requirement) => requirement.opsToken?.includes('local'));
        const tokenAllowed = schemes.includes('opsToken') && !localOnly;
        if (
          (schemes.includes('opsToken') || schemes.includes('operatorSession')) &&
          !anonymousAllowed &&
          (request.credential !== 'ops key' || !tokenAllowed)
        ) {
          expect([401, 403]).toContain(response.statusCode);
        }
      });
      try {
        await fc.assert(property, { numRuns: runsPerOperation });
      } catch (error) {
        throw new Error(`${method} ${route}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  });
});

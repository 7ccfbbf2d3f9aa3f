import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { localOnlyAccess, operatorRoles, type OperatorRole } from '#domain/schemas/operators';
import type { AppContext } from '../app-context';
import type { Actor } from '../modules/audit/audit';
import { operatorOfSession } from '../modules/operators/operators';
import { actorOfAutomationToken } from '../modules/operators/tokens';
import { localCliActor } from '../operator-cli/local-actor';
import { ApiError } from './api-error';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

const loopbackAddresses = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/**
 * What a proxy adds to what it relays: `Via` (RFC 9110, also sent by proxies that add no address),
 * `Forwarded` (RFC 7239), any `X-Forwarded-*`, and the client-address headers of nginx, Apache,
 * CDNs and load balancers. The CLI sends none of them.
 */
const proxyHeaders = new Set([
  'via',
  'forwarded',
  'x-real-ip',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'x-cluster-client-ip',
  'fastly-client-ip',
]);

function isProxyHeader(name: string): boolean {
  return proxyHeaders.has(name) || name.startsWith('x-forwarded-') || name.startsWith('x-original-forwarded-');
}

/**
 * A request from this machine: its socket comes from loopback (not `request.ip`, which a proxy
 * header can set) and it came through no proxy. A reverse proxy on the same host connects from
 * loopback too; a request that carries any header a proxy adds (even one that names no address)
 * may come from anywhere, so it is not taken as local.
 */
function isLocalRequest(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress;
  if (address === undefined || !loopbackAddresses.has(address)) return false;
  // Node gives header names in lower case.
  return !Object.keys(request.headers).some(isProxyHeader);
}

/**
 * `security` of an /ops call (OpenAPI): the roles that may make it, with an operator's session or
 * with an automation token. The guard reads the same list, so the document and the check agree.
 */
export function operatorAccess(...roles: [OperatorRole, ...OperatorRole[]]): Record<string, readonly string[]>[] {
  return [{ operatorSession: roles }, { opsToken: roles }];
}

/** `security` of a call only the ops CLI on the server's own machine makes: its local key, from loopback. */
export const localCliAccess: Record<string, readonly string[]>[] = [{ opsToken: [localOnlyAccess] }];

/**
 * `security` of a call only a person makes (their passkeys, their session): an operator's session
 * with one of the roles; no token.
 */
export function operatorOnlyAccess(...roles: [OperatorRole, ...OperatorRole[]]): Record<string, readonly string[]>[] {
  return [{ operatorSession: roles }];
}

type Scheme = 'operatorSession' | 'opsToken';

/**
 * The roles a route's `security` names, for one way of calling (or for any, without `scheme`);
 * undefined when it names none.
 */
export function declaredRoles(security: unknown, scheme?: Scheme): string[] | undefined {
  if (!Array.isArray(security)) return undefined;
  const names = new Set<string>();
  for (const requirement of security as unknown[]) {
    if (typeof requirement !== 'object' || requirement === null) continue;
    for (const [name, list] of Object.entries(requirement as Record<string, unknown>)) {
      if (scheme !== undefined && name !== scheme) continue;
      if (Array.isArray(list)) for (const role of list as unknown[]) if (typeof role === 'string') names.add(role);
    }
  }
  return names.size > 0 ? [...names] : undefined;
}

const bearerOperatorToken = /^Bearer[ ]+(op_[A-Za-z0-9_-]{43})\s*$/i;

/** The operator session token a request carries in `Authorization: Bearer op_…`, if any. */
export function operatorBearerToken(request: FastifyRequest): string | undefined {
  const authorization = request.headers.authorization;
  return typeof authorization === 'string' ? bearerOperatorToken.exec(authorization)?.[1] : undefined;
}

type GuardContext = Pick<AppContext, 'config' | 'localOperatorKey' | 'db' | 'now'>;

/**
 * Who is calling: a signed-in operator (`Authorization: Bearer op_…`), or a key in X-Ops-Key: the
 * deployment's OPS_KEY (all roles, audited as `OPS_KEY`), this machine's local key for the ops CLI
 * (loopback only; all roles, audited as `cli@<host>`), or a named automation token. Keys are
 * compared in constant time (hashes of equal length). A customer's token is none of these.
 */
async function callerOf(context: GuardContext, request: FastifyRequest): Promise<Actor> {
  const address = request.ip ?? null;
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string' && authorization.length > 0) {
    const token = operatorBearerToken(request);
    const times = { idleSeconds: context.config.operatorSessionIdleSeconds, maxAgeSeconds: context.config.operatorSessionMaxAgeSeconds };
    const actor = token ? await operatorOfSession(context.db, token, context.now(), times, address) : undefined;
    if (!actor) throw new ApiError(401, 'OPERATOR_UNAUTHORIZED');
    return actor;
  }
  const header = request.headers['x-ops-key'];
  const given = typeof header === 'string' ? header : '';
  if (given.length === 0) throw new ApiError(401, 'OPERATOR_UNAUTHORIZED');
  const hash = digest(given);
  const operatorKey = context.config.operatorKey ? digest(context.config.operatorKey) : undefined;
  const localKey = context.localOperatorKey && isLocalRequest(request) ? digest(context.localOperatorKey) : undefined;
  // Both compared whatever the first answers: the time taken does not tell which key matched.
  const isOperatorKey = operatorKey !== undefined && timingSafeEqual(hash, operatorKey);
  const isLocalKey = localKey !== undefined && timingSafeEqual(hash, localKey);
  if (isLocalKey) return localCliActor();
  if (isOperatorKey) return { kind: 'token', id: null, name: 'OPS_KEY', person: 'key:OPS_KEY', roles: operatorRoles, address };
  const token = await actorOfAutomationToken(context.db, given, address);
  if (!token) throw new ApiError(403, 'OPS_KEY_INVALID');
  return token;
}

const actors = new WeakMap<FastifyRequest, Actor>();

/**
 * The caller, allowed by the call's `security`: a signed-in operator by its `operatorSession`
 * roles, a token or the CLI by its `opsToken` roles (`local`: the CLI on this machine only).
 * Otherwise the error to answer.
 */
export async function authorizeOperator(context: GuardContext, request: FastifyRequest, security: unknown): Promise<Actor> {
  const actor = await callerOf(context, request);
  const roles = declaredRoles(security, actor.kind === 'operator' ? 'operatorSession' : 'opsToken') ?? [];
  if (roles.includes(localOnlyAccess)) {
    if (actor.kind !== 'cli') throw new ApiError(403, 'LOCAL_CLI_ONLY');
  } else if (!actor.roles.some((role) => roles.includes(role))) {
    throw new ApiError(403, 'OPERATOR_ROLE_REQUIRED');
  }
  actors.set(request, actor);
  return actor;
}

/** The caller of a route under registerOperatorScope, as its guard found it. */
export function currentActor(request: FastifyRequest): Actor {
  const actor = actors.get(request);
  if (!actor) throw new ApiError(401, 'OPERATOR_UNAUTHORIZED');
  return actor;
}

function zodScope(scope: FastifyInstance) {
  return scope.withTypeProvider<ZodTypeProvider>();
}
/** A Fastify scope whose routes validate with the zod schemas of src/domain. */
export type OperatorRoutes = ReturnType<typeof zodScope>;

/**
 * The operator routes of a module: registered under /ops, each behind the guard, which lets in only
 * callers holding one of the roles the route's `security` declares (operatorAccess). A route that
 * declares none is refused when the server starts, so no call is left open by omission.
 */
export async function registerOperatorScope(
  api: FastifyInstance,
  context: GuardContext,
  routes: (ops: OperatorRoutes) => void | Promise<void>,
): Promise<void> {
  await api.register(
    async (scope) => {
      const ops = zodScope(scope);
      ops.addHook('onRoute', (route) => {
        if (!declaredRoles(route.schema?.security))
          throw new Error(`${String(route.method)} /ops${route.url} declares no roles (operatorAccess)`);
      });
      ops.addHook('onRequest', async (request) => {
        await authorizeOperator(context, request, request.routeOptions.schema?.security);
      });
      await routes(ops);
    },
    { prefix: '/ops' },
  );
}

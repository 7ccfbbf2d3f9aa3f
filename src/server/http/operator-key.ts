import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context';
import { ApiError } from './api-error';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

const loopbackAddresses = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/** What a reverse proxy adds to what it relays (nginx, Caddy, HAProxy, load balancers). */
const forwardingHeaders = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/**
 * A request from this machine: its socket comes from loopback (not `request.ip`, which a proxy
 * header can set) and it came through no proxy. A reverse proxy on the same host connects from
 * loopback too, but adds a forwarding header, so what it relays is not taken as local.
 */
function isLocalRequest(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress;
  if (address === undefined || !loopbackAddresses.has(address)) return false;
  return forwardingHeaders.every((name) => request.headers[name] === undefined);
}

/**
 * Operator routes. No OPS_KEY configured and no local key: they do not exist (404), so a
 * deployment without operators shows no door. OPS_KEY set: X-Ops-Key must match, from anywhere.
 * The local key (made by a PGlite server when OPS_KEY is unset, for the ops CLI) is accepted from
 * this machine only; from elsewhere the door stays absent. Keys are compared in constant time
 * (hashes of equal length); a wrong or missing key is 403 OPS_KEY_INVALID.
 */
export function operatorKeyGuard(context: Pick<AppContext, 'config' | 'opsLocalKey'>) {
  const expected = context.config.opsKey ? digest(context.config.opsKey) : undefined;
  const local = context.opsLocalKey ? digest(context.opsLocalKey) : undefined;
  return async (request: FastifyRequest) => {
    const localAllowed = local !== undefined && isLocalRequest(request);
    if (!expected && !localAllowed) throw new ApiError(404, 'NOT_FOUND');
    const header = request.headers['x-ops-key'];
    const given = typeof header === 'string' ? header : '';
    const hash = digest(given);
    // Both compared whatever the first answers: the time taken does not tell which key matched.
    const matchesOpsKey = expected !== undefined && timingSafeEqual(hash, expected);
    const matchesLocalKey = localAllowed && timingSafeEqual(hash, local);
    if ((!matchesOpsKey && !matchesLocalKey) || given.length === 0) throw new ApiError(403, 'OPS_KEY_INVALID');
  };
}

function zodScope(scope: FastifyInstance) {
  return scope.withTypeProvider<ZodTypeProvider>();
}
/** A Fastify scope whose routes validate with the zod schemas of src/domain. */
export type OpsRoutes = ReturnType<typeof zodScope>;

/**
 * The operator routes of a module: registered under /ops, each behind the operator key. The one
 * way a module opens its /ops scope, so no route can be added outside the guard.
 */
export async function registerOpsScope(
  api: FastifyInstance,
  context: Pick<AppContext, 'config' | 'opsLocalKey'>,
  routes: (ops: OpsRoutes) => void | Promise<void>,
): Promise<void> {
  await api.register(
    async (scope) => {
      const ops = zodScope(scope);
      ops.addHook('onRequest', operatorKeyGuard(context));
      await routes(ops);
    },
    { prefix: '/ops' },
  );
}

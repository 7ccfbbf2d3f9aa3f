import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { countryCodes } from '../../../domain/markets';
import type { AppContext } from '../../app';
import { ApiError } from '../../http/api-error';
import { parseInput } from '../../http/validation';
import { adjustBalance, cancelScan, checkIn, issueContainers, reject, unscannedContainers } from './operations';

const codeList = z.array(z.string().trim().min(1).max(300), { error: 'invalidValue' }).min(1, { error: 'required' }).max(2000, { error: 'tooLong' });
const text = (max: number) => z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(max, { error: 'tooLong' });

export const checkInBody = z.strictObject({ codes: codeList, note: text(200).optional() });
export const rejectBody = z.strictObject({ codes: codeList, reason: text(300) });
export const cancelBody = z
  .strictObject({ scan_id: z.uuid({ error: 'invalidValue' }).optional(), code: z.string().trim().min(1).max(300).optional(), reason: text(300).optional() })
  .refine((body) => (body.scan_id === undefined) !== (body.code === undefined), { path: ['scan_id'], error: 'required' });
export const adjustBody = z
  .strictObject({
    id: z.uuid({ error: 'invalidValue' }).optional(),
    user_id: z.uuid({ error: 'invalidValue' }).optional(),
    email: z.string().trim().min(3).max(254).optional(),
    amount: z.string({ error: 'required' }).trim().regex(/^-?\d{1,10}([.,]\d{1,2})?$/, { error: 'invalidValue' }),
    comment: text(500),
  })
  .refine((body) => body.user_id !== undefined || body.email !== undefined, { path: ['user_id'], error: 'required' });
export const containersBody = z.strictObject({ product_id: text(100), count: z.number().int().min(1).max(1000) });
export const unscannedQuery = z.strictObject({
  country_code: z.enum(countryCodes).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(20),
});

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
export function opsKeyGuard(context: Pick<AppContext, 'config' | 'opsLocalKey'>) {
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

export async function registerOpsRoutes(ops: FastifyInstance, context: AppContext) {
  ops.addHook('onRequest', opsKeyGuard(context));

  ops.post('/checkins', async (request) => {
    const body = parseInput(checkInBody, request.body);
    return { data: await checkIn(context.db, body.codes, context.now(), body.note) };
  });

  ops.post('/rejections', async (request) => {
    const body = parseInput(rejectBody, request.body);
    return { data: await reject(context.db, body.codes, body.reason, context.now()) };
  });

  ops.post('/cancellations', async (request) => {
    const body = parseInput(cancelBody, request.body);
    const target = body.scan_id ? { scanId: body.scan_id } : { code: body.code! };
    return { data: await cancelScan(context.db, target, body.reason, context.now()) };
  });

  ops.post('/adjustments', async (request, reply) => {
    const body = parseInput(adjustBody, request.body);
    const { created, adjustment } = await adjustBalance(
      context.db,
      { id: body.id, userId: body.user_id, email: body.email, amount: body.amount, comment: body.comment },
      context.now(),
    );
    return reply.status(created ? 201 : 200).send({ data: adjustment });
  });

  ops.post('/containers', async (request, reply) => {
    const body = parseInput(containersBody, request.body);
    const codes = await issueContainers(context.db, body.product_id, body.count, context.now());
    return reply.status(201).send({ data: { product_id: body.product_id, codes } });
  });

  ops.get('/containers/unscanned', async (request) => {
    const query = parseInput(unscannedQuery, request.query);
    const rows = await unscannedContainers(context.db, query.country_code, query.limit);
    return { data: rows.map((row) => ({ code: row.code, product_id: row.productId, country_code: row.countryCode })) };
  });
}

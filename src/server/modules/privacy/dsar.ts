import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { ListTotals } from '#domain/schemas/operator-answers';
import { mailErrorSummary } from '../../mail/mailer';
import type { FastifyBaseLogger } from 'fastify';
import type { DsarBody, DsarReceipt } from '#domain/schemas/privacy';
import type { AppContext } from '../../app-context';
import type { Database, Executor } from '../../db/client';
import { afterPageKey, pageKeyTime, type PageKey } from '../../db/page-keys';
import { dataRequestCounts, dsarRequests } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { recordAudit, type Actor } from '../audit/audit';
import { dataRequestAcknowledgementMail, dataRequestSupportMail, type DataRequestMailInput } from '../../mail/templates';

/**
 * One month from receipt (GDPR art. 12(3)): the same day of the next month, or its last
 * day when it has none (31 January → 28 or 29 February), at the same time, in UTC.
 */
export function dsarDueDate(receivedAt: Date): Date {
  const due = new Date(receivedAt.getTime());
  const day = due.getUTCDate();
  due.setUTCDate(1);
  due.setUTCMonth(due.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(due.getUTCFullYear(), due.getUTCMonth() + 1, 0)).getUTCDate();
  due.setUTCDate(Math.min(day, lastDay));
  return due;
}

/** POST /dsar: the request is stored first; support is told and the requester gets an acknowledgement. */
export async function fileDataRequest(context: AppContext, body: DsarBody, log: FastifyBaseLogger): Promise<DsarReceipt> {
  const receivedAt = context.now();
  const dueAt = dsarDueDate(receivedAt);
  const [row] = await context.db
    .insert(dsarRequests)
    .values({
      kind: body.kind,
      name: body.name,
      email: body.email,
      countryCode: body.country_code,
      locale: body.locale,
      message: body.message || null,
      receivedAt,
      dueAt,
    })
    .returning();
  if (!row) throw new Error('insert returned no request');

  const mail: DataRequestMailInput = {
    id: row.id,
    kind: body.kind,
    name: body.name,
    email: body.email,
    countryCode: body.country_code,
    locale: body.locale,
    message: body.message || undefined,
    receivedAt,
    dueAt,
  };
  // Stored is received: operators see it in `dsar list` even if a mail fails.
  const sends = [
    context.mailer.send({ to: context.config.supportEmail, kind: 'dsar-support', ...dataRequestSupportMail(mail) }),
    context.mailer.send({ to: body.email, kind: 'dsar-acknowledgement', ...dataRequestAcknowledgementMail(mail) }),
  ];
  for (const result of await Promise.allSettled(sends)) {
    if (result.status === 'rejected') {
      const error: unknown = result.reason;
      log.error({ err: mailErrorSummary(error) }, 'data request mail not sent');
    }
  }
  return { id: row.id, kind: body.kind, received_at: receivedAt.toISOString(), due_at: dueAt.toISOString() };
}

export interface DataRequestView {
  id: string;
  kind: string;
  name: string | null;
  email: string | null;
  country_code: string;
  locale: string;
  message: string | null;
  received_at: string;
  due_at: string;
  closed_at: string | null;
  overdue: boolean;
}

function toView(row: typeof dsarRequests.$inferSelect, now: Date): DataRequestView {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    email: row.email,
    country_code: row.countryCode,
    locale: row.locale,
    message: row.message,
    received_at: row.receivedAt.toISOString(),
    due_at: row.dueAt.toISOString(),
    closed_at: row.closedAt ? row.closedAt.toISOString() : null,
    overdue: row.closedAt === null && row.dueAt.getTime() < now.getTime(),
  };
}

export interface DataRequestPageOptions {
  includeClosed: boolean;
  now: Date;
  limit?: number;
  /** The last request shown: its deadline and id. */
  after?: PageKey;
}

/** Operators: open requests (or all), the nearest deadline first, a page from `after` on. */
export async function listDataRequests(db: Executor, options: DataRequestPageOptions): Promise<(DataRequestView & { pageKey: PageKey })[]> {
  const rows = await dataRequestsPageQuery(db, options);
  return rows.map(({ request, pageAt }) => ({ ...toView(request, options.now), pageKey: { at: pageAt, id: request.id } }));
}

/** The page's query, an index range of dsar_requests_open_due_idx (open) or dsar_requests_due_idx (all). */
export function dataRequestsPageQuery(db: Executor, options: DataRequestPageOptions) {
  return db
    .select({ request: dsarRequests, pageAt: pageKeyTime(dsarRequests.dueAt) })
    .from(dsarRequests)
    .where(
      and(
        options.includeClosed ? undefined : isNull(dsarRequests.closedAt),
        afterPageKey(dsarRequests.dueAt, dsarRequests.id, options.after),
      ),
    )
    .orderBy(asc(dsarRequests.dueAt), asc(dsarRequests.id))
    .limit(options.limit ?? 1000);
}

/**
 * How many requests the list holds, and how many of them are past their deadline, in one query: the
 * counts per day of deadline (data_request_counts, kept by triggers, migration 0035) for every day
 * before today, and today's open requests read from dsar_requests_open_due_idx to compare with the hour.
 */
export function dataRequestTotalsQuery(db: Executor, options: { includeClosed: boolean; now: Date }) {
  const { now } = options;
  const todayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const today = todayStart.toISOString().slice(0, 10);
  const dueEarlierToday = sql`(select count(*) from ${dsarRequests} where ${dsarRequests.closedAt} is null
    and ${dsarRequests.dueAt} >= ${todayStart.toISOString()}::timestamptz and ${dsarRequests.dueAt} < ${now.toISOString()}::timestamptz)`;
  return db
    .select({
      rows: sql<number>`coalesce(sum(${dataRequestCounts.requests}), 0)::bigint`.mapWith(Number),
      overdue:
        sql<number>`(coalesce(sum(${dataRequestCounts.requests}) filter (where ${dataRequestCounts.open} and ${dataRequestCounts.dueOn} < ${today}::date), 0) + ${dueEarlierToday})::bigint`.mapWith(
          Number,
        ),
    })
    .from(dataRequestCounts)
    .where(options.includeClosed ? undefined : eq(dataRequestCounts.open, true));
}

export async function dataRequestTotals(
  db: Executor,
  options: { includeClosed: boolean; now: Date },
): Promise<{ totals: ListTotals; overdue: number }> {
  const [row] = await dataRequestTotalsQuery(db, options);
  return { totals: { count: row?.rows ?? 0, amounts: [] }, overdue: row?.overdue ?? 0 };
}

/** Operators: the request was answered. Closing twice answers the first closing. */
export async function closeDataRequest(db: Database, actor: Actor, id: string, now: Date): Promise<DataRequestView> {
  const closed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(dsarRequests)
      .set({ closedAt: now })
      .where(and(eq(dsarRequests.id, id), isNull(dsarRequests.closedAt)))
      .returning();
    // The requester's name and email stay on the request, which erasure reaches; the entry names its id.
    if (row) await recordAudit(tx, actor, { action: 'dsar.close', recordType: 'dsar_request', recordId: id, detail: { kind: row.kind } });
    return row;
  });
  if (closed) return toView(closed, now);
  const [existing] = await db.select().from(dsarRequests).where(eq(dsarRequests.id, id)).limit(1);
  if (!existing) throw new ApiError(404, 'NOT_FOUND');
  return toView(existing, now);
}

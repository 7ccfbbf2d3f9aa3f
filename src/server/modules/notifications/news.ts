import { and, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { isCurrency, moneyFromMinor } from '#domain/money';
import type { MarkNewsReadBody, NewsItem, NotificationSettings, PushSubscriptionBody } from '#domain/schemas/notifications';
import type { Database, Executor } from '../../db/client';
import { customerNews, notificationSettings, pushSubscriptions } from '../../db/schema';
import type { NewsRecord } from '#domain/news-texts';

const newsOutcomes = ['credited', 'upheld', 'awarded', 'dismissed'] as const;

function newsItem(row: typeof customerNews.$inferSelect): NewsItem {
  const params = row.params as NewsRecord['params'];
  const currency = params.currency;
  const amount = params.amount_minor !== undefined && isCurrency(currency) ? moneyFromMinor(params.amount_minor, currency) : null;
  return {
    id: String(row.id),
    kind: row.kind,
    row_id: row.rowId,
    created_at: row.createdAt.toISOString(),
    read: row.readAt !== null,
    amount,
    count: typeof params.count === 'number' ? params.count : null,
    reason: params.reason ?? null,
    outcome: newsOutcomes.find((outcome) => outcome === params.outcome) ?? null,
  };
}

async function unreadCount(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(customerNews)
    .where(and(eq(customerNews.userId, userId), isNull(customerNews.readAt)));
  return Number(row?.unread ?? 0);
}

/** The latest news first, and how many are unread (of all, not only this page). */
export async function listNews(db: Database, userId: string, limit: number): Promise<{ data: NewsItem[]; meta: { unread: number } }> {
  const rows = await db.select().from(customerNews).where(eq(customerNews.userId, userId)).orderBy(desc(customerNews.id)).limit(limit);
  return { data: rows.map(newsItem), meta: { unread: await unreadCount(db, userId) } };
}

/** Marks the given news of this customer read (others' ids are ignored), or all of it. */
export async function markNewsRead(db: Database, userId: string, body: MarkNewsReadBody, now: Date): Promise<{ unread: number }> {
  const mine = and(eq(customerNews.userId, userId), isNull(customerNews.readAt));
  await db
    .update(customerNews)
    .set({ readAt: now })
    .where(body.ids ? and(mine, inArray(customerNews.id, body.ids.map(Number))) : mine);
  return { unread: await unreadCount(db, userId) };
}

export async function notificationSettingsOf(db: Database, userId: string): Promise<NotificationSettings> {
  const [settings] = await db
    .select({ email: notificationSettings.email })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  const subscriptions = await db
    .select({ endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(pushSubscriptions.createdAt);
  return { email: settings?.email ?? false, push_endpoints: subscriptions.map((row) => row.endpoint) };
}

export async function setEmailPreference(db: Database, userId: string, email: boolean): Promise<NotificationSettings> {
  await db
    .insert(notificationSettings)
    .values({ userId, email })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { email } });
  return notificationSettingsOf(db, userId);
}

/** Browsers one customer may have subscribed at once; a new one beyond it replaces the oldest. */
export const maxPushSubscriptionsPerCustomer = 10;

/**
 * Saves a browser's subscription for this sign-in. An endpoint belongs to one browser profile:
 * if another account had it (someone else signed in there before), it moves to this one, but only
 * when the keys match, that is when the caller holds that browser's subscription and did not
 * merely learn its address. A customer keeps the newest 10 (what each push costs is bounded).
 */
export async function subscribePush(
  db: Database,
  userId: string,
  familyId: string,
  body: PushSubscriptionBody,
  now: Date,
): Promise<{ created: boolean; taken: boolean }> {
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ userId, sessionFamilyId: familyId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, createdAt: now })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, sessionFamilyId: familyId, p256dh: body.keys.p256dh, auth: body.keys.auth, createdAt: now },
      setWhere: or(
        eq(pushSubscriptions.userId, userId),
        and(eq(pushSubscriptions.p256dh, body.keys.p256dh), eq(pushSubscriptions.auth, body.keys.auth)),
      ),
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  if (!row) return { created: false, taken: true };
  await db.execute(sql`
    delete from push_subscriptions where user_id = ${userId} and id not in (
      select id from push_subscriptions where user_id = ${userId}
      order by created_at desc, id limit ${maxPushSubscriptionsPerCustomer})`);
  return { created: row.inserted === true, taken: false };
}

/** Opting out on this browser: only the caller's own subscription goes. */
export async function unsubscribePush(db: Database, userId: string, endpoint: string): Promise<{ deleted: boolean }> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return { deleted: rows.length > 0 };
}

/** Account deletion: news, preference and subscriptions are the person's, and go with them. */
export async function eraseNotifications(db: Executor, userId: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  await db.delete(customerNews).where(eq(customerNews.userId, userId));
  await db.delete(notificationSettings).where(eq(notificationSettings.userId, userId));
}

/**
 * The personal-data export's part: the preference, the news, and where pushes go (the push
 * service and when, not the endpoint itself, which works as a key to the person's browser).
 */
export async function notificationsExport(executor: Executor, userId: string) {
  const [settings] = await executor
    .select({ email: notificationSettings.email })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  const news = await executor.select().from(customerNews).where(eq(customerNews.userId, userId)).orderBy(customerNews.id);
  const subscriptions = await executor
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(pushSubscriptions.createdAt);
  return {
    email: settings?.email ?? false,
    news: news.map(newsItem),
    push_subscriptions: subscriptions.map((row) => ({
      push_service: new URL(row.endpoint).origin,
      subscribed_at: row.createdAt.toISOString(),
    })),
  };
}

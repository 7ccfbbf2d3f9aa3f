import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { defaultLocale } from '#domain/locales';
import { isSupportedLocale, type CountryCode, type SupportedLocale } from '#domain/markets';

import type { PushPayload } from '#domain/schemas/notifications';
import { rowsOf, type Database } from '../../db/client';
import { customerNews, notificationSettings, pushSubscriptions, users } from '../../db/schema';
import { mailErrorSummary, type Mailer } from '../../mail/mailer';
import { newsMail } from '../../mail/templates';
import { maxPushSubscriptionsPerCustomer } from './news';
import type { PushSender } from './push-sender';
import { newsText, severalNewsTitle, type NewsRecord } from '#domain/news-texts';

/** NOTIFY channel of customer_news_queue (migration 0013): something is waiting. */
export const newsChannel = 'roundtrip_news';

/** Rules of delivery; tests read them, production keeps the defaults. */
export const deliveryRules = {
  /** A customer's next push waits this long after the last one: a burst becomes one summary. */
  pushIntervalSeconds: 30,
  /** How long a claimed customer stays with the instance that claimed it before another may retry. */
  leaseSeconds: 120,
  /** Waits after the 1st, 2nd… failed pass; after the last one the news is given up (it stays in the app). */
  retryDelaysSeconds: [30, 120, 600, 1800],
  /** Customers claimed per pass. */
  batch: 20,
  /**
   * Customers being delivered to at once, across passes. Each one's pushes go out together, each
   * under its own deadline (push-sender.ts), so a customer whose addresses never answer holds one
   * of these places for one deadline and nobody else's delivery waits behind it.
   */
  customersAtOnce: 16,
  /** News carried by one push or mail at most; more waits for the next pass. */
  newsPerDelivery: 20,
  pollSeconds: 5,
} as const;

export interface DispatcherOptions {
  db: Database;
  mailer: Mailer;
  /** Absent: push is off (WEB_PUSH=false); news still reaches the app and the mail. */
  push: PushSender | undefined;
  publicUrl: string;
  now: () => Date;
  log: FastifyBaseLogger;
}

export interface NotificationDispatcher {
  /** One pass: claims the customers with news due, delivers, records. Answers how many were handled. */
  deliverDue(): Promise<number>;
  /** Passes every few seconds and on each NOTIFY the embedded database hands over. */
  start(listen?: (channel: string, onPayload: (payload: string) => void) => Promise<void>): Promise<void>;
  /** Stops the timer and waits for a pass under way. */
  stop(): Promise<void>;
}

interface Claimed {
  user_id: string;
  attempts: number;
  email: boolean;
}

/** The app path that shows a news's row: the account page with the history row picked out. */
function rowPath(country: CountryCode, rowId: string): string {
  return `/${country}/user/account?row=${encodeURIComponent(rowId)}`;
}

/**
 * Delivers news after the commit that wrote it. Each pass claims due customers with
 * `FOR UPDATE SKIP LOCKED` and moves their due time forward by a lease in the same statement, so
 * another instance on the same database skips them now and takes them over only if this one died
 * (the lease ran out). Sending happens outside any transaction (PGlite runs one statement at a
 * time: a transaction held open over the network would stall every customer).
 */
export function createNotificationDispatcher(options: DispatcherOptions): NotificationDispatcher {
  const { db, log } = options;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function claim(now: Date, limit: number): Promise<Claimed[]> {
    const at = now.toISOString();
    const result = await db.execute(sql`
      update notification_settings s
      set due_at = ${at}::timestamptz + make_interval(secs => ${deliveryRules.leaseSeconds}), attempts = s.attempts + 1
      where s.user_id in (
        select user_id from notification_settings
        where due_at <= ${at}::timestamptz
          and (last_sent_at is null or last_sent_at <= ${at}::timestamptz - make_interval(secs => ${deliveryRules.pushIntervalSeconds}))
        order by due_at
        limit ${limit}
        for update skip locked)
      returning s.user_id, s.attempts, s.email`);
    return rowsOf<Claimed>(result);
  }

  /**
   * The customer's subscriptions whose sign-in is still alive (a session that simply ran out ends
   * its subscriptions as a revoked one does), newest first, at most the per-customer cap.
   */
  async function liveSubscriptions(userId: string, now: Date) {
    const at = now.toISOString();
    await db.execute(sql`
      delete from push_subscriptions s
      where s.user_id = ${userId}
        and not exists (select 1 from refresh_tokens r where r.family_id = s.session_family_id and r.expires_at > ${at}::timestamptz)`);
    return db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt))
      .limit(maxPushSubscriptionsPerCustomer);
  }

  async function deliverTo(claimed: Claimed, now: Date): Promise<'done' | 'failed'> {
    const [user] = await db
      .select({ locale: users.locale, country: users.countryCode, email: users.email, name: users.name, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, claimed.user_id));
    const news = await db
      .select()
      .from(customerNews)
      .where(and(eq(customerNews.userId, claimed.user_id), or(isNull(customerNews.pushHandledAt), isNull(customerNews.mailHandledAt))))
      .orderBy(customerNews.id)
      .limit(deliveryRules.newsPerDelivery);
    if (!user || news.length === 0) return 'done';
    const locale: SupportedLocale = isSupportedLocale(user.locale) ? user.locale : defaultLocale;
    const country = user.country as CountryCode;
    const records: NewsRecord[] = news.map((row) => ({
      id: row.id,
      kind: row.kind,
      rowId: row.rowId,
      params: row.params as NewsRecord['params'],
    }));
    const texts = new Map(records.map((record) => [record.id, newsText(locale, record)]));
    let outcome: 'done' | 'failed' = 'done';
    let sent = false;

    const forPush = records.filter((record) => news.find((row) => row.id === record.id)?.pushHandledAt === null);
    if (forPush.length > 0) {
      const targets = options.push && !user.deletedAt ? await liveSubscriptions(claimed.user_id, now) : [];
      const single = forPush.length === 1 ? forPush[0] : undefined;
      const payload: PushPayload = single
        ? { ...texts.get(single.id)!, url: rowPath(country, single.rowId), tag: single.rowId, icon: '/icons/icon-192.png', lang: locale }
        : {
            title: severalNewsTitle(locale, forPush.length),
            body: forPush.map((record) => texts.get(record.id)!.title).join(' · '),
            url: `/${country}/user/news`,
            tag: 'news',
            icon: '/icons/icon-192.png',
            lang: locale,
          };
      let pushFailed = false;
      // All at once, each under its own deadline: a customer's slow or dead addresses cost one deadline, once.
      const results = await Promise.all(targets.map(async (target) => ({ target, result: await options.push!.send(target, payload) })));
      for (const { target, result } of results) {
        if (result.kind === 'sent') sent = true;
        else if (result.kind === 'gone') {
          await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, target.id));
          log.info({ status: result.status }, 'push subscription gone: dropped');
        } else if (result.kind === 'refused') {
          // Our own address rules refused it (push-endpoints.ts): it will never be sent, so it is not kept.
          await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, target.id));
          log.warn({ reason: result.reason }, 'push subscription refused at send time: dropped');
        } else {
          pushFailed = true;
          log.warn({ status: result.status, error: result.error, attempt: claimed.attempts }, 'push not delivered: will try again');
        }
      }
      if (pushFailed) outcome = 'failed';
      else
        await db
          .update(customerNews)
          .set({ pushHandledAt: now })
          .where(
            inArray(
              customerNews.id,
              forPush.map((record) => record.id),
            ),
          );
    }

    const forMail = records.filter((record) => news.find((row) => row.id === record.id)?.mailHandledAt === null);
    if (forMail.length > 0) {
      let mailed = true;
      if (claimed.email && user.email && !user.deletedAt) {
        const items = forMail.map((record) => ({
          ...texts.get(record.id)!,
          link: `${options.publicUrl}${rowPath(country, record.rowId)}`,
        }));
        try {
          await options.mailer.send({
            to: user.email,
            kind: 'news',
            ...newsMail({
              locale,
              name: user.name ?? '',
              items,
              subject: items.length === 1 ? items[0]!.title : severalNewsTitle(locale, items.length),
              settingsLink: `${options.publicUrl}/${country}/user/profile`,
            }),
          });
          sent = true;
        } catch (error) {
          mailed = false;
          log.warn({ err: mailErrorSummary(error), attempt: claimed.attempts }, 'news mail not sent: will try again');
        }
      }
      if (mailed)
        await db
          .update(customerNews)
          .set({ mailHandledAt: now })
          .where(
            inArray(
              customerNews.id,
              forMail.map((record) => record.id),
            ),
          );
      else outcome = 'failed';
    }
    if (sent) await db.update(notificationSettings).set({ lastSentAt: now }).where(eq(notificationSettings.userId, claimed.user_id));
    return outcome;
  }

  async function finish(claimed: Claimed, outcome: 'done' | 'failed', now: Date): Promise<void> {
    const at = now.toISOString();
    const delays = deliveryRules.retryDelaysSeconds;
    if (outcome === 'failed' && claimed.attempts <= delays.length) {
      await db.execute(sql`
        update notification_settings set due_at = ${at}::timestamptz + make_interval(secs => ${delays[claimed.attempts - 1]!})
        where user_id = ${claimed.user_id}`);
      return;
    }
    if (outcome === 'failed') {
      // Given up: the news stays in the app's list; a channel that kept failing does not block the next news.
      log.error({ attempts: claimed.attempts }, 'news not delivered after every retry: given up (still listed in the app)');
      await db
        .update(customerNews)
        .set({
          pushHandledAt: sql`coalesce(${customerNews.pushHandledAt}, ${at}::timestamptz)`,
          mailHandledAt: sql`coalesce(${customerNews.mailHandledAt}, ${at}::timestamptz)`,
        })
        .where(and(eq(customerNews.userId, claimed.user_id), or(isNull(customerNews.pushHandledAt), isNull(customerNews.mailHandledAt))));
    }
    await db.update(notificationSettings).set({ dueAt: null, attempts: 0 }).where(eq(notificationSettings.userId, claimed.user_id));
    // A separate statement, so it sees news committed while this pass ran (their trigger found the lease in place).
    await db.execute(sql`
      update notification_settings set due_at = '-infinity'
      where user_id = ${claimed.user_id} and due_at is null
        and exists (select 1 from customer_news n where n.user_id = ${claimed.user_id} and (n.push_handled_at is null or n.mail_handled_at is null))`);
  }

  async function deliverOne(customer: Claimed, now: Date): Promise<void> {
    let outcome: 'done' | 'failed';
    try {
      outcome = await deliverTo(customer, now);
    } catch (error) {
      log.error({ err: error }, 'news delivery pass failed: will try again');
      outcome = 'failed';
    }
    await finish(customer, outcome, now);
  }

  /** Customers being delivered to now, by every pass of this instance (reserved before their claim). */
  let busy = 0;
  const inFlight = new Set<Promise<void>>();

  /**
   * One pass claims as many due customers as there are free places and delivers to all of them at
   * once. Passes overlap: a customer whose delivery is slow stays leased, and the next pass takes
   * the others (src/server/modules/notifications/README.md, Delivery that one account cannot stall).
   */
  async function pass(): Promise<number> {
    const places = Math.min(deliveryRules.batch, deliveryRules.customersAtOnce - busy);
    if (places <= 0 || stopped) return 0;
    busy += places;
    let claimed: Claimed[] = [];
    try {
      const now = options.now();
      claimed = await claim(now, places);
      busy -= places - claimed.length;
      const deliveries = claimed.map((customer) => {
        const delivery = deliverOne(customer, now).finally(() => {
          busy -= 1;
          inFlight.delete(delivery);
        });
        inFlight.add(delivery);
        return delivery;
      });
      await Promise.all(deliveries);
    } catch (error) {
      if (claimed.length === 0) busy -= places;
      throw error;
    }
    return claimed.length;
  }

  async function deliverDue(): Promise<number> {
    return pass();
  }

  const tick = () => {
    deliverDue().catch((error: unknown) => log.error({ err: error }, 'news delivery failed'));
  };

  return {
    deliverDue,
    async start(listen) {
      if (listen) await listen(newsChannel, tick);
      timer = setInterval(tick, deliveryRules.pollSeconds * 1000);
      timer.unref();
      tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await Promise.allSettled([...inFlight]);
    },
  };
}

import { z } from 'zod';
import { moneySchema } from './money';

/** What a piece of news is about; the texts (app, push, mail) follow from it and its fields. */
export const newsKinds = [
  'SCAN_CREDITED',
  'SCAN_REJECTED',
  'WITHDRAWAL_PAID',
  'WITHDRAWAL_FAILED',
  'DISPUTE_RESOLVED',
  'CLAIM_DECIDED',
] as const;
export type NewsKind = (typeof newsKinds)[number];

/** One line of GET /user/news. */
export const newsItemSchema = z.object({
  id: z.string(),
  kind: z.enum(newsKinds),
  /** The history row it is about (`scan-batch:…`, `scan:…`, `withdrawal:…`). */
  row_id: z.string(),
  created_at: z.string(),
  read: z.boolean(),
  /** Credited, paid, or returned to the balance; null when no money moved (a rejection). */
  amount: moneySchema.nullable(),
  /** Containers credited by a check-in. */
  count: z.number().int().nullable(),
  /** The operator's reason (rejection, failed payout). */
  reason: z.string().nullable(),
  /**
   * A resolved dispute: credited to the customer, or the decision upheld. A decided claim (a
   * container someone else scanned first): awarded to the customer, or dismissed.
   */
  outcome: z.enum(['credited', 'upheld', 'awarded', 'dismissed']).nullable(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

export const newsListAnswerSchema = z.object({
  data: z.array(newsItemSchema),
  meta: z.object({ unread: z.number().int() }),
});
export type NewsListAnswer = z.infer<typeof newsListAnswerSchema>;

export const newsQuerySchema = z.strictObject({
  limit: z.coerce.number({ error: 'invalidValue' }).int().min(1).max(100).default(50),
});

/** Mark some news read (`ids`), or all of it (no body, or `{}`). */
export const markNewsReadBodySchema = z.strictObject({
  ids: z
    .array(z.string().regex(/^\d{1,18}$/, { error: 'invalidValue' }))
    .min(1)
    .max(100)
    .optional(),
});
export type MarkNewsReadBody = z.infer<typeof markNewsReadBodySchema>;

export const markNewsReadAnswerSchema = z.object({ data: z.object({ unread: z.number().int() }) });

/** base64url of `bytes` bytes, as browsers write it (unpadded; padding accepted). */
const base64url = (bytes: number) => {
  const characters = Math.ceil((bytes * 4) / 3);
  const padding = (4 - (characters % 4)) % 4;
  return z.string({ error: 'required' }).regex(new RegExp(`^[A-Za-z0-9_-]{${characters}}={0,${padding}}$`), { error: 'invalidValue' });
};

/** PushSubscription.toJSON() as the browser gives it: the server encrypts to p256dh with auth (RFC 8291). */
export const pushSubscriptionBodySchema = z.strictObject({
  // Push services' endpoints are plain ASCII and a few hundred characters; the bound also keeps it within an index entry.
  endpoint: z
    .url({ error: 'invalidValue', protocol: /^https?$/ })
    .max(1000, { error: 'tooLong' })
    .regex(/^[\x21-\x7e]+$/, { error: 'invalidValue' }),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({ p256dh: base64url(65), auth: base64url(16) }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

export const pushUnsubscribeBodySchema = z.strictObject({
  endpoint: z.string({ error: 'required' }).min(1).max(1000, { error: 'tooLong' }),
});

export const notificationSettingsSchema = z.object({
  /** Mail me the news too. */
  email: z.boolean(),
  /** The endpoints of this account's push subscriptions: a browser is subscribed when its own is listed. */
  push_endpoints: z.array(z.string()),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export const notificationSettingsAnswerSchema = z.object({ data: notificationSettingsSchema });

export const notificationSettingsBodySchema = z.strictObject({ email: z.boolean({ error: 'invalidValue' }) });

export const pushPublicKeyAnswerSchema = z.object({ data: z.object({ public_key: z.string().nullable() }) });

/** What the service worker receives in a push (the server encrypts it; the worker shows it). */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** A path in the app: the history row, or the news list for several at once. */
  url: z.string(),
  /** Notifications with one tag replace each other on the phone. */
  tag: z.string(),
  icon: z.string(),
  lang: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

import type { Config } from './config';
import type { AuditAnchor } from './modules/audit/anchor';
import type { Database } from './db/client';
import type { CustomerAnswers } from './http/customer-answers';
import type { RateLimits } from './http/rate-limit';
import type { Mailer } from './mail/mailer';
import type { SessionLookup } from './modules/accounts/session-lookup';
import type { NotificationDispatcher } from './modules/notifications/dispatcher';
import type { PushEndpointPolicy } from './modules/notifications/push-endpoints';
import type { PushSender } from './modules/notifications/push-sender';

/**
 * What every module may use: passed in, never imported as a global, so tests build their own.
 * Its own module so that modules and app.ts, which registers them, do not import each other.
 */
export interface AppContext {
  config: Config;
  db: Database;
  mailer: Mailer;
  rateLimits: RateLimits;
  /** Access-token checks: in this process for the embedded database, in the database for a shared one. */
  sessions: SessionLookup;
  /** A customer's answers kept per data version, with ETags. */
  answers: CustomerAnswers;
  /** The current time; tests move it to expire codes and tokens. */
  now: () => Date;
  /** The operator key kept in DATA_DIR for the ops CLI of this machine (operator-cli/local-key.ts); loopback only. */
  localOperatorKey?: string;
  /** Web Push with our VAPID keys; absent when push is off. */
  pushSender?: PushSender;
  /** Which push subscription endpoints are taken (push services' hosts; loopback on a local PUBLIC_URL). */
  pushPolicy: PushEndpointPolicy;
  /** Delivers news (push, mail) after the commit that wrote it. */
  notifications: NotificationDispatcher;
  /** Signs the audit trail's checkpoints and keeps them outside the database (modules/audit/anchor.ts). */
  auditAnchor: AuditAnchor;
}

import { apiPrefix } from '#domain/api';
import path from 'node:path';
import formBody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContext } from './app-context';
import { isLocalAddress, type Config } from './config';
import { checkConnections, type Database, type DatabaseHandle } from './db/client';
import { registerApiDescription, registerOpenApiRoute } from './http/api-description';
import { createCustomerAnswers } from './http/customer-answers';
import { registerOperatorScope } from './http/operator-access';
import { registerOperatorTeamRoutes } from './modules/operators/routes';
import { createOperatorDigests, registerOperatorNoticeRoutes, type OperatorDigests } from './modules/operators/notices';
import { registerWaitingWorkRoutes } from './modules/operators/waiting-work';
import { registerApprovalRoutes } from './modules/audit/approval-routes';
import { adjustBalance, checkIn } from './modules/wallet/operator-actions';
import { adjustBody, checkInBody, disputeCreditBody } from '#domain/schemas/operator-requests';
import { resolveDispute } from './modules/disputes/disputes';
import { registerErrorHandling } from './http/error-handler';
import { createRateLimits, defaultLimitRules, type LimitRules } from './http/rate-limit';
import { redactingDestination, requestLogFields, type LogDestination } from './http/request-log';
import { registerSecurityHeaders } from './http/security-headers';
import { prerenderedScriptSources, registerStaticApp } from './http/static-app';
import { createMailer } from './mail/mailer';
import { registerAccountRoutes } from './modules/accounts/routes';
import { databaseSessionLookup, inProcessSessionLookup } from './modules/accounts/session-lookup';
import { registerContactRoutes } from './modules/contact/routes';
import { registerDisputeRoutes } from './modules/disputes/routes';
import { createNotificationDispatcher, type NotificationDispatcher } from './modules/notifications/dispatcher';
import type { PushEndpointPolicy, PushResolver } from './modules/notifications/push-endpoints';
import { createWebPushSender } from './modules/notifications/push-sender';
import { registerNotificationRoutes } from './modules/notifications/routes';
import type { VapidKeys } from './modules/notifications/vapid';
import { registerContentApiRoutes, registerLocaleFileRoutes } from './modules/content/routes';
import { registerBinRoutes } from './modules/bins/routes';
import { registerHealthRoutes } from './modules/health/routes';
import { registerImpactRoutes } from './modules/impact/routes';
import { registerPrivacyRoutes } from './modules/privacy/routes';
import { openCheckedPaymentCipher } from './modules/payments/key-check';
import { registerPaymentRoutes } from './modules/payments/routes';
import { registerWalletRoutes } from './modules/wallet/routes';
import { registerWithdrawalRoutes } from './modules/withdrawals/routes';
import { registerPayoutWebhookRoutes } from './modules/withdrawals/webhooks';
import { registerCliCommandRoute } from './operator-cli/commands-route';
import { createCheckpointSchedule, openAuditAnchor, type AuditAnchor } from './modules/audit/anchor';

declare module 'fastify' {
  interface FastifyInstance {
    /** News delivery of this server (tests run passes themselves with deliverDue()). */
    notifications: NotificationDispatcher;
    /** Operators' daily digests (tests run passes themselves with runDue()). */
    operatorDigests: OperatorDigests;
  }
}

export interface BuildAppOptions {
  config: Config;
  db: Database;
  /**
   * The embedded database's change feed (DatabaseHandle.listen). Given: this process is the only
   * writer, and checks sessions and keeps answers in memory. Absent: every check asks the database.
   */
  listen?: DatabaseHandle['listen'];
  /** PostgreSQL: the token checks' own connections (DatabaseHandle.checksDb); default `db`. */
  checksDb?: Database;
  limitRules?: Partial<LimitRules>;
  /** Names the shared counters in Redis (default `rt`): tests give each run its own. */
  rateLimitPrefix?: string;
  now?: () => Date;
  /** Accepted in X-Ops-Key from loopback only, beside OPS_KEY (main.ts makes it for PGlite without OPS_KEY). */
  localOperatorKey?: string;
  /** A log level (and where to write, default stdout), or false for no log at all (tests). */
  logger?: false | { level: string; stream?: LogDestination };
  /** Web Push keys (notifications/vapid.ts resolveVapidKeys); absent: no phone notifications. */
  vapid?: VapidKeys;
  /** Resolves push services' host names (default: the system's); tests pass one that never asks real DNS. */
  pushResolver?: PushResolver;
  /** 'background' (default): delivery runs on its own after each commit; 'manual': only deliverDue() (tests). */
  notificationDelivery?: 'background' | 'manual';
  /** The audit trail's anchor (main.ts opens it to log where its key came from); absent: opened from config. */
  auditAnchor?: AuditAnchor;
  /** 'background' (default): a checkpoint of the audit trail at start and every hour; 'manual': none but verify's (tests). */
  auditCheckpoints?: 'background' | 'manual';
  /** Operators' daily digests: on a timer (default), or only when a test runs a pass. */
  operatorDigests?: 'background' | 'manual';
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  // Bank details at rest: the key is read (or made, on a first start) and checked against the
  // keys that sealed the stored values, before anything else is opened (throws PaymentKeyError).
  const paymentCipher = await openCheckedPaymentCipher(config, options.db);
  // The audit checkpoints' key and store; a public address without a key refuses to start (ConfigError).
  const auditAnchor = options.auditAnchor ?? openAuditAnchor(config).anchor;
  const trusted = config.trustProxy;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: typeof options.logger === 'object' ? options.logger.level : config.logLevel,
            // Every line, whoever writes it, loses what looks like a secret (http/request-log.ts).
            stream: redactingDestination(
              typeof options.logger === 'object' && options.logger.stream ? options.logger.stream : process.stdout,
            ),
            serializers: { req: requestLogFields },
          },
    // A hop count trusts that many proxies from our side: the client's own X-Forwarded-For entries are never believed.
    trustProxy: typeof trusted === 'number' ? (_address: string, hop: number) => hop < trusted : trusted,
    bodyLimit: 64 * 1024,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });

  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    mailDir: path.join(config.dataDir, 'mail'),
    logger: app.log,
  });
  const rateLimits = createRateLimits({ ...defaultLimitRules, ...config.rateLimits, ...options.limitRules }, config.redisUrl, {
    ...(options.rateLimitPrefix ? { keyPrefix: options.rateLimitPrefix } : {}),
    log: { warn: (message) => app.log.warn(message), info: (message) => app.log.info(message) },
  });
  await rateLimits.ready();
  const sessions = options.listen
    ? await inProcessSessionLookup(options.db, options.listen)
    : databaseSessionLookup(options.checksDb ?? options.db, { connections: checkConnections });
  // A push service on this machine is taken only where the whole server is local (the demo, the tests).
  const pushPolicy: PushEndpointPolicy = { hosts: config.pushServiceHosts, allowLoopback: isLocalAddress(config.publicUrl) };
  const pushSender = options.vapid
    ? createWebPushSender(options.vapid, { policy: pushPolicy, ...(options.pushResolver ? { resolve: options.pushResolver } : {}) })
    : undefined;
  const now = options.now ?? (() => new Date());
  const notifications = createNotificationDispatcher({
    db: options.db,
    mailer,
    push: pushSender,
    publicUrl: config.publicUrl,
    now,
    log: app.log,
  });
  const context: AppContext = {
    config,
    db: options.db,
    mailer,
    rateLimits,
    sessions,
    answers: createCustomerAnswers(),
    now,
    ...(options.localOperatorKey ? { localOperatorKey: options.localOperatorKey } : {}),
    ...(pushSender ? { pushSender } : {}),
    pushPolicy,
    notifications,
    auditAnchor,
  };

  app.decorate('notifications', notifications);
  if (options.notificationDelivery !== 'manual') {
    app.addHook('onReady', async () => notifications.start(options.listen));
  }

  const checkpoints = createCheckpointSchedule({ db: options.db, anchor: auditAnchor, now, log: app.log });
  if (options.auditCheckpoints !== 'manual') {
    app.addHook('onReady', async () => checkpoints.start());
  }

  const operatorDigests = createOperatorDigests({ db: options.db, mailer, publicUrl: config.publicUrl, now, log: app.log });
  app.decorate('operatorDigests', operatorDigests);
  if (options.operatorDigests !== 'manual') {
    app.addHook('onReady', async () => operatorDigests.start());
  }

  app.addHook('onClose', async () => {
    // A checkpoint being written is finished: a stop never leaves half a record.
    await checkpoints.stop();
    await operatorDigests.stop();
    // Requests in flight are done by now; mails they queued after their answer (reset links,
    // notices) are sent before the transport closes. main.ts bounds the whole shutdown. A delivery
    // pass under way finishes; what it did not reach stays due for the next start.
    await notifications.stop();
    await mailer.drain();
    mailer.close();
    await rateLimits.close();
  });

  registerErrorHandling(app);
  await registerApiDescription(app);
  // The map's vector-tile style, its tiles, glyphs and sprites, when configured (MAP_STYLE_URL, MAP_TILE_ORIGINS).
  registerSecurityHeaders(app, {
    extraConnectSources: config.mapOrigins,
    inlineScriptSources: prerenderedScriptSources(config.staticDir),
  });
  await app.register(formBody);

  registerHealthRoutes(app, options.db);
  await app.register(
    async (api) => {
      api.addHook('onSend', async (_request, reply) => {
        // Answers about a person never land in a shared or service-worker cache; public lists opt out.
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      });
      registerOpenApiRoute(api);
      await registerAccountRoutes(api, context);
      await registerWalletRoutes(api, context);
      await registerImpactRoutes(api, context);
      await registerContentApiRoutes(api, context);
      await registerContactRoutes(api, context);
      await registerPrivacyRoutes(api, context, paymentCipher);
      await registerBinRoutes(api, context);
      await registerPaymentRoutes(api, context, paymentCipher);
      await registerWithdrawalRoutes(api, context, paymentCipher);
      await registerPayoutWebhookRoutes(api, context);
      await registerDisputeRoutes(api, context);
      await registerNotificationRoutes(api, context);
      await registerOperatorTeamRoutes(api, context);
      await registerWaitingWorkRoutes(api, context);
      await registerOperatorNoticeRoutes(api, context);
      await registerApprovalRoutes(api, context, {
        'balance.adjust': async (actor, approval) => {
          const body = adjustBody.parse(approval.request);
          const input = { id: body.id, userId: body.user_id, email: body.email, amount: body.amount, comment: body.comment };
          await adjustBalance(context.db, actor, input, context.now());
        },
        'dispute.credit': async (actor, approval) => {
          const body = disputeCreditBody.parse(approval.request);
          await resolveDispute(context.db, actor, approval.recordId, { outcome: 'CREDIT', answer: body.answer }, context.now());
        },
        'checkin.batch': async (actor, approval) => {
          const body = checkInBody.parse(approval.request);
          await checkIn(context.db, actor, body.codes, context.now(), body.note);
        },
      });
      await registerOperatorScope(api, context, (ops) => registerCliCommandRoute(ops, context, paymentCipher));
    },
    { prefix: apiPrefix },
  );
  await registerLocaleFileRoutes(app, context);
  await registerStaticApp(app, config.staticDir);
  return app;
}

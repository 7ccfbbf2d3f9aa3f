import path from 'node:path';
import formBody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import { createCustomerAnswers, type CustomerAnswers } from './http/customer-answers';
import { registerErrorHandling } from './http/error-handler';
import { createRateLimits, defaultLimitRules, type LimitRules, type RateLimits } from './http/rate-limit';
import { registerSecurityHeaders } from './http/security-headers';
import { registerStaticApp } from './http/static-app';
import { createMailer, type Mailer } from './mail/mailer';
import { registerAccountRoutes } from './modules/accounts/routes';
import { databaseSessionLookup, inProcessSessionLookup, type SessionLookup } from './modules/accounts/session-lookup';
import { registerContactRoutes } from './modules/contact/routes';
import { registerContentApiRoutes, registerLocaleFileRoutes } from './modules/content/routes';
import { registerBinRoutes } from './modules/bins/routes';
import { registerHealthRoutes } from './modules/health/routes';
import { registerPrivacyRoutes } from './modules/privacy/routes';
import { openCheckedPaymentCipher } from './modules/payments/key-check';
import { registerPaymentRoutes } from './modules/payments/routes';
import { registerWalletRoutes } from './modules/wallet/routes';
import { registerWithdrawalRoutes } from './modules/withdrawals/routes';
import { registerOpsCommandRoute } from './ops/commands-route';

/** What every module may use: passed in, never imported as a global, so tests build their own. */
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
  /** The operator key kept in DATA_DIR for the ops CLI of this machine (ops/local-key.ts); loopback only. */
  opsLocalKey?: string;
}

export interface BuildAppOptions {
  config: Config;
  db: Database;
  /**
   * The embedded database's change feed (DatabaseHandle.listen). Given: this process is the only
   * writer, and checks sessions and keeps answers in memory. Absent: every check asks the database.
   */
  listen?: DatabaseHandle['listen'];
  limitRules?: Partial<LimitRules>;
  /** Names the shared counters in Redis (default `rt`): tests give each run its own. */
  rateLimitPrefix?: string;
  now?: () => Date;
  /** Accepted in X-Ops-Key from loopback only, beside OPS_KEY (main.ts makes it for PGlite without OPS_KEY). */
  opsLocalKey?: string;
  /** A log level, or false for no log at all (tests). */
  logger?: false | { level: string };
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  // Bank details at rest: the key is read (or made, on a first start) and checked against the
  // keys that sealed the stored values, before anything else is opened (throws PaymentKeyError).
  const paymentCipher = await openCheckedPaymentCipher(config, options.db);
  const trusted = config.trustProxy;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            ...(typeof options.logger === 'object' ? options.logger : { level: config.logLevel }),
            // Query strings can carry reset tokens and codes (links in mails): log the path alone.
            serializers: {
              req: (request: { method: string; url: string; ip?: string }) => ({
                method: request.method,
                path: request.url.split('?')[0],
                ip: request.ip,
              }),
            },
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
  const sessions = options.listen ? await inProcessSessionLookup(options.db, options.listen) : databaseSessionLookup(options.db);
  const context: AppContext = {
    config,
    db: options.db,
    mailer,
    rateLimits,
    sessions,
    answers: createCustomerAnswers(),
    now: options.now ?? (() => new Date()),
    ...(options.opsLocalKey ? { opsLocalKey: options.opsLocalKey } : {}),
  };

  app.addHook('onClose', async () => {
    // Requests in flight are done by now; mails they queued after their answer (reset links,
    // notices) are sent before the transport closes. main.ts bounds the whole shutdown.
    await mailer.drain();
    mailer.close();
    await rateLimits.close();
  });

  registerErrorHandling(app);
  // The map's vector-tile style, when configured, is fetched from its own origin.
  await registerSecurityHeaders(app, { extraConnectSources: config.mapStyleUrl ? [new URL(config.mapStyleUrl).origin] : [] });
  await app.register(formBody);

  registerHealthRoutes(app, options.db);
  await app.register(
    async (api) => {
      api.addHook('onSend', async (_request, reply) => {
        // Answers about a person never land in a shared or service-worker cache; public lists opt out.
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      });
      await registerAccountRoutes(api, context);
      await registerWalletRoutes(api, context);
      await registerContentApiRoutes(api, context);
      await registerContactRoutes(api, context);
      await registerPrivacyRoutes(api, context, paymentCipher);
      await registerBinRoutes(api, context);
      await registerPaymentRoutes(api, context, paymentCipher);
      await registerWithdrawalRoutes(api, context, paymentCipher);
      await api.register(async (ops) => registerOpsCommandRoute(ops, context, paymentCipher), { prefix: '/ops' });
    },
    { prefix: '/api/v2' },
  );
  await registerLocaleFileRoutes(app, context);
  await registerStaticApp(app, config.staticDir);
  return app;
}

import path from 'node:path';
import formBody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerErrorHandling } from './http/error-handler';
import { createRateLimits, defaultLimitRules, type LimitRules, type RateLimits } from './http/rate-limit';
import { registerSecurityHeaders } from './http/security-headers';
import { registerStaticApp } from './http/static-app';
import { createMailer, type Mailer } from './mail/mailer';
import { registerAccountRoutes } from './modules/accounts/routes';
import { registerContactRoutes } from './modules/contact/routes';
import { registerContentApiRoutes, registerLocaleFileRoutes } from './modules/content/routes';
import { registerBinRoutes } from './modules/bins/routes';
import { registerHealthRoutes } from './modules/health/routes';
import { registerPrivacyRoutes } from './modules/privacy/routes';
import { openPaymentCipher } from './modules/payments/encryption';
import { registerPaymentRoutes } from './modules/payments/routes';
import { registerWalletRoutes } from './modules/wallet/routes';
import { registerWithdrawalRoutes } from './modules/withdrawals/routes';

/** What every module may use: passed in, never imported as a global, so tests build their own. */
export interface AppContext {
  config: Config;
  db: Database;
  mailer: Mailer;
  rateLimits: RateLimits;
  /** The current time; tests move it to expire codes and tokens. */
  now: () => Date;
}

export interface BuildAppOptions {
  config: Config;
  db: Database;
  limitRules?: Partial<LimitRules>;
  now?: () => Date;
  /** A log level, or false for no log at all (tests). */
  logger?: false | { level: string };
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
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
    warn: (message) => app.log.warn(message),
    info: (message) => app.log.info(message),
  });
  const context: AppContext = { config, db: options.db, mailer, rateLimits, now: options.now ?? (() => new Date()) };

  app.addHook('onClose', async () => {
    // Requests in flight are done by now; mails they queued after their answer (reset links,
    // notices) are sent before the transport closes. main.ts bounds the whole shutdown.
    await mailer.drain();
    mailer.close();
    await rateLimits.close();
  });

  // Bank details at rest: the key is read (or made, on a first start) before any request.
  const paymentCipher = openPaymentCipher(config);

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
    },
    { prefix: '/api/v2' },
  );
  await registerLocaleFileRoutes(app, context);
  await registerStaticApp(app, config.staticDir);
  return app;
}

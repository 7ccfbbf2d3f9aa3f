import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { countryCodes, currencies, isCountryCode, type CountryCode, type Currency } from '#domain/markets';
import { defaultPushServiceHosts } from './modules/notifications/push-endpoints';
import { defaultLimitRules, type LimitName, type LimitRule } from './http/rate-limit';
import { demoOriginators, originatorSchemas, type Originators } from './modules/withdrawals/bank-files/originators';
import { payoutProviderProblems, type PayoutProviderSettings } from './modules/withdrawals/provider-settings';

const durationSeconds = z.coerce.number().int().positive();

/** About a week of a family's returns in each currency: above it, money moved by hand takes two people. */
const defaultApprovalLimits: Partial<Record<Currency, string>> = { USD: '25.00', CAD: '30.00', GBP: '20.00', EUR: '25.00', JPY: '3000' };

/** A setting written as JSON (`APPROVAL_LIMITS`, `RATE_LIMITS`): unset or blank gives `whenUnset`. */
function jsonSetting(whenUnset: unknown) {
  return z
    .string()
    .optional()
    .transform((text, context) => {
      if (text === undefined || text.trim() === '') return whenUnset;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: 'must be JSON' });
        return z.NEVER;
      }
    });
}

/** How far to trust X-Forwarded-For: not at all, a number of proxy hops, or the proxies' own addresses. */
export type TrustProxy = false | number | string[];

function isAddressOrRange(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || address === undefined) return false;
  const version = isIP(address);
  if (version === 0) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

export const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Unset: 127.0.0.1 on a local PUBLIC_URL (demo accounts with a published password), every interface otherwise. */
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  STATIC_DIR: z.string().default('./dist'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Roundtrip <no-reply@roundtrip.example>'),
  SUPPORT_EMAIL: z.string().email().default('support@roundtrip.example'),
  REDIS_URL: z.string().optional(),
  OPS_KEY: z.string().min(16).optional(),
  /** An operator's session ends after this long without a call, and at OPERATOR_SESSION_MAX_AGE however busy. */
  OPERATOR_SESSION_IDLE: durationSeconds.max(3_600, { message: 'at most 3600 seconds (an hour)' }).default(15 * 60),
  OPERATOR_SESSION_MAX_AGE: durationSeconds.max(12 * 3_600, { message: 'at most 43200 seconds (12 hours)' }).default(8 * 3_600),
  /**
   * Adjustments and dispute credits above these amounts (major units, per currency) wait for a second
   * operator's approval, e.g. {"EUR": "20.00", "JPY": "3000"}. A currency not named has no limit.
   */
  APPROVAL_LIMITS: jsonSetting(defaultApprovalLimits).pipe(
    z.partialRecord(z.enum(currencies), z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, { message: 'must be an amount like "20.00"' })),
  ),
  /**
   * What one person may move by hand in 24 hours, across all customers, before a second operator
   * approves (major units, per currency), e.g. {"EUR": "100.00"}. Unset: four times APPROVAL_LIMITS;
   * a currency not named is four times its APPROVAL_LIMITS too. docs/operators.md, Approvals.
   */
  APPROVAL_DAILY_LIMITS: jsonSetting({}).pipe(
    z.partialRecord(z.enum(currencies), z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, { message: 'must be an amount like "100.00"' })),
  ),
  /** 32 bytes, base64: encrypts bank details at rest. Unset: DATA_DIR/payment-data.key (made on first start). */
  PAYMENT_DATA_KEY: z
    .string()
    .refine((value) => Buffer.from(value, 'base64').length === 32, { message: 'must be 32 bytes in base64 (openssl rand -base64 32)' })
    .optional(),
  /**
   * Keys that open stored bank details but never seal new ones, comma-separated (32 bytes each,
   * base64): held during a rolling key rotation (docs/configuration.md, Payment-data key).
   */
  PAYMENT_DATA_READ_KEYS: z
    .string()
    .optional()
    .transform((text) =>
      (text ?? '')
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    )
    .refine((keys) => keys.every((key) => Buffer.from(key, 'base64').length === 32), {
      message: 'must be 32-byte base64 keys separated by commas',
    }),
  /**
   * Signs the audit trail's checkpoints: an Ed25519 private key, PKCS8 PEM or its DER in base64
   * (or AUDIT_SIGNING_KEY_FILE, a file holding one). Unset on a local address: DATA_DIR/audit-signing-key.pem.
   */
  AUDIT_SIGNING_KEY: z.string().min(1).optional(),
  AUDIT_SIGNING_KEY_FILE: z.string().min(1).optional(),
  /** Where the signed checkpoints go (one JSON line each); unset: DATA_DIR/audit-checkpoints. */
  AUDIT_CHECKPOINT_DIR: z.string().min(1).optional(),
  /** JSON overrides of the API's rate limits, e.g. {"scansPerUser": {"points": 300, "windowSeconds": 60}}. */
  RATE_LIMITS: jsonSetting({}).pipe(
    z.partialRecord(
      z.enum(Object.keys(defaultLimitRules) as [LimitName, ...LimitName[]]),
      z.strictObject({ points: z.number().int().positive(), windowSeconds: z.number().int().positive() }),
    ),
  ),
  /** At most 15 minutes: a stolen access token is worth little, and sign-out ends it within that time at worst. */
  ACCESS_TOKEN_TTL: durationSeconds.max(900, { message: 'at most 900 seconds (15 minutes)' }).default(900),
  REFRESH_TOKEN_TTL: durationSeconds.default(30 * 86_400),
  /** The absolute end of a session, however often it is refreshed: then the person signs in again. */
  SESSION_MAX_AGE: durationSeconds.default(90 * 86_400),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((text, context): TrustProxy => {
      const value = text.trim();
      if (value === 'false' || value === '' || value === '0') return false;
      // One proxy in front: the address it saw is the rightmost X-Forwarded-For entry.
      if (value === 'true') return 1;
      if (/^\d+$/.test(value)) return Number(value);
      const entries = value
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry !== '');
      const invalid = entries.filter((entry) => !isAddressOrRange(entry));
      if (invalid.length > 0) {
        context.addIssue({
          code: 'custom',
          message: `a hop count (1, 2…) or a comma-separated list of proxy addresses or ranges (10.0.0.0/8); not ${invalid.join(', ')}`,
        });
        return z.NEVER;
      }
      return entries;
    }),
  /** Unset: demo data when PUBLIC_URL is local, none otherwise. */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
  /** `none`: the offline basemap alone (a deployment that must not reach a third party); unset: defaultMapStyleUrl. */
  MAP_STYLE_URL: z.union([z.literal('none'), z.string().url()]).optional(),
  /** Where the style's tiles, glyphs and sprites live when not on the style's own origin. */
  MAP_TILE_ORIGINS: z
    .string()
    .optional()
    .transform((value, context) => {
      const entries = (value ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      const origins: string[] = [];
      for (const entry of entries) {
        const origin = URL.canParse(entry) ? new URL(entry).origin : 'null';
        // An origin only (scheme, host, port): a path would be ignored by the CSP and mislead.
        if (origin === 'null' || origin !== entry.replace(/\/$/, '')) {
          context.addIssue({ code: 'custom', message: `comma-separated origins (https://tiles.example.com); not ${entry}` });
          return z.NEVER;
        }
        origins.push(origin);
      }
      return origins;
    }),
  /** Phone notifications (Web Push). Off: no subscriptions, news stays in the app (and mail). */
  WEB_PUSH: z.enum(['true', 'false']).default('true'),
  /** The VAPID key pair (base64url, as `npx web-push generate-vapid-keys` prints it) and a contact (mailto: or https:). */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, { message: 'must be the 65-byte public key in base64url (npx web-push generate-vapid-keys)' })
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, { message: 'must be the 32-byte private key in base64url (npx web-push generate-vapid-keys)' })
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, { message: 'must be a mailto: or https: address where push services can reach you' })
    .optional(),
  /**
   * The push services' hosts a subscription may name, comma-separated (subdomains included);
   * unset: the browsers' own (notifications/push-endpoints.ts, defaultPushServiceHosts).
   */
  PUSH_SERVICE_HOSTS: z
    .string()
    .optional()
    .transform((text, context): string[] | undefined => {
      if (text === undefined) return undefined;
      const hosts = text
        .split(',')
        .map((entry) => entry.trim().toLowerCase())
        .filter((entry) => entry !== '');
      const invalid = hosts.filter((host) => !/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(host));
      if (hosts.length === 0 || invalid.length > 0) {
        context.addIssue({
          code: 'custom',
          message: `host names separated by commas (fcm.googleapis.com,push.apple.com); not ${invalid.join(', ')}`,
        });
        return z.NEVER;
      }
      return hosts;
    }),
  /** Markets where this deployment offers LINE Pay payouts, comma-separated (none by default). */
  LINE_PAY_MARKETS: z
    .string()
    .default('')
    .transform((text, context): CountryCode[] => {
      const entries = text
        .split(',')
        .map((entry) => entry.trim().toLowerCase())
        .filter((entry) => entry !== '');
      const unknown = entries.filter((entry) => !isCountryCode(entry));
      if (unknown.length > 0) {
        context.addIssue({ code: 'custom', message: `country codes among ${countryCodes.join(', ')}; not ${unknown.join(', ')}` });
        return z.NEVER;
      }
      return entries.filter(isCountryCode);
    }),
  /**
   * The programme's own account per market, as JSON, for the bank files of `payouts export`
   * (docs/operators.md, Finance's files). Unset on a local address: a demo account that is plainly
   * not real; unset elsewhere: that market's bank file is refused.
   */
  PAYOUT_ORIGINATOR_FR: jsonSetting(undefined).pipe(originatorSchemas.fr.optional()),
  PAYOUT_ORIGINATOR_US: jsonSetting(undefined).pipe(originatorSchemas.us.optional()),
  PAYOUT_ORIGINATOR_JP: jsonSetting(undefined).pipe(originatorSchemas.jp.optional()),
  PAYOUT_ORIGINATOR_UK: jsonSetting(undefined).pipe(originatorSchemas.uk.optional()),
  PAYOUT_ORIGINATOR_CA: jsonSetting(undefined).pipe(originatorSchemas.ca.optional()),
  /**
   * Who pays each method's payouts: `manual` (the files of `payouts export`) or a provider's API
   * (`payouts submit`, settled by its webhook). docs/operators.md, Payouts through Wise and PayPal.
   */
  PAYOUT_PROVIDER_TRANSFERWISE: z.enum(['manual', 'wise']).default('manual'),
  PAYOUT_PROVIDER_PAYPAL: z.enum(['manual', 'paypal']).default('manual'),
  WISE_API_URL: z.string().url().optional(),
  WISE_API_TOKEN: z.string().min(1).optional(),
  WISE_PROFILE_ID: z.string().regex(/^\d+$/, { message: 'must be the numeric id of the Wise business profile' }).optional(),
  /** The PEM public key Wise signs its webhooks with (X-Signature-SHA256). */
  WISE_WEBHOOK_PUBLIC_KEY: z.string().min(1).optional(),
  PAYPAL_API_URL: z.string().url().optional(),
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  PAYPAL_WEBHOOK_ID: z.string().min(1).optional(),
  /** Seconds a stop may take (requests in flight, then queued mail, then the database) before the process exits anyway. */
  SHUTDOWN_TIMEOUT: durationSeconds.default(10),
  /** Pending scans one customer may hold at once (a load test lifts it; see wallet/scans.ts). */
  MAX_PENDING_SCANS: z.coerce.number().int().positive().default(100),
  /** Open competing claims one customer may hold at once (wallet/scans.ts, docs/operators.md, Claims per account). */
  MAX_OPEN_CLAIMS: z.coerce.number().int().positive().default(5),
  /** Claims refused in the last 30 days from which care's claims list flags the account. */
  CLAIM_REFUSALS_FLAG: z.coerce.number().int().positive().default(3),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Absent: embedded PGlite under dataDir/pglite. */
  databaseUrl: string | undefined;
  publicUrl: string;
  staticDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  redisUrl: string | undefined;
  operatorKey: string | undefined;
  operatorSessionIdleSeconds: number;
  operatorSessionMaxAgeSeconds: number;
  /** Per currency, in major units: above it an adjustment or dispute credit needs a second operator. */
  approvalLimits: Partial<Record<Currency, string>>;
  /** Per currency, in major units: what one person moves by hand in 24 hours before a second operator is needed (unset: 4 × approvalLimits). */
  approvalDailyLimits: Partial<Record<Currency, string>>;
  /** Base64 of 32 bytes; undefined: a key file in dataDir (payments/encryption.ts). */
  paymentDataKey: string | undefined;
  /** Base64 keys that open stored values but never seal (a rotation in progress). */
  paymentDataReadKeys: string[];
  /** The audit checkpoints' Ed25519 signing key (PEM or base64 PKCS8), or a file holding it (modules/audit/signing-key.ts). */
  auditSigningKey: string | undefined;
  auditSigningKeyFile: string | undefined;
  /** The file checkpoint store's folder (modules/audit/checkpoint-store.ts), outside the database. */
  auditCheckpointDir: string;
  /** Replaces the named rules of defaultLimitRules. */
  rateLimits: Partial<Record<LimitName, LimitRule>>;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** A session family ends this long after its sign-in, refreshed or not. */
  sessionMaxAgeSeconds: number;
  /** Passed to Fastify: false, a hop count, or trusted proxy addresses/ranges (never "trust everyone"). */
  trustProxy: TrustProxy;
  seedDemo: boolean;
  /** A MapLibre style drawn over the offline basemap (the app reads it from GET /config). */
  mapStyleUrl: string | undefined;
  /**
   * The origins the map reaches: the style's own and MAP_TILE_ORIGINS (tiles, glyphs, sprites).
   * The CSP's connect-src lists them, and the service worker keeps what comes from them.
   */
  mapOrigins: string[];
  shutdownTimeoutSeconds: number;
  maxPendingScans: number;
  maxOpenClaims: number;
  claimRefusalsFlag: number;
  /** Web Push on: with `vapid`, or (local addresses only) a key pair kept in DATA_DIR (notifications/vapid.ts). */
  webPush: boolean;
  vapid: { publicKey: string; privateKey: string; subject: string } | undefined;
  /** Hosts a push subscription may name (PUSH_SERVICE_HOSTS, or the browsers' push services). */
  pushServiceHosts: readonly string[];
  /** Markets where LINE Pay is offered on top of the domain's table. */
  linePayMarkets: CountryCode[];
  /** The programme's own account per market for the bank files; a market missing here gets no bank file. */
  payoutOriginators: Originators;
  /** Who pays each method's payouts, and the providers' APIs (modules/withdrawals/provider-settings.ts). */
  payoutProviders: PayoutProviderSettings;
  logLevel: z.infer<typeof environmentSchema>['LOG_LEVEL'];
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * A public address only its own machine reaches: localhost, a *.localhost name, a loopback
 * address. Demo data (published password, balances, payout methods) is allowed only there.
 */
export function isLocalAddress(publicUrl: string): boolean {
  const host = new URL(publicUrl).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host) || host === '::1';
}

export const demoRefusal = (publicUrl: string) =>
  `SEED_DEMO=true is refused: PUBLIC_URL (${publicUrl}) is not a local address. The demo accounts share a published ` +
  `password and hold balances and payout methods, so anyone could log in and withdraw. Unset SEED_DEMO ` +
  `(or set SEED_DEMO=false) for this deployment, or set PUBLIC_URL to http://localhost:<port> to try the app.`;

/** The accounts set, and on a local address the demo's for the others (a public one pays out from real accounts only). */
function payoutOriginatorsOf(set: Originators, local: boolean): Originators {
  const originators: Originators = local ? { ...demoOriginators } : {};
  for (const country of countryCodes) {
    const originator = set[country];
    // One market at a time: TypeScript cannot pair a key with its own value type in a loop.
    if (originator) Object.assign(originators, { [country]: originator });
  }
  return originators;
}

/**
 * The street map when MAP_STYLE_URL is not set: OpenFreeMap's public "Liberty" style, free, keyless
 * and without limits, on OpenStreetMap data (docs/map-streets.md says why, and its terms).
 */
export const defaultMapStyleUrl = 'https://tiles.openfreemap.org/styles/liberty';

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  const mapStyleUrl = env.MAP_STYLE_URL === 'none' ? undefined : (env.MAP_STYLE_URL ?? defaultMapStyleUrl);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const local = isLocalAddress(publicUrl);
  if (env.SEED_DEMO === true && !local) throw new ConfigError(demoRefusal(publicUrl));
  const vapidParts = [env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY, env.VAPID_SUBJECT];
  if (vapidParts.some((part) => part !== undefined) && vapidParts.some((part) => part === undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT go together: set all three, or none',
    );
  }
  if (env.AUDIT_SIGNING_KEY !== undefined && env.AUDIT_SIGNING_KEY_FILE !== undefined) {
    throw new ConfigError('Invalid configuration:\n  AUDIT_SIGNING_KEY and AUDIT_SIGNING_KEY_FILE: set one of them, not both');
  }
  const payoutProviders: PayoutProviderSettings = {
    TRANSFERWISE: env.PAYOUT_PROVIDER_TRANSFERWISE,
    PAYPAL: env.PAYOUT_PROVIDER_PAYPAL,
    wise: {
      apiUrl: env.WISE_API_URL?.replace(/\/$/, ''),
      token: env.WISE_API_TOKEN,
      profileId: env.WISE_PROFILE_ID,
      webhookPublicKey: env.WISE_WEBHOOK_PUBLIC_KEY?.replace(/\\n/g, '\n'),
    },
    paypal: {
      apiUrl: env.PAYPAL_API_URL?.replace(/\/$/, ''),
      clientId: env.PAYPAL_CLIENT_ID,
      clientSecret: env.PAYPAL_CLIENT_SECRET,
      webhookId: env.PAYPAL_WEBHOOK_ID,
    },
  };
  const providerProblems = payoutProviderProblems(payoutProviders, local);
  if (providerProblems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${providerProblems.join('\n  ')}`);
  return {
    port: env.PORT,
    // A local server holds the demo accounts, whose password is in the README: nobody else on the
    // network may reach it unless HOST says so.
    host: env.HOST ?? (local ? '127.0.0.1' : '0.0.0.0'),
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    publicUrl,
    staticDir: path.resolve(env.STATIC_DIR),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    supportEmail: env.SUPPORT_EMAIL,
    redisUrl: env.REDIS_URL,
    operatorKey: env.OPS_KEY,
    operatorSessionIdleSeconds: env.OPERATOR_SESSION_IDLE,
    operatorSessionMaxAgeSeconds: env.OPERATOR_SESSION_MAX_AGE,
    approvalLimits: env.APPROVAL_LIMITS,
    approvalDailyLimits: env.APPROVAL_DAILY_LIMITS,
    paymentDataKey: env.PAYMENT_DATA_KEY,
    paymentDataReadKeys: env.PAYMENT_DATA_READ_KEYS,
    auditSigningKey: env.AUDIT_SIGNING_KEY,
    auditSigningKeyFile: env.AUDIT_SIGNING_KEY_FILE === undefined ? undefined : path.resolve(env.AUDIT_SIGNING_KEY_FILE),
    auditCheckpointDir: path.resolve(env.AUDIT_CHECKPOINT_DIR ?? path.join(env.DATA_DIR, 'audit-checkpoints')),
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL,
    refreshTokenTtlSeconds: env.REFRESH_TOKEN_TTL,
    sessionMaxAgeSeconds: env.SESSION_MAX_AGE,
    rateLimits: env.RATE_LIMITS,
    trustProxy: env.TRUST_PROXY,
    seedDemo: env.SEED_DEMO ?? local,
    mapStyleUrl,
    mapOrigins: mapStyleUrl ? [...new Set([new URL(mapStyleUrl).origin, ...env.MAP_TILE_ORIGINS])] : [],
    shutdownTimeoutSeconds: env.SHUTDOWN_TIMEOUT,
    maxPendingScans: env.MAX_PENDING_SCANS,
    maxOpenClaims: env.MAX_OPEN_CLAIMS,
    claimRefusalsFlag: env.CLAIM_REFUSALS_FLAG,
    webPush: env.WEB_PUSH === 'true',
    vapid:
      env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY && env.VAPID_SUBJECT
        ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT }
        : undefined,
    pushServiceHosts: env.PUSH_SERVICE_HOSTS ?? defaultPushServiceHosts,
    linePayMarkets: env.LINE_PAY_MARKETS,
    payoutOriginators: payoutOriginatorsOf(
      {
        fr: env.PAYOUT_ORIGINATOR_FR,
        us: env.PAYOUT_ORIGINATOR_US,
        jp: env.PAYOUT_ORIGINATOR_JP,
        uk: env.PAYOUT_ORIGINATOR_UK,
        ca: env.PAYOUT_ORIGINATOR_CA,
      },
      local,
    ),
    payoutProviders,
    logLevel: env.LOG_LEVEL,
  };
}

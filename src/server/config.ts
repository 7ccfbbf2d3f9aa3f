import path from 'node:path';
import { z } from 'zod';
import { defaultLimitRules, type LimitName, type LimitRule } from './http/rate-limit';

const durationSeconds = z.coerce.number().int().positive();

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  STATIC_DIR: z.string().default('./dist'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Roundtrip <no-reply@roundtrip.example>'),
  SUPPORT_EMAIL: z.string().email().default('support@roundtrip.example'),
  REDIS_URL: z.string().optional(),
  OPS_KEY: z.string().min(16).optional(),
  /** 32 bytes, base64: encrypts bank details at rest. Unset: DATA_DIR/payment-data.key (made on first start). */
  PAYMENT_DATA_KEY: z
    .string()
    .refine((value) => Buffer.from(value, 'base64').length === 32, { message: 'must be 32 bytes in base64 (openssl rand -base64 32)' })
    .optional(),
  /**
   * Keys that open stored bank details but never seal new ones, comma-separated (32 bytes each,
   * base64): held during a rolling key rotation (README, Payment-data key).
   */
  PAYMENT_DATA_READ_KEYS: z
    .string()
    .optional()
    .transform((text) => (text ?? '').split(',').map((part) => part.trim()).filter((part) => part !== ''))
    .refine((keys) => keys.every((key) => Buffer.from(key, 'base64').length === 32), {
      message: 'must be 32-byte base64 keys separated by commas',
    }),
  /** JSON overrides of the API's rate limits, e.g. {"scansPerUser": {"points": 300, "windowSeconds": 60}}. */
  RATE_LIMITS: z
    .string()
    .optional()
    .transform((text, context) => {
      if (text === undefined || text.trim() === '') return {};
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: 'must be JSON' });
        return z.NEVER;
      }
    })
    .pipe(
      z.partialRecord(
        z.enum(Object.keys(defaultLimitRules) as [LimitName, ...LimitName[]]),
        z.strictObject({ points: z.number().int().positive(), windowSeconds: z.number().int().positive() }),
      ),
    ),
  ACCESS_TOKEN_TTL: durationSeconds.default(86_400),
  REFRESH_TOKEN_TTL: durationSeconds.default(60 * 86_400),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  MAP_STYLE_URL: z.string().url().optional(),
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
  opsKey: string | undefined;
  /** Base64 of 32 bytes; undefined: a key file in dataDir (payments/encryption.ts). */
  paymentDataKey: string | undefined;
  /** Base64 keys that open stored values but never seal (a rotation in progress). */
  paymentDataReadKeys: string[];
  /** Replaces the named rules of defaultLimitRules. */
  rateLimits: Partial<Record<LimitName, LimitRule>>;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  trustProxy: boolean;
  seedDemo: boolean;
  /** A MapLibre style drawn over the offline basemap (the app reads it from GET /config). */
  mapStyleUrl: string | undefined;
  logLevel: z.infer<typeof environmentSchema>['LOG_LEVEL'];
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    staticDir: path.resolve(env.STATIC_DIR),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    supportEmail: env.SUPPORT_EMAIL,
    redisUrl: env.REDIS_URL,
    opsKey: env.OPS_KEY,
    paymentDataKey: env.PAYMENT_DATA_KEY,
    paymentDataReadKeys: env.PAYMENT_DATA_READ_KEYS,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL,
    refreshTokenTtlSeconds: env.REFRESH_TOKEN_TTL,
    rateLimits: env.RATE_LIMITS,
    trustProxy: env.TRUST_PROXY,
    seedDemo: env.SEED_DEMO,
    mapStyleUrl: env.MAP_STYLE_URL,
    logLevel: env.LOG_LEVEL,
  };
}

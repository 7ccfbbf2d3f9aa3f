import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { ApiError } from './api-error';

export interface LimitRule {
  /** Attempts allowed in one window. */
  points: number;
  windowSeconds: number;
}

/** Limits the API enforces; tests may tighten or loosen them through buildApp. */
export const defaultLimitRules = {
  loginPerAccount: { points: 10, windowSeconds: 15 * 60 },
  loginPerAddress: { points: 50, windowSeconds: 15 * 60 },
  verificationCodesPerHour: { points: 5, windowSeconds: 60 * 60 },
  resetRequestsPerAccount: { points: 5, windowSeconds: 60 * 60 },
  resetRequestsPerAddress: { points: 20, windowSeconds: 60 * 60 },
  signUpsPerAddress: { points: 20, windowSeconds: 60 * 60 },
  /** The contact form mails support: a person writes a few messages an hour, a spammer many. */
  contactPerAddress: { points: 5, windowSeconds: 60 * 60 },
  contactPerEmail: { points: 3, windowSeconds: 60 * 60 },
  dataRequestsPerAddress: { points: 10, windowSeconds: 60 * 60 },
  // A person at a return bin scans about one container every two seconds; a phone coming back
  // online sends its queued scans one after another. A 429 is retried later by the app's outbox.
  scansPerUser: { points: 120, windowSeconds: 60 },
} satisfies Record<string, LimitRule>;

export type LimitName = keyof typeof defaultLimitRules;
export type LimitRules = Record<LimitName, LimitRule>;

export interface RateLimits {
  /** The limits in force, for rules counted elsewhere (verification codes are counted in the database). */
  readonly rules: LimitRules;
  /** Count one attempt; throws a 429 ApiError once the window is used up. */
  consume(name: LimitName, key: string): Promise<void>;
  /** Forget a key's attempts (a successful login clears its failures). */
  reset(name: LimitName, key: string): Promise<void>;
  /**
   * Resolves once the counters can be used: at once in memory, when the Redis connection is up
   * otherwise (commands are not queued while it connects, so a request before that would fail).
   * Rejects with RateLimitStoreError when Redis does not answer.
   */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** REDIS_URL names a server that does not answer: printed at start without a stack. */
export class RateLimitStoreError extends Error {
  override name = 'RateLimitStoreError';
  readonly code = 'RATE_LIMIT_STORE_UNAVAILABLE';
}

/**
 * Counters live in this process, or in Redis when REDIS_URL is set so that
 * every instance behind a load balancer shares them. Keys read `<keyPrefix>:<limit>:<key>`;
 * instances that share counters must share the prefix.
 */
export function createRateLimits(rules: LimitRules, redisUrl: string | undefined, keyPrefix = 'rt'): RateLimits {
  const redis = redisUrl ? new Redis(redisUrl, { enableOfflineQueue: false, lazyConnect: false }) : undefined;
  const limiters = Object.fromEntries(
    Object.entries(rules).map(([name, rule]) => {
      const options = { keyPrefix: `${keyPrefix}:${name}`, points: rule.points, duration: rule.windowSeconds };
      const limiter: RateLimiterAbstract = redis
        ? new RateLimiterRedis({ ...options, storeClient: redis })
        : new RateLimiterMemory(options);
      return [name, limiter];
    }),
  ) as Record<LimitName, RateLimiterAbstract>;

  return {
    rules,
    async consume(name, key) {
      try {
        await limiters[name].consume(key);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          throw new ApiError(429, 'RATE_LIMITED', undefined, rejection.msBeforeNext / 1000);
        }
        throw rejection;
      }
    },
    async reset(name, key) {
      await limiters[name].delete(key);
    },
    ready() {
      if (!redis || redis.status === 'ready') return Promise.resolve();
      return new Promise((resolve, reject) => {
        const onReady = () => {
          redis.off('error', onError);
          resolve();
        };
        const onError = (error: Error) => {
          redis.off('ready', onReady);
          reject(new RateLimitStoreError(`Roundtrip will not start: Redis (REDIS_URL) does not answer: ${error.message}. Start it, or unset REDIS_URL to count rate limits in this process.`));
        };
        redis.once('ready', onReady);
        redis.once('error', onError);
      });
    },
    async close() {
      if (!redis) return;
      if (redis.status === 'ready') await redis.quit();
      else redis.disconnect();
    },
  };
}

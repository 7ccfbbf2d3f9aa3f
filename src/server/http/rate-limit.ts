import { isIP } from 'node:net';
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
  /**
   * Keyed on the account and the address together: someone guessing from their own address is
   * stopped, while the owner signing in from theirs is not locked out by them.
   */
  loginPerAccount: { points: 10, windowSeconds: 15 * 60 },
  loginPerAddress: { points: 50, windowSeconds: 15 * 60 },
  verificationCodesPerHour: { points: 5, windowSeconds: 60 * 60 },
  /** 6 codes × 5 tries a day: guessing a 4-digit code this way takes years, not days. */
  verificationCodesPerDay: { points: 6, windowSeconds: 24 * 60 * 60 },
  /** PUT /user/reset_password: tries of reset tokens (and new passwords) from one address. */
  resetAttemptsPerAddress: { points: 20, windowSeconds: 60 * 60 },
  resetRequestsPerAccount: { points: 5, windowSeconds: 60 * 60 },
  resetRequestsPerAddress: { points: 20, windowSeconds: 60 * 60 },
  signUpsPerAddress: { points: 20, windowSeconds: 60 * 60 },
  /** The contact form mails support: a person writes a few messages an hour, a spammer many. */
  contactPerAddress: { points: 5, windowSeconds: 60 * 60 },
  contactPerEmail: { points: 3, windowSeconds: 60 * 60 },
  dataRequestsPerAddress: { points: 10, windowSeconds: 60 * 60 },
  /** The app reports a missing text once per key and tab; an address sending many more is not the app. */
  missingTextsPerAddress: { points: 30, windowSeconds: 60 * 60 },
  /**
   * Keys an address may add to the stored list of missing texts in a day (one point per new key):
   * the app lacks a few dozen texts at worst, and no handful of addresses can fill the list's cap
   * (missingTextLimits.storedKeys) and crowd out real reports. Past it, its reports still count known keys.
   */
  missingTextNewKeysPerAddress: { points: 200, windowSeconds: 24 * 60 * 60 },
  /** A person subscribes a few browsers a year; an account adding many is not one person's phones. */
  pushSubscriptionsPerUser: { points: 20, windowSeconds: 60 * 60 },
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
  consume(name: LimitName, key: string, points?: number): Promise<void>;
  /** Forget a key's attempts (a successful login clears its failures). */
  reset(name: LimitName, key: string): Promise<void>;
  /**
   * Resolves once the shared store answers, or has failed once (then the limits count in this
   * process, as during any outage, and the log says so). At once without Redis. The server waits
   * for it before listening, so that the first requests already share their counters.
   */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** Where the limits say what happens to their store (Redis gone, Redis back). */
export interface LimitsLog {
  warn(message: string): void;
  info(message: string): void;
}

/**
 * The key of a per-address limit. An IPv6 customer usually holds a whole /64 (SLAAC, privacy
 * addresses), so one address each would give anyone 2^64 budgets: the /64 is the unit. IPv4 (and
 * IPv4-mapped IPv6) stays one address.
 */
export function addressLimitKey(address: string): string {
  if (isIP(address) !== 6) return address;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  const [head = '', tail = ''] = address.toLowerCase().split('%')[0]!.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = address.includes('::') ? (tail === '' ? [] : tail.split(':')) : [];
  // An embedded IPv4 tail (::a.b.c.d) lies in the last 32 bits, outside the /64 kept.
  const groups = address.includes('::')
    ? [...headGroups, ...Array.from({ length: Math.max(0, 8 - headGroups.length - tailGroups.length) }, () => '0'), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The key of the login limit: the account (the email as typed) and the caller's address. */
export function accountAddressKey(account: string, address: string): string {
  return `${account}|${address}`;
}

/**
 * Counters live in this process, or in Redis when REDIS_URL is set so that every instance behind
 * a load balancer shares them. When Redis cannot be reached, each limit counts in this process
 * instead (rate-limiter-flexible's insurance limiter): the limits still hold per instance, a log
 * line says so once per outage, and no request fails for it.
 */
export interface RateLimitOptions {
  /** Keys read `<keyPrefix>:<limit>:<key>`; instances that share counters share the prefix (default `rt`). */
  keyPrefix?: string;
  log?: LimitsLog;
}

export function createRateLimits(rules: LimitRules, redisUrl: string | undefined, options: RateLimitOptions = {}): RateLimits {
  const { keyPrefix = 'rt', log } = options;
  const redis = redisUrl
    ? new Redis(redisUrl, {
        enableOfflineQueue: false,
        lazyConnect: false,
        // Keep trying to come back, at most every 2 s; each command fails at once meanwhile.
        retryStrategy: (times) => Math.min(times * 200, 2000),
        maxRetriesPerRequest: 1,
      })
    : undefined;
  if (redis) {
    let down = false;
    redis.on('error', (error: Error) => {
      if (down) return;
      down = true;
      log?.warn(`Redis unreachable (${error.message}): rate limits are counted in this process until it is back`);
    });
    redis.on('ready', () => {
      if (!down) return;
      down = false;
      log?.info('Redis reachable again: rate limits are shared again');
    });
  }
  const limiters = Object.fromEntries(
    Object.entries(rules).map(([name, rule]) => {
      const limiterOptions = { keyPrefix: `${keyPrefix}:${name}`, points: rule.points, duration: rule.windowSeconds };
      const limiter: RateLimiterAbstract = redis
        ? new RateLimiterRedis({ ...limiterOptions, storeClient: redis, insuranceLimiter: new RateLimiterMemory(limiterOptions) })
        : new RateLimiterMemory(limiterOptions);
      return [name, limiter];
    }),
  ) as Record<LimitName, RateLimiterAbstract>;

  return {
    rules,
    async consume(name, key, points = 1) {
      try {
        await limiters[name].consume(key, points);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          throw new ApiError(429, 'RATE_LIMITED', undefined, rejection.msBeforeNext / 1000);
        }
        throw rejection;
      }
    },
    async reset(name, key) {
      try {
        await limiters[name].delete(key);
      } catch {
        // Redis away: the count runs out with its window; forgetting it early is a kindness, not a rule.
      }
    },
    ready() {
      if (!redis || redis.status === 'ready') return Promise.resolve();
      return new Promise<void>((resolve) => {
        const settle = () => {
          redis.off('ready', settle);
          redis.off('error', settle);
          resolve();
        };
        redis.once('ready', settle);
        redis.once('error', settle);
      });
    },
    async close() {
      if (!redis) return;
      if (redis.status === 'ready') await redis.quit();
      else redis.disconnect();
    },
  };
}

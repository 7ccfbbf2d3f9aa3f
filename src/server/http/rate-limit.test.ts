import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { looseLimitRules } from '../testing/test-app';
import { ApiError } from './api-error';
import { createRateLimits, type LimitRules, type RateLimits } from './rate-limit';

const redisUrl = process.env.TEST_REDIS_URL;
const rules: LimitRules = {
  ...looseLimitRules,
  signUpsPerAddress: { points: 2, windowSeconds: 60 },
  loginPerAccount: { points: 2, windowSeconds: 600 },
};

async function refusal(attempt: Promise<void>): Promise<unknown> {
  return attempt.then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('rate limits in one process', () => {
  it('each process counts alone without Redis', async () => {
    const first = createRateLimits(rules, undefined);
    const second = createRateLimits(rules, undefined);
    await first.consume('loginPerAccount', 'x');
    await first.consume('loginPerAccount', 'x');
    expect(await refusal(first.consume('loginPerAccount', 'x'))).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    await second.consume('loginPerAccount', 'x');
    await Promise.all([first.close(), second.close()]);
  });
});

describe('rate limits when Redis is down', () => {
  it('count in this process instead, say so once in the log, and never fail a request for it', async () => {
    const warnings: string[] = [];
    // Nothing listens on port 1: every Redis command fails at once.
    const limits = createRateLimits(rules, 'redis://127.0.0.1:1', {
      log: { warn: (message) => warnings.push(message), info: () => {} },
    });
    try {
      // Ready as soon as the store has failed once: a server starts, and counts in process.
      await limits.ready();
      await expect(limits.consume('signUpsPerAddress', '198.51.100.1')).resolves.toBeUndefined();
      await expect(limits.consume('signUpsPerAddress', '198.51.100.1')).resolves.toBeUndefined();
      await expect(limits.consume('signUpsPerAddress', '198.51.100.1')).rejects.toMatchObject({ status: 429, code: 'RATE_LIMITED' });
      await expect(limits.consume('signUpsPerAddress', '198.51.100.2')).resolves.toBeUndefined();
      await expect(limits.reset('signUpsPerAddress', '198.51.100.1')).resolves.toBeUndefined();
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/Redis unreachable .*counted in this process/);
    } finally {
      await limits.close();
    }
  });
});

describe.skipIf(!redisUrl)('rate limits in Redis (TEST_REDIS_URL)', () => {
  const opened: RateLimits[] = [];
  const open = async (keyPrefix: string) => {
    const limits = createRateLimits(rules, redisUrl, { keyPrefix });
    opened.push(limits);
    await limits.ready();
    return limits;
  };
  afterEach(async () => {
    for (const limits of opened.splice(0)) {
      for (const key of ['shared', 'reset']) await limits.reset('loginPerAccount', key);
      await limits.close();
    }
  });

  it('instances with one prefix share counters (and resets); another prefix counts apart', async () => {
    const prefix = `rt-test-${randomBytes(6).toString('hex')}`;
    const a = await open(prefix);
    const b = await open(prefix);
    const elsewhere = await open(`${prefix}-other`);
    await a.consume('loginPerAccount', 'shared');
    await b.consume('loginPerAccount', 'shared');
    const refused = await refusal(a.consume('loginPerAccount', 'shared'));
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 429 });
    await elsewhere.consume('loginPerAccount', 'shared');

    await a.consume('loginPerAccount', 'reset');
    await a.consume('loginPerAccount', 'reset');
    await b.reset('loginPerAccount', 'reset');
    await a.consume('loginPerAccount', 'reset');
  });
});

import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { createRateLimits, defaultLimitRules, RateLimitStoreError, type RateLimits } from './rate-limit';

const redisUrl = process.env.TEST_REDIS_URL;
const rules = { ...defaultLimitRules, loginPerAccount: { points: 2, windowSeconds: 600 } };

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

  it('a Redis that does not answer is refused when the counters are made ready', async () => {
    const limits = createRateLimits(rules, 'redis://127.0.0.1:1');
    await expect(limits.ready()).rejects.toBeInstanceOf(RateLimitStoreError);
    await limits.close();
  });
});

describe.skipIf(!redisUrl)('rate limits in Redis (REDIS_URL)', () => {
  const opened: RateLimits[] = [];
  const open = async (prefix: string) => {
    const limits = createRateLimits(rules, redisUrl, prefix);
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

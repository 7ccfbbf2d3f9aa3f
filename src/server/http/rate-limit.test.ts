import { describe, expect, it } from 'vitest';
import { createRateLimits, type LimitRules } from './rate-limit';
import { looseLimitRules } from '../testing/test-app';

const rules: LimitRules = { ...looseLimitRules, signUpsPerAddress: { points: 2, windowSeconds: 60 } };

describe('rate limits when Redis is down', () => {
  it('count in this process instead, say so once in the log, and never fail a request for it', async () => {
    const warnings: string[] = [];
    let warned: () => void = () => {};
    const firstWarning = new Promise<void>((resolve) => {
      warned = resolve;
    });
    // Nothing listens on port 1: every Redis command fails at once.
    const limits = createRateLimits(rules, 'redis://127.0.0.1:1', {
      warn: (message) => {
        warnings.push(message);
        warned();
      },
      info: () => {},
    });
    try {
      await firstWarning;
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

describe.runIf(process.env.REDIS_URL)('rate limits in Redis (REDIS_URL)', () => {
  it('are shared by two instances', async () => {
    const shared: LimitRules = { ...rules, signUpsPerAddress: { points: 1, windowSeconds: 60 } };
    const one = createRateLimits(shared, process.env.REDIS_URL);
    const two = createRateLimits(shared, process.env.REDIS_URL);
    const address = `198.51.100.${Math.floor(Math.random() * 250)}-${Date.now()}`;
    try {
      await Promise.all([one.connected(), two.connected()]);
      await one.consume('signUpsPerAddress', address);
      await expect(two.consume('signUpsPerAddress', address)).rejects.toMatchObject({ status: 429 });
    } finally {
      await one.close();
      await two.close();
    }
  });
});

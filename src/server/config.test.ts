import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('RATE_LIMITS', () => {
  it('replaces the named limits and leaves the others alone', () => {
    const config = loadConfig({ RATE_LIMITS: '{"scansPerUser": {"points": 300, "windowSeconds": 60}}' });
    expect(config.rateLimits).toEqual({ scansPerUser: { points: 300, windowSeconds: 60 } });
    expect(loadConfig({}).rateLimits).toEqual({});
  });

  it.each([
    ['not JSON', '{scansPerUser: 300}', /RATE_LIMITS: must be JSON/],
    ['an unknown limit', '{"scansPerDay": {"points": 3, "windowSeconds": 60}}', /RATE_LIMITS/],
    ['a limit of zero', '{"scansPerUser": {"points": 0, "windowSeconds": 60}}', /RATE_LIMITS/],
  ])('refuses %s with a message naming the variable', (_case, value, message) => {
    expect(() => loadConfig({ RATE_LIMITS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ RATE_LIMITS: value })).toThrow(message);
  });
});

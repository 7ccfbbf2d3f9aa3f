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

describe('demo data', () => {
  it('is seeded by default only when PUBLIC_URL is local', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:8080' }).seedDemo).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://app.localhost:8080' }).seedDemo).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://roundtrip.example' }).seedDemo).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:8080', SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('refuses SEED_DEMO=true behind a public address, saying why', () => {
    const publicDemo = { PUBLIC_URL: 'https://roundtrip.example', SEED_DEMO: 'true' };
    expect(() => loadConfig(publicDemo)).toThrow(ConfigError);
    expect(() => loadConfig(publicDemo)).toThrow(/not a local address.*published/s);
    // A name that merely starts with "localhost" is not local.
    expect(() => loadConfig({ PUBLIC_URL: 'https://localhost.attacker.example', SEED_DEMO: 'true' })).toThrow(ConfigError);
  });
});

describe('MAP_STYLE_URL', () => {
  it('is OpenFreeMap\'s keyless street style when unset, and the offline basemap alone when "none"', () => {
    const unset = loadConfig({});
    expect(unset.mapStyleUrl).toBe('https://tiles.openfreemap.org/styles/liberty');
    // Its tiles, glyphs and sprites are on the style's own origin: one entry in the CSP and the worker's list.
    expect(unset.mapOrigins).toEqual(['https://tiles.openfreemap.org']);
    expect(loadConfig({ MAP_STYLE_URL: 'none' }).mapStyleUrl).toBeUndefined();
    expect(() => loadConfig({ MAP_STYLE_URL: 'nothing' })).toThrow(ConfigError);
  });
});

describe('MAP_TILE_ORIGINS', () => {
  it('lists the map style\'s origin and MAP_TILE_ORIGINS once each, and refuses a tile "origin" with a path', () => {
    expect(loadConfig({ MAP_STYLE_URL: 'none' }).mapOrigins).toEqual([]);
    expect(loadConfig({ MAP_STYLE_URL: 'none', MAP_TILE_ORIGINS: 'https://tiles.example.com' }).mapOrigins).toEqual([]);
    expect(
      loadConfig({
        MAP_STYLE_URL: 'https://maps.example.com/style.json',
        MAP_TILE_ORIGINS: 'https://tiles.example.com/, https://maps.example.com',
      }).mapOrigins,
    ).toEqual(['https://maps.example.com', 'https://tiles.example.com']);
    expect(() => loadConfig({ MAP_TILE_ORIGINS: 'https://tiles.example.com/v1' })).toThrow(ConfigError);
    expect(() => loadConfig({ MAP_TILE_ORIGINS: 'tiles.example.com' })).toThrow(ConfigError);
  });
});

describe('TRUST_PROXY', () => {
  it('takes a hop count or a list of proxy addresses, never "trust every entry"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.7', '::1']);
  });

  it.each(['yes', '10.0.0.0/33', 'proxy.internal'])('refuses %s with a message naming the variable', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: a hop count/);
  });
});

describe('token lifetimes', () => {
  it('access tokens last 15 minutes at most; sessions have an absolute end', () => {
    expect(loadConfig({}).accessTokenTtlSeconds).toBe(900);
    expect(loadConfig({ ACCESS_TOKEN_TTL: '300' }).accessTokenTtlSeconds).toBe(300);
    expect(() => loadConfig({ ACCESS_TOKEN_TTL: '86400' })).toThrow(/ACCESS_TOKEN_TTL: at most 900 seconds/);
    expect(loadConfig({}).sessionMaxAgeSeconds).toBe(90 * 86_400);
  });

  it('listens on this machine only without PUBLIC_URL (demo accounts, published password) unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:9000' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ PUBLIC_URL: 'https://roundtrip.example' }).host).toBe('0.0.0.0');
  });
});

describe('PAYOUT_ORIGINATOR_<market>', () => {
  const france = { name: 'Roundtrip SAS', iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'AGRIFRPP' };

  it('a local start pays out from demo accounts that say they are not real; a public one from the accounts set only', () => {
    const local = loadConfig({ PUBLIC_URL: 'http://localhost:8080' }).payoutOriginators;
    expect(Object.keys(local).sort()).toEqual(['ca', 'fr', 'jp', 'uk', 'us']);
    expect(local.fr?.name).toMatch(/not a real account/);
    const publicStart = loadConfig({ PUBLIC_URL: 'https://roundtrip.example', PAYOUT_ORIGINATOR_FR: JSON.stringify(france) });
    expect(publicStart.payoutOriginators).toEqual({ fr: { ...france, iban: 'FR7630006000011234567890189' } });
  });

  it('refuses a setting that is not the account a bank file needs, naming the setting and the field', () => {
    expect(() => loadConfig({ PAYOUT_ORIGINATOR_FR: JSON.stringify({ ...france, iban: 'FR7630006000011234567890180' }) })).toThrow(
      /PAYOUT_ORIGINATOR_FR\.iban: not a valid IBAN/,
    );
    expect(() => loadConfig({ PAYOUT_ORIGINATOR_FR: JSON.stringify({ ...france, name: 'Société Générale' }) })).toThrow(
      /PAYOUT_ORIGINATOR_FR\.name: only the Latin characters SEPA carries/,
    );
    expect(() => loadConfig({ PAYOUT_ORIGINATOR_US: '{"company_name": ' })).toThrow(/PAYOUT_ORIGINATOR_US: must be JSON/);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createTestDatabase, databaseKinds } from './testing/databases';
import { createTestApp, type TestApp } from './testing/test-app';

describe.each(databaseKinds)('server basics on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers /healthz and /readyz', async () => {
    const health = await t.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it.each(['/healthz', '/api/v2/user', '/api/v2/countries', '/api/v2/nothing-here'])('sends strict security headers on %s', async (url) => {
    const response = await t.inject({ method: 'GET', url });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    // Plain http here: HSTS only goes out over TLS.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS behind a TLS-terminating proxy it trusts', async () => {
    const proxied = await createTestApp(kind, { env: { TRUST_PROXY: 'true' } });
    try {
      const response = await proxied.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await proxied.close();
    }
  });

  it('answers an unknown API path with 404 in the one error shape', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/v2/nothing-here', headers: { 'accept-language': 'fr' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Introuvable' } });
  });

  it("lists the five markets by name in the reader's language", async () => {
    const en = await t.inject({ method: 'GET', url: '/api/v2/countries' });
    expect(en.statusCode).toBe(200);
    expect(en.headers['cache-control']).toBe('public, max-age=3600');
    expect(en.headers.vary).toContain('accept-language');
    expect(en.json()).toEqual({
      data: [
        { iso: 'CA', name: 'Canada' },
        { iso: 'FR', name: 'France' },
        { iso: 'JP', name: 'Japan' },
        { iso: 'GB', name: 'United Kingdom' },
        { iso: 'US', name: 'United States' },
      ],
    });
    const fr = await t.inject({ method: 'GET', url: '/api/v2/countries', headers: { 'accept-language': 'fr-FR' } });
    expect(fr.json().data).toEqual([
      { iso: 'CA', name: 'Canada' },
      { iso: 'US', name: 'États-Unis' },
      { iso: 'FR', name: 'France' },
      { iso: 'JP', name: 'Japon' },
      { iso: 'GB', name: 'Royaume-Uni' },
    ]);
    const ja = await t.inject({ method: 'GET', url: '/api/v2/countries', headers: { 'accept-language': 'ja' } });
    const names = Object.fromEntries(ja.json().data.map((country: { iso: string; name: string }) => [country.iso, country.name]));
    expect(names).toEqual({ US: 'アメリカ合衆国', CA: 'カナダ', GB: 'イギリス', FR: 'フランス', JP: '日本' });
  });
});

describe.each(databaseKinds)('failures on %s', (kind) => {
  it('answers 500 "Something went wrong" with no stack trace or SQL, and /readyz 503 when the database is gone', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'roundtrip-test-'));
    const database = await createTestDatabase(kind);
    const config = loadConfig({ DATA_DIR: dataDir, STATIC_DIR: path.join(dataDir, 'none'), LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, db: database.db, logger: false });
    app.get('/api/v2/explode', async () => {
      throw new Error('select password_hash from users at /srv/app.ts:12');
    });
    try {
      const boom = await app.inject({ method: 'GET', url: '/api/v2/explode', headers: { 'accept-language': 'ja' } });
      expect(boom.statusCode).toBe(500);
      expect(boom.json()).toEqual({ error: { code: 'RS_0001', message: '問題が発生しました' } });

      await database.close();
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable' });
      const user = await app.inject({
        method: 'POST',
        url: '/api/v2/oauth/token',
        payload: { grant_type: 'password', email: 'a@b.co', password: 'whatever' },
      });
      expect(user.statusCode).toBe(500);
      expect(user.json()).toEqual({ error: { code: 'RS_0001', message: 'Something went wrong' } });
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

describe('serving the built app', () => {
  const inlineScriptHash = "'sha256-n4bQgYhMfWWaL+qgxVrQFaO/TxsrC4Is0V1sFbDwCgg='";
  let t: TestApp;
  let buildDir: string;
  const shell = '<!doctype html><title>Roundtrip shell</title>';
  const bigScript = `console.log(${JSON.stringify('deposit '.repeat(500))});`;

  beforeAll(async () => {
    buildDir = mkdtempSync(path.join(tmpdir(), 'roundtrip-build-'));
    mkdirSync(path.join(buildDir, 'assets'));
    writeFileSync(path.join(buildDir, 'index.html'), shell);
    writeFileSync(path.join(buildDir, 'assets', 'main-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(buildDir, 'manifest.webmanifest'), '{}');
    writeFileSync(path.join(buildDir, 'assets', 'main-abc123.js.map'), '{"version":3,"sources":["src/app/secret.ts"]}');
    // What scripts/compress-dist.mjs writes beside a large file.
    writeFileSync(path.join(buildDir, 'assets', 'big-def456.js'), bigScript);
    writeFileSync(path.join(buildDir, 'assets', 'big-def456.js.br'), brotliCompressSync(bigScript));
    writeFileSync(path.join(buildDir, 'assets', 'big-def456.js.gz'), gzipSync(bigScript));
    // What scripts/prerender.ts writes: per country prefix, and per language for unprefixed paths.
    for (const [folder, page] of [
      ['fr', 'faq'],
      ['fr', 'index'],
      ['us', 'index'],
      ['ca', 'index'],
      ['ja-JP', 'faq'],
      ['en-GB', 'faq'],
      // A signed-in page's shell.
      ['us', 'user/account'],
      ['en-GB', 'user/account'],
    ]) {
      mkdirSync(path.dirname(path.join(buildDir, 'prerendered', folder!, page!)), { recursive: true });
      writeFileSync(path.join(buildDir, 'prerendered', folder!, `${page}.html`), `prerendered ${folder}/${page}`);
    }
    // The hash of a script the build inlines into the prerendered pages.
    writeFileSync(path.join(buildDir, 'prerendered', 'script-hashes.json'), JSON.stringify({ scriptSrc: [inlineScriptHash] }));
    t = await createTestApp('pglite', { env: { STATIC_DIR: buildDir } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(buildDir, { recursive: true, force: true });
  });

  it.each([
    '/',
    '/us/faq',
    '/user/account?x=1',
    '/no/such/page',
    '/fr/faq?headless',
    '/fr/faq?locale=ja-JP',
    '/fr/user/account',
    '/us/user',
    '/us/user/account/more',
  ])('answers the page %s with the shell, revalidated each time', async (url) => {
    const response = await t.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(shell);
  });

  it('answers /ca/ for a French browser with the shell, which renders Canada in French, and the English page otherwise', async () => {
    const french = await t.inject({ method: 'GET', url: '/ca/', headers: { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' } });
    expect(french.body).toBe(shell);
    expect(french.headers.vary).toContain('Accept-Language');
    const english = await t.inject({ method: 'GET', url: '/ca/', headers: { 'accept-language': 'en-CA,fr;q=0.5' } });
    expect(english.body).toBe('prerendered ca/index');
    expect(english.headers.vary).toContain('Accept-Language');
  });

  it("allows the build's own inline script by its hash, no other inline script, and WebAssembly but no eval", async () => {
    const response = await t.inject({ method: 'GET', url: '/us/user/account' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain(`script-src 'self' 'wasm-unsafe-eval' ${inlineScriptHash};`);
    const scriptSources = policy.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
    expect(scriptSources.replace("'wasm-unsafe-eval'", '')).not.toContain('unsafe');
  });

  it('never serves source maps', async () => {
    const response = await t.inject({ method: 'GET', url: '/assets/main-abc123.js.map' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('secret.ts');
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  it.each([
    ['/fr/faq', undefined, 'prerendered fr/faq'],
    ['/fr/faq/?from=mail', 'ja', 'prerendered fr/faq'],
    ['/fr', undefined, 'prerendered fr/index'],
    ['/us/', undefined, 'prerendered us/index'],
    ['/faq', 'de-DE,ja;q=0.9,en-GB;q=0.8', 'prerendered ja-JP/faq'],
    ['/faq', 'en-gb', 'prerendered en-GB/faq'],
    ['/faq?locale=ja-JP', 'en-GB', 'prerendered ja-JP/faq'],
    ['/us/user/account', undefined, 'prerendered us/user/account'],
    ['/us/user/account?row=42', 'fr', 'prerendered us/user/account'],
    ['/user/account', 'en-GB', 'prerendered en-GB/user/account'],
  ])('answers %s (Accept-Language %s) with its prerendered page', async (url, language, body) => {
    const response = await t.inject({ method: 'GET', url, headers: language ? { 'accept-language': language } : {} });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(body);
  });

  it('serves hashed assets as immutable and other files for revalidation', async () => {
    const asset = await t.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const manifest = await t.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('sends the compressed copy the client accepts, and the plain file to one that accepts none', async () => {
    const brotli = await t.inject({ method: 'GET', url: '/assets/big-def456.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(bigScript);
    const gzip = await t.inject({ method: 'GET', url: '/assets/big-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await t.inject({ method: 'GET', url: '/assets/big-def456.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigScript);
  });

  it('answers a missing file or API path with 404, not the shell', async () => {
    const missingFile = await t.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(missingFile.statusCode).toBe(404);
    const api = await t.inject({ method: 'GET', url: '/api/v2/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});

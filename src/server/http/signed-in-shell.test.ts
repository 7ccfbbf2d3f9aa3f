import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../testing/databases';
import type { TestApp } from '../testing/test-app';
import { createWalletTestApp } from '../testing/wallet';
import { verifiedCustomer } from '../testing/withdrawals';
import { cookieValue } from './signed-in-shell';

/** A signed-in shell as scripts/prerender.ts writes it: the slot in its loading state, then its script. */
const builtShell = (lang: string) =>
  `<!doctype html><html lang="${lang}"><body><div id="root" data-signed-in-shell="${lang}"><h2>Balance</h2>` +
  `<div data-balance-slot="shell"><p role="status">Loading…</p></div><script>/* balance */</script></div></body></html>`;

describe.each(databaseKinds)('the account page shell with the balance in it, on %s', (kind) => {
  let t: TestApp;
  let buildDir: string;

  beforeAll(async () => {
    buildDir = mkdtempSync(path.join(tmpdir(), 'roundtrip-shell-'));
    writeFileSync(path.join(buildDir, 'index.html'), '<!doctype html><title>shell</title>');
    for (const [folder, lang] of [
      ['us', 'en-US'],
      ['fr', 'fr-FR'],
    ] as const) {
      mkdirSync(path.join(buildDir, 'prerendered', folder, 'user'), { recursive: true });
      writeFileSync(path.join(buildDir, 'prerendered', folder, 'user', 'account.html'), builtShell(lang));
    }
    t = await createWalletTestApp(kind, { STATIC_DIR: buildDir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(buildDir, { recursive: true, force: true });
  });

  it("carries the session's current balance in the page's language, for that browser only", async () => {
    const person = await verifiedCustomer(t, { balance: '12.5' });
    const page = await t.inject({
      method: 'GET',
      url: '/us/user/account',
      headers: { cookie: `consent=1; token=${encodeURIComponent(person.tokens.access_token)}`, 'accept-encoding': 'gzip, br' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(page.headers.vary).toContain('Cookie');
    const html = brotliDecompressSync(page.rawPayload).toString();
    expect(html).toContain(
      '<div data-balance-slot="shell" data-balance-current=""><p class="wallet__balance"><span class="slot" data-testid="balance">$12.50</span></p></div>',
    );
    expect(html).not.toContain('Loading…');
    // The rest of the page is the build's.
    expect(html).toContain('<script>/* balance */</script>');

    const french = await t.inject({ method: 'GET', url: '/fr/user/account', headers: { cookie: `token=${person.tokens.access_token}` } });
    expect(french.headers['content-encoding']).toBeUndefined();
    expect(french.body).toMatch(/data-testid="balance">12,50\s\$US</);
  });

  it('is the page as built without a session, with a token the server does not know, or after signing out', async () => {
    const person = await verifiedCustomer(t, { balance: '3' });
    const asBuilt = builtShell('en-US');
    const withoutCookie = await t.inject({ method: 'GET', url: '/us/user/account' });
    expect(withoutCookie.body).toBe(asBuilt);
    expect(withoutCookie.headers['cache-control']).toBe('no-cache');
    const unknown = await t.inject({ method: 'GET', url: '/us/user/account', headers: { cookie: 'token=not-a-token' } });
    expect(unknown.body).toBe(asBuilt);
    const signedOut = await t.inject({ method: 'POST', url: '/api/v2/oauth/revoke', payload: { token: person.tokens.access_token } });
    expect(signedOut.statusCode).toBe(200);
    const afterSignOut = await t.inject({
      method: 'GET',
      url: '/us/user/account',
      headers: { cookie: `token=${person.tokens.access_token}` },
    });
    expect(afterSignOut.body).toBe(asBuilt);
  });
});

describe('the session cookie as the app sets it', () => {
  it('is read by name among the others, URI-decoded, and a broken one is none', () => {
    expect(cookieValue('a=1; token=abc%2Bdef; refreshToken=r', 'token')).toBe('abc+def');
    expect(cookieValue('xtoken=1; token=', 'token')).toBe('');
    expect(cookieValue('token=%E0%A4%A', 'token')).toBeUndefined();
    expect(cookieValue(undefined, 'token')).toBeUndefined();
  });
});

// `npm run build`, after `vite build`: writes the public pages as HTML with their texts, title and
// meta tags, for every market prefix (in its language) and for the unprefixed paths (one file per
// language), into dist/prerendered/. The server sends them to a first visit (static-app.ts); the
// app hydrates them with the same React tree (src/app/main.tsx). The signed-in pages get a shell the
// same way (navigation, headings, loading states, no customer's data), which the service worker also
// keeps for offline starts; the app renders the real page over it.
//
// The pages are rendered by the app's own code in Chromium (src/app/prerender.tsx, built here on
// its own), against our server with an empty database, so route loaders and page texts are the
// real ones. Needs Chromium (/usr/bin/chromium or CHROMIUM_PATH), like the tests and the bench.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './server-process';
import { chromium } from 'playwright-core';
import { countryCodes, isCountryCode, localeOfCountry, supportedLocales, type SupportedLocale } from '#domain/markets';
import { accessTokenCookie, refreshTokenCookie, renewalMarginMs, tokenExpiresAtKey } from '#domain/client-session';
import { lastBalanceKey } from '../src/app/lib/last-balance';
import { clientDatabaseName, keyValueTableName, queryCacheKey } from '#domain/outbox';
import { signedInShellFirstCalls, signedInShellPages, workerShellFile, type SignedInShellPage } from '#domain/signed-in-shells';
import type { PrerenderedPage } from '../src/app/prerender';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(root, 'dist');
const rendererDir = path.join(root, '.tmp', 'prerender-build');
const outputDir = path.join(distDir, 'prerendered');

/** The public pages: their path after the optional prefix ('' is home) and their route file. */
export const prerenderedPages = [
  '',
  'how-it-works',
  'faq',
  'shop-and-return',
  'privacy-policy',
  'contact-us',
  'countries',
  'login',
  'signup',
] as const;

interface Target {
  /** The address rendered, e.g. /fr/faq or /faq. */
  path: string;
  locale: SupportedLocale;
  page: (typeof prerenderedPages)[number] | SignedInShellPage;
  /** A signed-in page's shell, rendered over by the app rather than hydrated. */
  shell: boolean;
  /** Relative to dist/prerendered: <country>/<page>.html or <locale>/<page>.html. */
  file: string;
}

const targets: Target[] = [];
for (const [pages, shell] of [
  [prerenderedPages, false],
  [signedInShellPages, true],
] as const) {
  for (const page of pages) {
    for (const country of countryCodes) {
      const file = `${country}/${page || 'index'}.html`;
      targets.push({ path: `/${country}/${page}`, locale: localeOfCountry(country), page, shell, file });
    }
    for (const locale of supportedLocales) {
      targets.push({ path: `/${page}`, locale, page, shell, file: `${locale}/${page || 'index'}.html` });
    }
  }
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
const escapeText = (value: string) => value.replaceAll('&', '&amp;').replaceAll('<', '&lt;');

/** The chunks a module needs (itself and what it imports statically), as built file names. */
function chunksOf(manifest: Manifest, key: string, into: Set<string>, css: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const file of chunk.css ?? []) css.add(file);
  for (const imported of chunk.imports ?? []) chunksOf(manifest, imported, into, css);
}

function routeChunks(manifest: Manifest, target: Target): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  // The page's route file and, for a nested page, its layouts' (user/route.tsx for user/account).
  const segments = (target.page || 'index').split('/');
  const routeFiles = segments.map((_, index) =>
    index === segments.length - 1
      ? `src/app/routes/{-$country}/${segments.join('/')}.tsx`
      : `src/app/routes/{-$country}/${segments.slice(0, index + 1).join('/')}/route.tsx`,
  );
  // The interface language's catalogue and the bundled page texts load before the page shows. The
  // catalogue first: the app's start waits for it before the router asks for anything (src/app/main.tsx),
  // and the files are asked for in this order, over a phone's few connections.
  chunksOf(manifest, `src/app/locales/${target.locale}/messages.po`, js, css);
  for (const key of Object.keys(manifest)) {
    if (routeFiles.some((routeFile) => key.startsWith(`${routeFile}?`))) chunksOf(manifest, key, js, css);
  }
  // The bundled page texts only for a page whose code asks for them (the content pages' loaders):
  // a signed-in page never shows them, and preloaded there they were the account page's largest
  // file after the catalogue that nothing on it used.
  const language = target.locale.slice(0, 2);
  const content = `src/domain/content/${language}.ts`;
  const asksForContent = Object.values(manifest).some((chunk) => js.has(chunk.file) && (chunk.dynamicImports ?? []).includes(content));
  if (asksForContent) chunksOf(manifest, content, js, css);
  // A signed-in page waits for the customer (GET /user, src/app/lib/me.ts) before its own data, and
  // reads that answer with a schema the app loads on demand (signed-out pages never need it). Named
  // here, it arrives with the page's code instead of one round trip after the answer.
  if (target.shell) {
    // vite.config.ts names that chunk.
    const customerAnswer = Object.entries(manifest).find(([, chunk]) => chunk.name === 'customer-answer');
    if (!customerAnswer) throw new Error('no chunk named customer-answer (vite.config.ts): preload what lib/me.ts loads now');
    chunksOf(manifest, customerAnswer[0], js, css);
    // The page's own calls read their answers with schemas loaded on demand too (apiRequestChecked in
    // src/app/lib/api.ts), so that an offline start, which reads saved answers, never loads zod: on a
    // first visit they come with the page's code, not one round trip after the answers the shell's
    // script asked for. They are the chunks the page's code imports on demand that import zod
    // themselves (the forms and dialogs it opens on a tap reach zod through them, and stay out). The
    // service worker's copy of the shell names no preload at all.
    const zodChunk = Object.entries(manifest).find(([, chunk]) => chunk.name === 'zod');
    if (!zodChunk) throw new Error('no chunk named zod (vite.config.ts): preload the answers the page reads some other way');
    const pageChunks = Object.values(manifest).filter((chunk) => !chunk.isEntry && chunk.name !== 'app' && js.has(chunk.file));
    for (const chunk of pageChunks)
      for (const imported of chunk.dynamicImports ?? [])
        if (manifest[imported]?.imports?.includes(zodChunk[0])) chunksOf(manifest, imported, js, css);
  }
  return { js, css };
}

function pageHtml(
  template: string,
  inlineCss: string,
  target: Target,
  page: PrerenderedPage,
  preload: { js: Set<string>; css: Set<string>; data: string[] },
): string {
  let html = template.replace(/<html lang="[^"]*">/, `<html lang="${escapeAttribute(page.lang)}">`);
  html = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeText(page.title)}</title>`);
  html = html.replace(/\s*<meta name="description"[^>]*>/, '');
  html = html.replace(/<link rel="manifest" href="[^"]*"/, `<link rel="manifest" href="/manifest-${target.locale}.webmanifest"`);
  // Critical CSS: the app's own stylesheet is small enough to be the page's first response.
  html = html.replace(/\s*<link rel="stylesheet"[^>]*>/g, '');
  const already = new Set([...html.matchAll(/href="\/(assets\/[^"]+)"/g)].map((match) => match[1]));
  const head: string[] = [];
  for (const tag of page.meta)
    head.push(`<meta ${tag.attribute}="${escapeAttribute(tag.key)}" content="${escapeAttribute(tag.content)}" />`);
  for (const file of preload.js) if (!already.has(file)) head.push(`<link rel="modulepreload" crossorigin href="/${file}">`);
  for (const url of preload.data) head.push(`<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeAttribute(url)}">`);
  // The page's own stylesheets are inline (below), so each is also named by a disabled link, which the
  // browser neither fetches nor applies: Vite's chunk loader skips a stylesheet whose link is in the
  // page, and would otherwise ask for each file again when the app loads the page's code, and hold
  // that code (the page's loader, its first render) until they had all arrived.
  for (const file of preload.css) head.push(`<link rel="stylesheet" href="/${file}" disabled>`);
  // The page's own styles are inline too: no stylesheet request stands between the HTML and its first paint.
  head.push(`<style>${[inlineCss, ...[...preload.css].map(readCss)].join('\n')}</style>`);
  html = html.replace('</head>', `    ${head.join('\n    ')}\n  </head>`);
  const rootAttribute = target.shell ? 'data-signed-in-shell' : 'data-prerendered';
  const body = target.shell ? inertControls(withBalanceScript(page.html)) : page.html;
  // The page paints from this HTML alone; the app's code only makes it interactive. Asked for at low
  // priority, the code's files come after what the paint can use (the page's texts, images in view)
  // and do not compete with the first paint on a phone's connection. A signed-in shell's paint uses
  // nothing else (its styles inline, the balance in the page, the logo drawn in it), so its code is
  // asked for at the browser's own priority: at low, a cold phone start was ready for a tap 30–120 ms
  // later, with the first balance no sooner (bench/results/history.md, 2026-11-30).
  if (!target.shell)
    html = html
      .replaceAll('<link rel="modulepreload" crossorigin', '<link rel="modulepreload" fetchpriority="low" crossorigin')
      .replace('<script type="module" crossorigin', '<script type="module" fetchpriority="low" crossorigin');
  // Right after the root, outside what React hydrates: the cookie banner works from the first paint.
  return html.replace(
    '<div id="root"></div>',
    `<div id="root" ${rootAttribute}="${target.locale}">${body}</div>\n    <script>${consentScript.code}</script>`,
  );
}

/**
 * The balance's small script (src/app/shell/balance-before-app.js), inline right after the shell's
 * balance slot: it runs as soon as the page has been read that far, before any file could arrive.
 * The slot is marked as the shell's, so the script never writes into the one the app renders.
 */
const balanceScript = inlineScript('src/app/shell/balance-before-app.js', (code) =>
  fillScriptValues(code, 'balance-before-app.js', {
    // The calls it starts for the app: the account page's (the one signed-in shell, src/domain/signed-in-shells.ts).
    firstCalls: signedInShellFirstCalls['user/account'],
    // How close to its expiry the app renews a token before using it (src/domain/client-session.ts).
    renewalMarginMs,
    // Where the app keeps its tokens, their expiry and the last balance it was given.
    accessTokenCookie,
    refreshTokenCookie,
    tokenExpiresAtKey,
    lastBalanceKey,
    // Where the app saves its answers, which the script starts reading for it (src/app/lib/db-loader.ts).
    savedAnswersDatabase: clientDatabaseName,
    savedAnswersTable: keyValueTableName,
    savedAnswersKey: queryCacheKey,
  }),
);

/** Writes `values` into a script's `var name = <empty>;` lines, so the script and the app share one source. */
function fillScriptValues(code: string, file: string, values: Record<string, unknown>): string {
  let filled = code;
  for (const [name, value] of Object.entries(values)) {
    const line = new RegExp(`var ${name} = (\\[\\]|0|'');`);
    if (!line.test(filled)) throw new Error(`${file} no longer has "var ${name} = …;" for the build to fill`);
    filled = filled.replace(line, `var ${name} = ${JSON.stringify(value)};`);
  }
  return filled;
}

/** The cookie banner's few lines (src/app/shell/before-app.js), inline after every page's root. */
const consentScript = inlineScript('src/app/shell/before-app.js');

/** A script to write inline, and the Content-Security-Policy source that allows exactly it (the server reads it). */
function inlineScript(file: string, fill: (code: string) => string = (code) => code): { code: string; source: string } {
  const code = fill(
    readFileSync(path.join(root, file), 'utf8')
      .replace(/^(\/\/.*\n)+/, '')
      .trim(),
  ).replaceAll('</script', '<\\/script');
  return { code, source: `'sha256-${createHash('sha256').update(code).digest('base64')}'` };
}

/**
 * The shell's forms and menus do nothing until the app runs, and the app renders its own over them:
 * a code typed into the shell would be lost. They are `inert` (not focusable, not clickable, still
 * drawn the same) until then; its links work as plain links. The cookie banner is outside `<main>`
 * and keeps working (shell/before-app.js).
 */
function inertControls(html: string): string {
  const main = /<main[\s\S]*<\/main>/.exec(html);
  if (!main) throw new Error('the shell has no <main>');
  const controls = main[0].replace(/<(form|select|input)\b/g, '<$1 inert=""');
  return html
    .replace(main[0], controls)
    .replace(/<button type="button" class="(nav__toggle|user-menu__button)"/g, '<button type="button" inert="" class="$1"');
}

/** The page without its `modulepreload` links: what the service worker keeps of a shell (workerShellFile). */
function withoutModulePreloads(html: string): string {
  const stripped = html.replace(/\n\s*<link rel="modulepreload"[^>]*>/g, '');
  if (stripped === html || /rel="modulepreload"/.test(stripped))
    throw new Error('a signed-in shell without modulepreload links to take out');
  return stripped;
}

function withBalanceScript(html: string): string {
  const slot = /<div data-balance-slot="">(?:(?!<\/?div)[\s\S])*<\/div>/.exec(html);
  if (!slot) throw new Error('the shell has no balance slot (data-balance-slot in features/wallet/account-wallet.tsx)');
  const marked = slot[0].replace('data-balance-slot=""', 'data-balance-slot="shell"');
  return html.replace(slot[0], `${marked}<script>${balanceScript.code}</script>`);
}

function startRendererServer(dataDir: string, port: number) {
  // A first build on a loaded machine compiles the server's TypeScript slowly: give it two minutes.
  return startServer(
    'src/server/main.ts',
    { HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: rendererDir, SEED_DEMO: 'false' },
    '/readyz',
    port,
    { timeoutMs: 120_000 },
  );
}

const started = Date.now();
const manifestPath = path.join(distDir, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) throw new Error('dist/.vite/manifest.json is missing: run vite build first');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
const template = readFileSync(path.join(distDir, 'index.html'), 'utf8');
const readCss = (file: string) => readFileSync(path.join(distDir, file), 'utf8').replaceAll('</style', '<\\/style');
const inlineCss = [...template.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"/g)].map((match) => readCss(match[1]!)).join('\n');

execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PRERENDER_BUILD: 'true' },
});
copyFileSync(path.join(rendererDir, 'prerender.html'), path.join(rendererDir, 'index.html'));

/** A port nobody listens on, so that two builds on one machine never meet. */
async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'roundtrip-prerender-'));
const server = await startRendererServer(dataDir, await freePort());
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  rmSync(outputDir, { recursive: true, force: true });
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(error.message));
  const dataRequests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/locales/')) dataRequests.push(url.pathname + url.search);
  });
  await page.goto(`${server.url}/prerender.html`);
  await page.waitForFunction(() => typeof window.renderPage === 'function');
  for (const target of targets) {
    dataRequests.length = 0;
    const rendered = await page.evaluate(
      ([pagePath, locale, shell]) => (shell ? window.renderSignedInShell! : window.renderPage!)(pagePath, locale),
      [target.path, target.locale, target.shell] as const,
    );
    if (!rendered.html.includes('<h1'))
      throw new Error(`${target.path} (${target.locale}) rendered no heading: ${rendered.html.slice(0, 3000)}`);
    const file = path.join(outputDir, target.file);
    mkdirSync(path.dirname(file), { recursive: true });
    const html = pageHtml(template, inlineCss, target, rendered, { ...routeChunks(manifest, target), data: [...new Set(dataRequests)] });
    writeFileSync(file, html);
    // The copy the service worker keeps (src/domain/signed-in-shells.ts, workerShellFile): one per
    // market prefix, the only shells it serves; the language-prefixed ones are a first visit's.
    const prefix = target.file.split('/')[0];
    if (target.shell && isCountryCode(prefix))
      writeFileSync(path.join(outputDir, '..', workerShellFile(prefix, target.page)), withoutModulePreloads(html));
  }
  if (failures.length > 0) throw new Error(`errors while rendering: ${failures.join('; ')}`);
  // The inline scripts' hashes, for the server's Content-Security-Policy (src/server/http/static-app.ts).
  writeFileSync(
    path.join(outputDir, 'script-hashes.json'),
    `${JSON.stringify({ scriptSrc: [balanceScript.source, consentScript.source] })}\n`,
  );
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(rendererDir, { recursive: true, force: true });
}
// The manifest served its purpose; it is not part of the app.
rmSync(path.join(distDir, '.vite'), { recursive: true, force: true });
process.stdout.write(`prerendered ${targets.length} pages into dist/prerendered in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);

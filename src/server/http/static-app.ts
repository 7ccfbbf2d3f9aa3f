import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { localeForMarket, matchSupportedLocale } from '#domain/locales';
import { isCountryCode, isSupportedLocale, localeOfCountry } from '#domain/markets';
import { ApiError } from './api-error';
import { sendShellWithBalance } from './signed-in-shell';

/**
 * The files of dist/prerendered (scripts/prerender.ts): <country>/<page>.html and <locale>/<page>.html,
 * the public pages and the signed-in pages' shells (user/account.html).
 */
function listPrerendered(staticDir: string): Set<string> {
  const dir = path.join(staticDir, 'prerendered');
  if (!existsSync(dir)) return new Set();
  return new Set(
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.html'))
      .map((file) => file.split(path.sep).join('/')),
  );
}

/**
 * The Content-Security-Policy sources of the scripts the build wrote inline into the prerendered
 * pages (the cookie banner's lines and a signed-in page's balance script, scripts/prerender.ts):
 * their hashes, so that exactly those run and no other inline script does. None without a build.
 */
export function prerenderedScriptSources(staticDir: string): string[] {
  const file = path.join(staticDir, 'prerendered', 'script-hashes.json');
  if (!existsSync(file)) return [];
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const sources = typeof parsed === 'object' && parsed !== null && 'scriptSrc' in parsed ? parsed.scriptSrc : undefined;
  const isHash = (source: unknown): source is string => typeof source === 'string' && /^'sha256-[A-Za-z0-9+/=]+'$/.test(source);
  if (!Array.isArray(sources) || !sources.every(isHash)) throw new Error(`${file} is not a list of script hashes: rebuild the app`);
  return sources;
}

/** The browser's languages in its order of preference. */
function acceptedTags(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}

/** The browser's first language the app speaks, as its locale. */
function acceptedLocale(header: string | undefined) {
  for (const tag of acceptedTags(header)) {
    const locale = matchSupportedLocale(tag);
    if (locale) return locale;
  }
  return undefined;
}

/**
 * The prerendered page for an address, in the language the app will choose: the country prefix's,
 * else the `locale` query's, else the browser's first supported language. None when the app would
 * show something else first (another language than the prefix's, headless mode, the countries
 * question for a visitor whose language is unknown): the shell renders it in the browser.
 */
export function prerenderedPage(files: ReadonlySet<string>, url: string, acceptLanguage: string | undefined): string | undefined {
  const [pathname = '', search = ''] = url.split('?');
  const query = new URLSearchParams(search);
  if (query.has('headless')) return undefined;
  const queryLocale = query.get('locale');
  const segments = pathname.split('/').filter(Boolean);
  const first = segments[0];
  let folder: string | undefined;
  if (isCountryCode(first)) {
    segments.shift();
    if (queryLocale && queryLocale !== localeOfCountry(first)) return undefined;
    // The pages are prerendered in the market's first locale: a French browser on /ca/ gets the
    // shell, which renders Canada in French, rather than English first.
    if (!queryLocale && localeForMarket(first, acceptedTags(acceptLanguage)) !== localeOfCountry(first)) return undefined;
    folder = first;
  } else {
    folder = isSupportedLocale(queryLocale) ? queryLocale : acceptedLocale(acceptLanguage);
  }
  if (!folder) return undefined;
  // Only the files the build wrote answer: a made-up path ('..' included) is never one of them.
  const file = `${folder}/${segments.join('/') || 'index'}.html`;
  return files.has(file) ? `prerendered/${file}` : undefined;
}

/**
 * Serves the built PWA. Any path that is not a file or an API call gets the
 * app's shell, whose router shows the page or its own "Page not found".
 */
export async function registerStaticApp(app: FastifyInstance, staticDir: string) {
  const shell = path.join(staticDir, 'index.html');
  const hasBuild = existsSync(shell);
  const prerendered = listPrerendered(staticDir);
  /** A first visit gets the page's prerendered HTML when there is one, else the app's shell. */
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const page = prerenderedPage(prerendered, request.url, request.headers['accept-language']);
    reply.header('cache-control', 'no-cache');
    // Unprefixed pages are in the browser's language, and so are Canada's (English or French).
    reply.header('vary', 'Accept-Language');
    // The account page's shell comes with the signed-in customer's balance in it (signed-in-shell.ts).
    if (page?.endsWith('/user/account.html') && (await sendShellWithBalance(app, request, reply, path.join(staticDir, page)))) return reply;
    return reply.sendFile(page ?? 'index.html');
  };
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: true,
      index: false,
      // The build writes .br and .gz beside each text file (scripts/compress-dist.mjs).
      preCompressed: true,
      // Our own headers below; the plugin's default would overwrite them with max-age=0.
      cacheControl: false,
      // Source maps stay on the server's disk (for the bench and for us): never served.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      setHeaders(response, filePath) {
        const relative = path.relative(staticDir, filePath);
        if (relative.startsWith(`assets${path.sep}`)) {
          response.setHeader('cache-control', 'public, max-age=31536000, immutable');
        } else {
          // The shell, the service worker and the manifest must be revalidated to pick up a new version.
          response.setHeader('cache-control', 'no-cache');
        }
      },
    });
    // The static plugin refuses to list the root folder; the root path is the shell like any page.
    app.get('/', { schema: { hide: true } }, sendPage);
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/');
    if (hasBuild && wantsPage && !path.extname(pathname)) return sendPage(request, reply);
    throw new ApiError(404, 'NOT_FOUND');
  });
}

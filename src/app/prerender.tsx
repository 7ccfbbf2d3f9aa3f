// Build only (scripts/prerender.ts): renders a page of the app to HTML in a real browser, with the
// same React tree the app hydrates (app-tree.tsx), the same route loaders and the same texts. It
// has its own Vite build (PRERENDER_BUILD=true) and never ships: dist/ holds only its output.
import './styles.css';
import { createMemoryHistory } from '@tanstack/react-router';
import { createRoot } from 'react-dom/client';
import { renderToReadableStream } from 'react-dom/server';
import { t } from '@lingui/core/macro';
import type { SupportedLocale } from '#domain/markets';
import { AppTree } from './app-tree';
import { activateLocale } from './lib/i18n';
import { queryClient } from './lib/query-client';
import { createAppRouter } from './router';
import { setRenderingSignedInShell } from './lib/shell-rendering';

export interface PrerenderedPage {
  /** The markup of #root, as React's server renderer writes it (hydration needs its markers). */
  html: string;
  title: string;
  /** The page's meta tags as the app sets them (name or property → content). */
  meta: { attribute: 'name' | 'property'; key: string; content: string }[];
  lang: string;
}

declare global {
  interface Window {
    renderPage?: (path: string, locale: SupportedLocale) => Promise<PrerenderedPage>;
    renderSignedInShell?: (path: string, locale: SupportedLocale) => Promise<PrerenderedPage>;
  }
}

async function renderToHtml(path: string, locale: SupportedLocale) {
  queryClient.clear();
  await activateLocale(locale);
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  const errors: string[] = [];
  const stream = await renderToReadableStream(<AppTree router={router} />, {
    onError: (error) => void errors.push(String(error instanceof Error ? error.stack : error)),
  });
  // Everything, lazy parts included, is in the HTML: nothing is left for the browser to fill in.
  await stream.allReady;
  const html = await new Response(stream).text();
  if (errors.length > 0) throw new Error(`rendering ${path} failed: ${errors.join('; ')}`);
  return { html, router };
}

async function renderPage(path: string, locale: SupportedLocale): Promise<PrerenderedPage> {
  const { html, router } = await renderToHtml(path, locale);
  // Title and meta tags are set by effects, which a server render does not run: the page is
  // mounted once off screen to read them.
  const host = document.createElement('div');
  host.hidden = true;
  document.body.append(host);
  const root = createRoot(host);
  root.render(<AppTree router={router} />);
  const deadline = Date.now() + 10_000;
  while (!host.querySelector('main h1') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  await new Promise((resolve) => setTimeout(resolve, 50));
  const meta: PrerenderedPage['meta'] = [];
  for (const element of document.head.querySelectorAll<HTMLMetaElement>('meta[name], meta[property]')) {
    const attribute = element.hasAttribute('property') ? 'property' : 'name';
    const key = element.getAttribute(attribute) ?? '';
    if (key === 'viewport' || key === 'theme-color') continue;
    meta.push({ attribute, key, content: element.content });
  }
  const page: PrerenderedPage = { html, title: document.title, meta, lang: document.documentElement.lang };
  root.unmount();
  host.remove();
  return page;
}

/**
 * A signed-in page as it looks before the customer's data arrives: the signed-in navigation, the
 * headings, the loading states. Nothing of any customer is in it; the app renders the real page
 * over it (src/app/main.tsx) and a small script fills in the last known balance before that
 * (src/app/shell/balance-before-app.js). Its title is the one the page sets; it has no meta description,
 * since search engines never see a signed-in page.
 */
async function renderSignedInShell(path: string, locale: SupportedLocale): Promise<PrerenderedPage> {
  setRenderingSignedInShell(true);
  try {
    const { html } = await renderToHtml(path, locale);
    const parsed = new DOMParser().parseFromString(html, 'text/html');
    const title = parsed.querySelector('main h1')?.textContent ?? '';
    return { html, title: t`${title} · Roundtrip`, meta: [], lang: locale };
  } finally {
    setRenderingSignedInShell(false);
  }
}

window.renderPage = renderPage;
window.renderSignedInShell = renderSignedInShell;

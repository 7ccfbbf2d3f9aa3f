import { pageViewsKey } from './consent-store';

/**
 * The analytics "script": loaded as its own chunk only after the visitor allowed
 * analytics. It has no third-party vendor behind it; it keeps a short list of the
 * pages viewed in this browser, without query strings (they can hold codes and
 * tokens) and without any identifier.
 */
export interface PageView {
  path: string;
  locale: string;
  at: string;
}

const maxViews = 200;

function readViews(): PageView[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(pageViewsKey) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((view: unknown): view is PageView => typeof (view as Partial<PageView> | null)?.path === 'string')
      : [];
  } catch {
    return [];
  }
}

export function recordPageView(path: string, locale: string): void {
  const views = readViews();
  views.push({ path, locale, at: new Date().toISOString() });
  localStorage.setItem(pageViewsKey, JSON.stringify(views.slice(-maxViews)));
}

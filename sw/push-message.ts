import { safeReturnPath } from '#domain/return-path';

// Web Push (features/notifications): the server sends {title, body, url, tag, icon, lang}, encrypted
// for this browser. Anything else (a test message from the browser's tools) still shows the app's
// name, since a push that shows nothing is refused by browsers after a few.
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
  icon: string;
  lang: string;
}

const fallback: PushMessage = { title: 'Roundtrip', body: '', url: '/', tag: 'news', icon: '/icons/icon-192.png', lang: '' };

/** What a push shows and opens, from its decrypted JSON. */
export function pushMessageOf(data: unknown): PushMessage {
  if (typeof data !== 'object' || data === null) return fallback;
  const text = (key: keyof PushMessage) => {
    const value = (data as Record<string, unknown>)[key];
    return typeof value === 'string' ? value : fallback[key];
  };
  return {
    title: text('title'),
    body: text('body'),
    // Only a path of our own app is opened, by the app's own rule: a message never sends the person to another site.
    url: safeReturnPath(text('url')) ?? '/',
    tag: text('tag'),
    icon: text('icon'),
    lang: text('lang'),
  };
}

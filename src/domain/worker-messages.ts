/**
 * What the app's windows and its service worker (sw/sw.ts) say to each other with postMessage: one
 * spelling of each message for both sides, and a reader for each direction that turns whatever
 * arrives into one of them or nothing (another script's message, an older or newer version's).
 * Plain type guards rather than zod: both readers sit in the worker and in the app's first load.
 */

/** From a window to the worker. */
export type MessageToWorker =
  /**
   * The person accepted "Update available — Reload": the waiting version takes over. workbox-window's
   * `messageSkipWaiting` (features/offline/start-offline.ts) sends exactly this.
   */
  | { type: 'SKIP_WAITING' }
  /** Page texts fetched before the worker existed, to keep for offline like later ones. */
  | { type: 'KEEP_FOR_OFFLINE'; urls: string[] };

/** From the worker to the app's windows. */
export type MessageToWindow =
  /** Background Sync fired while a window is open: that window sends the outbox (src/app/lib/outbox.ts). */
  | { type: 'FLUSH_OUTBOX' }
  /** A push was shown: the news list and unread count are asked again. */
  | { type: 'NEWS_ARRIVED' };

function typeOf(data: unknown): unknown {
  return typeof data === 'object' && data !== null && 'type' in data ? data.type : undefined;
}

export function readMessageToWorker(data: unknown): MessageToWorker | undefined {
  switch (typeOf(data)) {
    case 'SKIP_WAITING':
      return { type: 'SKIP_WAITING' };
    case 'KEEP_FOR_OFFLINE': {
      const urls = typeof data === 'object' && data !== null && 'urls' in data ? data.urls : undefined;
      if (!Array.isArray(urls)) return undefined;
      return { type: 'KEEP_FOR_OFFLINE', urls: urls.filter((url): url is string => typeof url === 'string') };
    }
    default:
      return undefined;
  }
}

export function readMessageToWindow(data: unknown): MessageToWindow | undefined {
  const type = typeOf(data);
  return type === 'FLUSH_OUTBOX' || type === 'NEWS_ARRIVED' ? { type } : undefined;
}

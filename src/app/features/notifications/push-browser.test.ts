import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserSubscription, pushSupport } from './push-browser';

const iPhoneSafari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('browserSubscription', () => {
  it("is none in an iPhone's tab, whose service worker registration has no pushManager (WebKit)", async () => {
    // As WebKit gives it in a tab: a registration, no PushManager, no pushManager on the registration.
    vi.stubGlobal('window', { matchMedia: () => ({ matches: false }) });
    vi.stubGlobal('navigator', {
      userAgent: iPhoneSafari,
      platform: 'iPhone',
      maxTouchPoints: 5,
      serviceWorker: { getRegistration: () => Promise.resolve({ scope: '/' }) },
    });
    expect(pushSupport()).toBe('install-first');
    await expect(browserSubscription()).resolves.toBeNull();
  });
});

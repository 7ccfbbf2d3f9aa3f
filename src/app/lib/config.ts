import { webClientId } from '#domain/client-session';

/**
 * Addresses outside the app. They come from the build environment so that each
 * deployment points at its own company site and store listings.
 */
export const externalLinks = {
  aboutUs: import.meta.env.VITE_ABOUT_US_URL ?? 'https://roundtrip.example/about',
  mobileApp: {
    ios: import.meta.env.VITE_MOBILE_APP_IOS_URL ?? 'https://apps.apple.com/app/roundtrip',
    android: import.meta.env.VITE_MOBILE_APP_ANDROID_URL ?? 'https://play.google.com/store/apps/details?id=app.roundtrip',
    other: import.meta.env.VITE_MOBILE_APP_URL ?? 'https://roundtrip.example/app',
  },
} as const satisfies Record<string, unknown>;

export type MobilePlatform = 'ios' | 'android' | 'other';

export function mobilePlatform(userAgent: string): MobilePlatform {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return 'other';
}

/** Shared with the service worker, which renews the tokens when it sends the outbox with no window open. */
export const clientId = webClientId;

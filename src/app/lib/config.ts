import { webClientId } from '#domain/client-session';

/** The build settings that name addresses outside the app (vite-env.d.ts). */
type LinkSettings = Pick<
  ImportMetaEnv,
  'VITE_ABOUT_US_URL' | 'VITE_MOBILE_APP_IOS_URL' | 'VITE_MOBILE_APP_ANDROID_URL' | 'VITE_MOBILE_APP_URL'
>;

/** A setting's address when it is one a browser can open; anything else counts as unset. */
function webAddress(setting: string | undefined): string | undefined {
  if (!setting?.trim()) return undefined;
  try {
    const url = new URL(setting.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Addresses outside the app, from the build's settings, so that each deployment points at its own
 * company site and store listings. An address not set is undefined and its link is not shown: a
 * link to a made-up page would lead customers nowhere. A platform without its own store listing
 * gets the general page about the app, when there is one.
 */
export function externalLinksFrom(settings: LinkSettings) {
  const general = webAddress(settings.VITE_MOBILE_APP_URL);
  return {
    aboutUs: webAddress(settings.VITE_ABOUT_US_URL),
    mobileApp: {
      ios: webAddress(settings.VITE_MOBILE_APP_IOS_URL) ?? general,
      android: webAddress(settings.VITE_MOBILE_APP_ANDROID_URL) ?? general,
      other: general,
    },
  } satisfies { aboutUs: string | undefined; mobileApp: Record<MobilePlatform, string | undefined> };
}

export const externalLinks = externalLinksFrom(import.meta.env);

export type MobilePlatform = 'ios' | 'android' | 'other';

export function mobilePlatform(userAgent: string): MobilePlatform {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return 'other';
}

/** Shared with the service worker, which renews the tokens when it sends the outbox with no window open. */
export const clientId = webClientId;

import { useSyncExternalStore } from 'react';
import { createChangeSignal } from '../../lib/change-signal';

/** What the visitor agreed to. Strictly necessary storage needs no consent and has no switch. */
export interface ConsentChoice {
  analytics: boolean;
  decidedAt: string;
}

const consentKey = 'cookie_consent';
/** Where the local analytics keeps page views; cleared when consent is withdrawn. */
export const pageViewsKey = 'analytics_page_views';

const changes = createChangeSignal();
let bannerOpen = false;
let cachedRaw: string | null | undefined;
let cachedChoice: ConsentChoice | undefined;

function emit(): void {
  changes.emit();
}

const subscribe = changes.subscribe;

function isChoice(value: unknown): value is ConsentChoice {
  return (
    typeof value === 'object' &&
    value !== null &&
    'analytics' in value &&
    typeof value.analytics === 'boolean' &&
    'decidedAt' in value &&
    typeof value.decidedAt === 'string'
  );
}

export function readConsent(): ConsentChoice | undefined {
  const raw = localStorage.getItem(consentKey);
  if (raw === cachedRaw) return cachedChoice;
  cachedRaw = raw;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : undefined;
    cachedChoice = isChoice(parsed) ? parsed : undefined;
  } catch {
    cachedChoice = undefined;
  }
  return cachedChoice;
}

export function saveConsent(analytics: boolean): void {
  const choice = { analytics, decidedAt: new Date().toISOString() } satisfies ConsentChoice;
  localStorage.setItem(consentKey, JSON.stringify(choice));
  if (!analytics) localStorage.removeItem(pageViewsKey);
  bannerOpen = false;
  emit();
}

export function openConsentBanner(): void {
  bannerOpen = true;
  emit();
}

export function closeConsentBanner(): void {
  bannerOpen = false;
  emit();
}

/**
 * A prerendered page is a first visitor's: nothing decided, so the banner is in its HTML and
 * paints with the page (no late banner becoming the largest paint). A visitor who already
 * decided sees it only until the app takes the page over.
 */
export function useConsent(): ConsentChoice | undefined {
  return useSyncExternalStore(subscribe, readConsent, () => undefined);
}

/** Shown until the visitor decides, and again when they ask for the cookie settings. */
export function useConsentBannerOpen(): boolean {
  const choice = useConsent();
  const open = useSyncExternalStore(
    subscribe,
    () => bannerOpen,
    () => false,
  );
  return open || choice === undefined;
}

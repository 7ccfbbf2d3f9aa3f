/** This browser's side of Web Push: the service worker's PushManager and the notification permission. */

/** `install-first`: an iPhone or iPad browser, which offers push only to a web app opened from the Home Screen. */
export type PushSupport = 'supported' | 'install-first' | 'unsupported';

/** Every browser on iPhone and iPad is WebKit; an iPad asks for the desktop site, so it reads as a Mac with touch. */
function isAppleMobile(): boolean {
  return /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
}

function openedFromHomeScreen(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches === true || Reflect.get(navigator, 'standalone') === true;
}

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined') return 'unsupported';
  if ('serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window) return 'supported';
  // No prompt can come in a tab there: the way to notifications is installing the app.
  if (isAppleMobile() && !openedFromHomeScreen()) return 'install-first';
  return 'unsupported';
}

export function notificationPermission(): NotificationPermission {
  return typeof Notification === 'undefined' ? 'denied' : Notification.permission;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function sameKey(subscription: PushSubscription, publicKey: string): boolean {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const expected = keyBytes(publicKey);
  const actual = new Uint8Array(current);
  return actual.length === expected.length && actual.every((byte, index) => byte === expected[index]);
}

/**
 * The subscription this browser holds for our service worker, if any. None without Push: an
 * iPhone's tab (`install-first`) has a service worker registration, but no `pushManager` on it.
 */
export async function browserSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'supported') return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export class PushPermissionError extends Error {
  override name = 'PushPermissionError';
}

/** The browser's push service did not answer in time (no network to it, a vendor outage). */
export class PushTimeoutError extends Error {
  override name = 'PushTimeoutError';
}

/**
 * How long the push service may take to hand out a subscription. A healthy one answers in a
 * second or two; past this the switch stops saying "Saving…" and says what happened.
 */
export const pushServiceDeadlineMs = 10_000;

function withDeadline<Value>(work: Promise<Value>, ms: number): Promise<Value> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PushTimeoutError(`no answer from the push service in ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Asks for the permission (only now, on the person's own click), then subscribes with the
 * server's key. A subscription made with another key (the server's keys changed) is replaced:
 * the push service would refuse our messages to it. The permission prompt waits for the person
 * as long as they like; the push service gets `pushServiceDeadlineMs` (PushTimeoutError).
 */
export async function subscribeBrowser(publicKey: string): Promise<PushSubscription> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionError(permission);
  return withDeadline(subscribeWithKey(publicKey), pushServiceDeadlineMs);
}

async function subscribeWithKey(publicKey: string): Promise<PushSubscription> {
  // Not `ready`: without a worker (development server, a browser that refused it) it never settles.
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) throw new Error('no service worker registered');
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameKey(existing, publicKey)) return existing;
  await existing?.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
}

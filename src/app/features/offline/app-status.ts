import { useSyncExternalStore } from 'react';
import { createChangeSignal } from '../../lib/change-signal';

/**
 * Small shared state of the offline feature: is a new version waiting, did another tab
 * upgrade the database, did the browser offer installation.
 */
interface AppStatus {
  /** A new service worker is installed and waits for the person's go-ahead. */
  updateReady: boolean;
  /** Another tab runs a newer version and upgraded the database: this tab must reload. */
  databaseOutdated: boolean;
  /** The browser's deferred install prompt (Chromium's beforeinstallprompt), when offered. */
  installPrompt: BeforeInstallPromptEvent | undefined;
  /** Installed during this visit, or already running as an installed app. */
  installed: boolean;
}

export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let status: AppStatus = { updateReady: false, databaseOutdated: false, installPrompt: undefined, installed: false };
const changes = createChangeSignal();

export function setAppStatus(patch: Partial<AppStatus>): void {
  status = { ...status, ...patch };
  changes.emit();
}

export function getAppStatus(): AppStatus {
  return status;
}

const subscribe = changes.subscribe;

export function useAppStatus(): AppStatus {
  return useSyncExternalStore(subscribe, getAppStatus, getAppStatus);
}

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

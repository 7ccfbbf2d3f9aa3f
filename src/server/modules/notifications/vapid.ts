import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { ConfigError, isLocalAddress, type Config } from '../../config';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** Where push services can reach the sender (mailto: or https:). */
  subject: string;
}

export const localVapidKeyName = 'vapid.json';

function readKeyFile(file: string): { publicKey: string; privateKey: string } | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { publicKey, privateKey } = parsed as Record<string, unknown>;
    if (
      typeof publicKey === 'string' &&
      /^[A-Za-z0-9_-]{87}$/.test(publicKey) &&
      typeof privateKey === 'string' &&
      /^[A-Za-z0-9_-]{43}$/.test(privateKey)
    ) {
      return { publicKey, privateKey };
    }
    return undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || error instanceof SyntaxError) return undefined;
    throw error;
  }
}

/**
 * A key pair kept in DATA_DIR for the local and demo setup, made once (mode 0600) and reused: a
 * browser's subscription is bound to the public key, so a new pair at each start would silence
 * every phone that opted in.
 */
export function ensureLocalVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, localVapidKeyName);
  mkdirSync(dataDir, { recursive: true });
  const made = webpush.generateVAPIDKeys();
  try {
    writeFileSync(file, `${JSON.stringify(made)}\n`, { mode: 0o600, flag: 'wx' });
    return made;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  const existing = readKeyFile(file);
  if (existing) return existing;
  writeFileSync(file, `${JSON.stringify(made)}\n`, { mode: 0o600 });
  return made;
}

export const vapidRefusal = (publicUrl: string) =>
  `Web Push needs VAPID keys at ${publicUrl}: set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY (from \`npx web-push generate-vapid-keys\`, ` +
  `the same on every instance, kept with your secrets) and VAPID_SUBJECT (mailto: or https: address), or WEB_PUSH=false to run without phone notifications.`;

/**
 * The keys push is sent with, or undefined when push is off. Configured keys win; a local address
 * without them gets the pair kept in DATA_DIR; any other address without them refuses to start,
 * because instances with keys of their own would each drop the others' subscriptions.
 */
export function resolveVapidKeys(config: Config): VapidKeys | undefined {
  if (!config.webPush) return undefined;
  if (config.vapid) return config.vapid;
  if (!isLocalAddress(config.publicUrl)) throw new ConfigError(vapidRefusal(config.publicUrl));
  return { ...ensureLocalVapidKeys(config.dataDir), subject: 'mailto:support@roundtrip.example' };
}

import { useEffect, useState, useSyncExternalStore } from 'react';
import { liveQuery } from 'dexie';
import type { ScanBody } from '#domain/schemas/wallet';
import { isApiError } from '../../lib/api';
import type { OutboxEntry } from '../../lib/db';
import { loadDatabase } from '../../lib/db-loader';
import { queryClient } from '../../lib/query-client';
import { meQueryKey } from '../../lib/me';
import { dismissOutboxEntry, enqueue, followedEntries } from '../../lib/outbox';
import { outboxOutcome } from '../../lib/outbox-outcome';
import { newScan, recordScan } from './api/record-scan';
import { createChangeSignal } from '../../lib/change-signal';

/**
 * The containers scanned since the scan screen was opened in this tab. Kept in
 * sessionStorage (per signed-in person) so a reload, or the return from the login page of
 * a deep link, neither loses a scan nor records the same container twice.
 */
export interface SessionScan {
  id: string;
  code: string;
  scannedAt: string;
  /** Set when the server refused the scan (unknown container, another market…). */
  refusal?: { code: string; message: string };
}

export type SessionScanState = 'waiting' | 'recorded' | 'refused';

export type CaptureResult =
  | { kind: 'saved'; scan: SessionScan }
  /** On the phone, not sent yet (offline, or the first try failed): the outbox sends it later. */
  | { kind: 'queued'; scan: SessionScan }
  | { kind: 'duplicate'; code: string }
  | { kind: 'not-saved'; reason: 'signed-out' | 'storage' | 'refused'; code?: string; message?: string; scanId?: string };

function currentOwner(): string | undefined {
  const me = queryClient.getQueryData<{ id?: unknown }>(meQueryKey);
  return me && (typeof me.id === 'string' || typeof me.id === 'number') ? String(me.id) : undefined;
}

const storageKeyPrefix = 'scan_session:';
const changes = createChangeSignal();
let cache: { key: string; raw: string | null; scans: SessionScan[] } | undefined;

function isSessionScan(value: unknown): value is SessionScan {
  return Boolean(
    value &&
    typeof value === 'object' &&
    'id' in value &&
    typeof value.id === 'string' &&
    'code' in value &&
    typeof value.code === 'string',
  );
}

function read(owner: string | undefined): SessionScan[] {
  if (!owner) return [];
  const key = storageKeyPrefix + owner;
  const raw = sessionStorage.getItem(key);
  if (cache && cache.key === key && cache.raw === raw) return cache.scans;
  let scans: SessionScan[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    scans = Array.isArray(parsed) ? parsed.filter(isSessionScan) : [];
  } catch {
    scans = [];
  }
  cache = { key, raw, scans };
  return scans;
}

function write(owner: string, scans: SessionScan[]): void {
  sessionStorage.setItem(storageKeyPrefix + owner, JSON.stringify(scans));
  changes.emit();
}

const subscribe = changes.subscribe;

/** This session's scans, newest first. */
export function useSessionScans(): SessionScan[] {
  return useSyncExternalStore(subscribe, () => read(currentOwner()));
}

async function queuedScanWithCode(code: string): Promise<OutboxEntry | undefined> {
  const { db } = await loadDatabase();
  const entries = await db.outbox.filter((entry) => entry.kind === 'scan').toArray();
  return entries.find((entry) => entry.state !== 'failed' && (entry.payload as Partial<ScanBody>).code === code);
}

/**
 * Records a checked container code: into the offline outbox first (with the scan's own id,
 * on disk before anything is sent), then into this session's list. A code already scanned
 * in this session, or still waiting in the outbox, is not queued again.
 */
export async function captureCode(code: string): Promise<CaptureResult> {
  const owner = currentOwner();
  if (!owner) return { kind: 'not-saved', reason: 'signed-out' };
  if (read(owner).some((scan) => scan.code === code && !scan.refusal) || (await queuedScanWithCode(code))) {
    return { kind: 'duplicate', code };
  }
  const body = newScan(code);
  const scan: SessionScan = { id: body.id, code, scannedAt: body.scanned_at };
  const remember = (saved: SessionScan) => write(owner, [saved, ...read(owner).filter((earlier) => earlier.code !== code)]);
  try {
    await enqueue({ kind: 'scan', endpoint: '/scans', payload: body, id: body.id });
  } catch {
    // No room on the device: send it now, and say so if that fails too.
    try {
      await recordScan(body);
    } catch (error) {
      if (isApiError(error) && error.status > 0) return { kind: 'not-saved', reason: 'refused', code: error.code, message: error.message };
      return { kind: 'not-saved', reason: 'storage' };
    }
    remember(scan);
    return { kind: 'saved', scan };
  }
  remember(scan);
  // Online, the first try takes a moment: "scanned" is said only once the server took it, so a
  // container it refuses (another market's, unknown) gets one answer, the refusal (scan README,
  // One answer per scan).
  const outcome = await outboxOutcome(body.id, firstTryTimeoutMs);
  if (outcome.kind === 'queued') return { kind: 'queued', scan };
  if (outcome.kind === 'sent') return { kind: 'saved', scan };
  remember({ ...scan, refusal: { code: outcome.code, message: outcome.message } });
  await dismissOutboxEntry(body.id);
  return { kind: 'not-saved', reason: 'refused', code: outcome.code, message: outcome.message, scanId: scan.id };
}

/** How long a scan's first try may take before the screen says it is saved on the phone and will be sent later. */
const firstTryTimeoutMs = 8_000;

/**
 * The outbox's scan entries, or undefined until IndexedDB has answered once (so a scan is
 * never shown as recorded just because the list has not loaded yet).
 */
export function useQueuedScans(): OutboxEntry[] | undefined {
  const [entries, setEntries] = useState<OutboxEntry[]>();
  useEffect(() => {
    let subscription: { unsubscribe(): void } | undefined;
    let stopped = false;
    void loadDatabase().then(
      ({ db }) => {
        if (stopped) return;
        subscription = liveQuery(() => db.outbox.filter((entry) => entry.kind === 'scan').toArray()).subscribe({
          next: setEntries,
          error: () => setEntries([]),
        });
      },
      () => setEntries([]),
    );
    return () => {
      stopped = true;
      subscription?.unsubscribe();
    };
  }, []);
  return entries;
}

/**
 * A refused scan's reason moves into the session list, where the screen explains it next
 * to the code, and leaves the outbox (it will never be sent).
 */
export async function takeRefusals(entries: OutboxEntry[]): Promise<void> {
  const owner = currentOwner();
  if (!owner) return;
  // One that captureCode still follows is its to answer: dismissing it here would make it look sent.
  const refused = entries.filter((entry) => entry.state === 'failed' && !followedEntries.has(entry.id));
  if (refused.length === 0) return;
  const scans = read(owner);
  let changed = false;
  const updated = scans.map((scan) => {
    const entry = refused.find((candidate) => candidate.id === scan.id);
    if (!entry || scan.refusal) return scan;
    changed = true;
    return { ...scan, refusal: { code: entry.lastError?.code ?? '', message: entry.lastError?.message ?? '' } };
  });
  if (changed) write(owner, updated);
  await Promise.all(refused.filter((entry) => scans.some((scan) => scan.id === entry.id)).map((entry) => dismissOutboxEntry(entry.id)));
}

export function stateOf(scan: SessionScan, queued: OutboxEntry[] | undefined): SessionScanState {
  if (scan.refusal) return 'refused';
  if (!queued || queued.some((entry) => entry.id === scan.id)) return 'waiting';
  return 'recorded';
}

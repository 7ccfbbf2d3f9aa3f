import { useEffect, useState, useSyncExternalStore } from 'react';
import { liveQuery } from 'dexie';
import type { ScanBody } from '#domain/schemas/wallet';
import { isApiError } from '../../lib/api';
import type { OutboxEntry } from '../../lib/db';
import { loadDatabase } from '../../lib/db-loader';
import { queryClient } from '../../lib/query-client';
import { meQueryKey } from '../../lib/me';
import { dismissOutboxEntry, enqueueAll, followedEntries } from '../../lib/outbox';
import { outboxOutcomes } from '../../lib/outbox-outcome';
import { newScan, recordScan } from './api/record-scan';
import { createChangeSignal } from '../../lib/change-signal';
import { claimRecordedCode } from './scan-messages';

/**
 * The containers scanned since the scan screen was opened in this tab. Kept in
 * sessionStorage (per signed-in person) so a reload, or the return from the login page of
 * a deep link, neither loses a scan nor records the same container twice.
 */
export interface SessionScan {
  id: string;
  code: string;
  scannedAt: string;
  /**
   * When its outbox entry was on disk (epoch ms). An outbox list read before then says nothing
   * about it: its absence there is not "sent" (the list of the first render after a capture).
   */
  queuedAt?: number;
  /** Set when the server refused the scan (unknown container, another market…). */
  refusal?: { code: string; message: string };
}

/** `review`: someone else scanned the container first; it is kept as a claim our team decides on. */
export type SessionScanState = 'waiting' | 'recorded' | 'review' | 'refused';

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

/** The same empty list each time: useSyncExternalStore takes a new array for a change, and would render without end. */
const noScans: SessionScan[] = [];

function read(owner: string | undefined): SessionScan[] {
  if (!owner) return noScans;
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

/** The codes of the scans waiting in the outbox (not those it gave up on). */
async function queuedScanCodes(): Promise<Set<string>> {
  const { db } = await loadDatabase();
  const entries = await db.outbox.filter((entry) => entry.kind === 'scan' && entry.state !== 'failed').toArray();
  return new Set(entries.flatMap((entry) => (entry.payload as Partial<ScanBody>).code ?? []));
}

/**
 * Records checked container codes read together (a frame's worth): into the offline outbox first,
 * all in one transaction (each scan with its own id, on disk before anything is sent), then into
 * this session's list in one write, so a bag of six is one round of the outbox and one change on
 * screen rather than six. A code already scanned in this session, or still waiting in the outbox,
 * is not queued again. One result per code, in the order given.
 */
export async function captureCodes(codes: string[]): Promise<CaptureResult[]> {
  const owner = currentOwner();
  if (!owner) return codes.map(() => ({ kind: 'not-saved', reason: 'signed-out' }));
  const taken = await queuedScanCodes();
  for (const scan of read(owner)) if (!scan.refusal) taken.add(scan.code);
  const bodies = new Map<string, ScanBody>();
  for (const code of codes) if (!taken.has(code) && !bodies.has(code)) bodies.set(code, newScan(code));
  const results = new Map<string, CaptureResult>();
  const toScan = (body: ScanBody): SessionScan => ({ id: body.id, code: body.code, scannedAt: body.scanned_at });
  const remember = (saved: SessionScan[]) => {
    const codesSaved = new Set(saved.map((scan) => scan.code));
    write(owner, [...saved, ...read(owner).filter((earlier) => !codesSaved.has(earlier.code))]);
  };
  const fresh = [...bodies.values()];
  if (fresh.length > 0) {
    try {
      await enqueueAll(fresh.map((body) => ({ kind: 'scan', endpoint: '/scans', payload: body, id: body.id })));
    } catch {
      // No room on the device: send them now, and say so for those that fail too.
      const sent = await Promise.all(fresh.map(sendWithoutOutbox));
      remember(sent.flatMap((result) => (result.kind === 'saved' ? [result.scan] : [])));
      fresh.forEach((body, index) => results.set(body.code, sent[index] ?? { kind: 'not-saved', reason: 'storage' }));
      return codes.map((code) => results.get(code) ?? { kind: 'duplicate', code });
    }
    const queuedAt = Date.now();
    const scans = fresh.map((body) => ({ ...toScan(body), queuedAt }));
    remember(scans);
    // Online, the first try takes a moment: "scanned" is said only once the server took it, so a
    // container it refuses (another market's, unknown) gets one answer, the refusal (scan README,
    // One answer per scan).
    const outcomes = await outboxOutcomes(
      scans.map((scan) => scan.id),
      firstTryTimeoutMs,
    );
    const refused: SessionScan[] = [];
    scans.forEach((scan, index) => {
      const outcome = outcomes[index] ?? { kind: 'queued' };
      if (outcome.kind === 'queued') results.set(scan.code, { kind: 'queued', scan });
      else if (outcome.kind === 'sent') results.set(scan.code, { kind: 'saved', scan });
      else {
        refused.push({ ...scan, refusal: { code: outcome.code, message: outcome.message } });
        results.set(scan.code, { kind: 'not-saved', reason: 'refused', code: outcome.code, message: outcome.message, scanId: scan.id });
      }
    });
    if (refused.length > 0) {
      // Their reasons on their own lines, where they are in the list.
      const reasons = new Map(refused.map((scan) => [scan.id, scan]));
      write(
        owner,
        read(owner).map((scan) => reasons.get(scan.id) ?? scan),
      );
      await Promise.all(refused.map((scan) => dismissOutboxEntry(scan.id)));
    }
  }
  return codes.map((code) => results.get(code) ?? { kind: 'duplicate', code });
}

/** The device is full: the scan goes straight to the server, or the person is told it was not saved. */
async function sendWithoutOutbox(body: ScanBody): Promise<CaptureResult> {
  try {
    await recordScan(body);
    return { kind: 'saved', scan: { id: body.id, code: body.code, scannedAt: body.scanned_at } };
  } catch (error) {
    if (isApiError(error) && error.status > 0) return { kind: 'not-saved', reason: 'refused', code: error.code, message: error.message };
    return { kind: 'not-saved', reason: 'storage' };
  }
}

/** How long a scan's first try may take before the screen says it is saved on the phone and will be sent later. */
const firstTryTimeoutMs = 8_000;

/** The outbox's scan entries, and when they were read (epoch ms, see SessionScan.queuedAt). */
export interface QueuedScans {
  entries: OutboxEntry[];
  readAt: number;
}

/**
 * The outbox's scan entries, or undefined until IndexedDB has answered once (so a scan is
 * never shown as recorded just because the list has not loaded yet).
 */
export function useQueuedScans(): QueuedScans | undefined {
  const [queued, setQueued] = useState<QueuedScans>();
  useEffect(() => {
    let subscription: { unsubscribe(): void } | undefined;
    let stopped = false;
    void loadDatabase().then(
      ({ db }) => {
        if (stopped) return;
        subscription = liveQuery(async () => {
          const readAt = Date.now();
          return { entries: await db.outbox.filter((entry) => entry.kind === 'scan').toArray(), readAt };
        }).subscribe({
          next: setQueued,
          error: () => setQueued({ entries: [], readAt: Date.now() }),
        });
      },
      () => setQueued({ entries: [], readAt: Date.now() }),
    );
    return () => {
      stopped = true;
      subscription?.unsubscribe();
    };
  }, []);
  return queued;
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

/** A claim, not a refusal: the server kept the scan for our team to decide (scan README, Someone else scanned it first). */
export function isUnderReview(scan: SessionScan): boolean {
  return scan.refusal?.code === claimRecordedCode;
}

export function stateOf(scan: SessionScan, queued: QueuedScans | undefined): SessionScanState {
  if (isUnderReview(scan)) return 'review';
  if (scan.refusal) return 'refused';
  if (!queued || queued.entries.some((entry) => entry.id === scan.id)) return 'waiting';
  // Read no later than the scan was saved: the list may predate its entry (same millisecond included).
  if (scan.queuedAt !== undefined && queued.readAt <= scan.queuedAt) return 'waiting';
  return 'recorded';
}

import { useEffect, useRef, useState } from 'react';
import type { OutboxEntry } from '#domain/outbox';
import { currentLocale } from '../../lib/i18n';
import { keptCheckInSender, type CheckInOutcome } from './api/check-in';
import { deliverKept, discardKept, keepBatch, makeKeptDue, watchKept } from './checkin-queue';

/** One delivery round at a time on the device, whichever tab holds the screen. */
const lockName = 'roundtrip-console-checkins';

function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  if (typeof navigator.locks?.request !== 'function') return task();
  return new Promise<T>((resolve, reject) => {
    navigator.locks.request(lockName, () => task().then(resolve, reject)).catch(reject);
  });
}

/**
 * The operator's kept check-in batches on this screen: what waits (any tab's), whether the device
 * is online, "Check in" (`keep`), and their delivery: at once, when the network comes back, at the
 * backoff's end, and when the screen opens again (a reload, a new sign-in). Each answer goes to
 * `onAnswer`.
 */
export function useKeptCheckIns(owner: string, onAnswer: (entry: OutboxEntry, outcome: CheckInOutcome) => void) {
  const [kept, setKept] = useState<OutboxEntry[]>([]);
  const [online, setOnline] = useState(() => navigator.onLine);
  const answer = useRef(onAnswer);
  const deliver = useRef<() => void>(() => undefined);

  useEffect(() => {
    answer.current = onAnswer;
  }, [onAnswer]);

  useEffect(() => watchKept(owner, setKept), [owner]);

  useEffect(() => {
    let stopped = false;
    let running = false;
    let again = false;
    let timer: number | undefined;
    const send = keptCheckInSender((entry, outcome) => {
      if (!stopped) answer.current(entry, outcome);
    });
    const round = async () => {
      if (stopped) return;
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        do {
          again = false;
          // Offline, a send would only wait for its failure: the `online` event starts the next round.
          if (!navigator.onLine) break;
          const report = await oneAtATime(() => deliverKept(owner, send));
          window.clearTimeout(timer);
          if (report.nextAttemptAt !== undefined && !stopped) {
            timer = window.setTimeout(() => void round(), Math.max(0, report.nextAttemptAt - Date.now()));
          }
        } while (again && !stopped);
      } finally {
        running = false;
      }
    };
    const dueNow = () => void makeKeptDue(owner).then(round, round);
    const wentOnline = () => {
      setOnline(true);
      dueNow();
    };
    const wentOffline = () => setOnline(false);
    window.addEventListener('online', wentOnline);
    window.addEventListener('offline', wentOffline);
    deliver.current = () => void round();
    // The screen opened again (a reload, a new sign-in): what waits goes now, not at its backoff's end.
    dueNow();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      window.removeEventListener('online', wentOnline);
      window.removeEventListener('offline', wentOffline);
      deliver.current = () => undefined;
    };
  }, [owner]);

  return {
    kept,
    online,
    /** "Check in": the codes become a kept batch (on disk before anything is sent), then go. */
    keep: async (codes: readonly string[]) => {
      const entry = await keepBatch(owner, codes, Date.now(), currentLocale());
      deliver.current();
      return entry;
    },
    discard: discardKept,
  };
}

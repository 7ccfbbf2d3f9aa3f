import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useLingui } from '@lingui/react/macro';
import { createChangeSignal } from '../lib/change-signal';

export type NotificationKind = 'success' | 'error';

export interface Notification {
  id: number;
  kind: NotificationKind;
  title: string;
  description: string;
  durationMs: number;
}

/** Success messages stay 5 s, errors 3 s (docs/product.md, Messages). */
export const notificationDurations = { success: 5000, error: 3000 } as const satisfies Record<NotificationKind, number>;

let items: readonly Notification[] = [];
let nextId = 1;
const changes = createChangeSignal();

function setItems(next: readonly Notification[]): void {
  items = next;
  changes.emit();
}

export function notify(input: { kind: NotificationKind; title: string; description: string; durationMs?: number }): void {
  // The same message again (a second tap on Save) takes the place of the one on screen, its time
  // started afresh, rather than stacking an identical copy under it (docs/product.md, Messages).
  const others = items.filter((item) => item.kind !== input.kind || item.title !== input.title || item.description !== input.description);
  setItems([...others, { ...input, id: nextId++, durationMs: input.durationMs ?? notificationDurations[input.kind] }]);
}

export function dismiss(id: number): void {
  setItems(items.filter((item) => item.id !== id));
}

const subscribe = changes.subscribe;

function NotificationCard({ item }: { item: Notification }) {
  const { t } = useLingui();
  const [paused, setPaused] = useState(false);
  const remaining = useRef(item.durationMs);

  useEffect(() => {
    // Hovering or focusing a message holds it, so nobody loses it while reading.
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => dismiss(item.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [paused, item.id]);

  return (
    <div
      className={`notification notification--${item.kind}`}
      data-testid="notification"
      data-kind={item.kind}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <p className="notification__title">{item.title}</p>
      <p className="notification__description">{item.description}</p>
      <button type="button" className="notification__close" onClick={() => dismiss(item.id)} aria-label={t`Dismiss`}>
        ×
      </button>
    </div>
  );
}

/**
 * Two live regions that exist before any message does, as screen readers only
 * announce changes to a region already in the page: polite for success, assertive
 * for errors.
 */
const noItems: readonly never[] = [];

export function NotificationRegion() {
  // A prerendered page (and its hydration) has no message yet.
  const current = useSyncExternalStore(
    subscribe,
    () => items,
    () => noItems,
  );
  const { t } = useLingui();
  return (
    <section className="notifications" aria-label={t`Notifications`}>
      <div role="status" aria-live="polite" aria-atomic="false">
        {current
          .filter((item) => item.kind === 'success')
          .map((item) => (
            <NotificationCard key={item.id} item={item} />
          ))}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="false">
        {current
          .filter((item) => item.kind === 'error')
          .map((item) => (
            <NotificationCard key={item.id} item={item} />
          ))}
      </div>
    </section>
  );
}

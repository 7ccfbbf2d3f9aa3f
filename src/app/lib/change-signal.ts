/**
 * The one listener pattern of the app's module-level state (session, consent, notifications,
 * app status, scan session): the state lives in its module, readers subscribe (often through
 * `useSyncExternalStore`), and the module emits after each change.
 */
export interface ChangeSignal {
  subscribe: (listener: () => void) => () => void;
  emit: () => void;
}

export function createChangeSignal(): ChangeSignal {
  const listeners = new Set<() => void>();
  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    emit: () => {
      // A copy: a listener may unsubscribe (or subscribe another) while it runs.
      for (const listener of [...listeners]) listener();
    },
  };
}

import { useSyncExternalStore } from 'react';

/**
 * The app's first render over a signed-in page's shell (main.tsx) draws the first screen of a phone
 * (the balance and what to do with it) and, below it, what the shell already showed there: the
 * headings and "Loading…" of the news, the history and the figures. Their content comes in the next
 * task, once the page is the app's and answers a tap: drawing it in the same render (the history's
 * rows, the figures' table) held the withdraw button back for content below the fold. Every later
 * render (a navigation, a refresh) draws the whole page at once.
 */
let holding = false;
const listeners = new Set<() => void>();

/** Called before the app's first render over a signed-in shell. */
export function holdBelowFirstScreen(): void {
  holding = true;
}

/** Called once the app has taken the page over: the parts below the first screen render in the next task. */
export function releaseBelowFirstScreen(): void {
  if (!holding) return;
  setTimeout(() => {
    holding = false;
    for (const listener of listeners) listener();
  }, 0);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** False only during the app's first render over a signed-in shell: draw the part as the shell did. */
export function useBelowFirstScreenShown(): boolean {
  return !useSyncExternalStore(
    subscribe,
    () => holding,
    () => false,
  );
}

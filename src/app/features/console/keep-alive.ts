/**
 * Local work keeps the session alive (docs/operators.md, The check-in worker's day): scanning and
 * typing make no server call, and the server ends a session after 15 idle minutes, so the screen
 * calls `ping` (GET /ops/me, which moves the idle limit on) at most once every `everyMs` while the
 * operator works. The answer does not matter: a failed ping (offline) is tried again at the next
 * work after the interval; a 401 ends the session as any call's does.
 */
export function keepAliveOnWork(ping: () => Promise<unknown>, now: () => number, everyMs = 60_000): () => void {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const at = now();
    if (at - last < everyMs) return;
    last = at;
    ping().catch(() => undefined);
  };
}

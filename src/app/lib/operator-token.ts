/**
 * Where the operators' console keeps an operator's session in this tab (sessionStorage only: never
 * the customer's cookies, never the persisted cache), and the one thing the customer pages read of
 * it: the token an editor's draft preview sends. The console itself reads and validates the whole
 * session (features/console/operator-session.ts); this stays small, as it is in every customer's
 * first load.
 */
export const operatorSessionStorageKey = 'ops_session';

/** The signed-in operator's token in this tab, if any. */
export function storedOperatorToken(): string | undefined {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(operatorSessionStorageKey) ?? 'null');
    const token: unknown = typeof stored === 'object' && stored !== null ? Reflect.get(stored, 'token') : undefined;
    return typeof token === 'string' && /^op_[A-Za-z0-9_-]{43}$/.test(token) ? token : undefined;
  } catch {
    return undefined;
  }
}

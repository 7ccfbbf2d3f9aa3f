import { operatorSessionSchema, type OperatorSession } from '#domain/schemas/operators';
import { operatorSessionStorageKey } from '../../lib/operator-token';

/**
 * The operator's session: in memory and in this tab's sessionStorage only. It never goes where the
 * customer's tokens live (cookies, src/app/lib/session.ts) nor into the persisted query cache, so
 * closing the tab ends it on this device and a customer signed in on the same phone never holds it.
 */

let current: OperatorSession | null | undefined;
let endedByServer = false;
const listeners = new Set<() => void>();

function readStored(): OperatorSession | null {
  try {
    const text = sessionStorage.getItem(operatorSessionStorageKey);
    if (!text) return null;
    const parsed = operatorSessionSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function operatorSession(): OperatorSession | null {
  current ??= readStored();
  return current;
}

export function operatorToken(): string | undefined {
  return operatorSession()?.token;
}

export function startOperatorSession(session: OperatorSession): void {
  current = session;
  endedByServer = false;
  try {
    sessionStorage.setItem(operatorSessionStorageKey, JSON.stringify(session));
  } catch {
    // Storage refused (private mode): the session lasts for this page only.
  }
  for (const listener of listeners) listener();
}

/**
 * Ends the session on this device: `expired` when the server refused it (the console then says
 * so), `signed-out` when the operator asked.
 */
export function endOperatorSession(reason: 'expired' | 'signed-out' = 'signed-out'): void {
  endedByServer = reason === 'expired';
  current = null;
  try {
    sessionStorage.removeItem(operatorSessionStorageKey);
  } catch {
    // Nothing was stored.
  }
  for (const listener of listeners) listener();
}

export function onOperatorSessionChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the last session ended because the server refused it rather than by signing out. */
export function sessionEndedByServer(): boolean {
  return endedByServer;
}

const returnPageKey = 'ops_return_page';

/**
 * The console page the operator was on when the sign-in opened (their session ended mid-batch):
 * the next sign-in in this tab returns there, to the batch kept on the device.
 */
export function rememberReturnPage(page: string): void {
  try {
    sessionStorage.setItem(returnPageKey, page);
  } catch {
    // Storage refused: the sign-in opens the start page.
  }
}

/** The page to return to after a sign-in, if one was left. */
export function returnPage(): string | undefined {
  try {
    return sessionStorage.getItem(returnPageKey) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Reached again with a session: the next sign-in starts at the start page. */
export function forgetReturnPage(): void {
  try {
    sessionStorage.removeItem(returnPageKey);
  } catch {
    // Nothing was stored.
  }
}

/**
 * True for the errors a full disk (or a browser quota) gives, from IndexedDB itself or wrapped by
 * Dexie (whose error of that name carries the browser's as `inner`). Without Dexie, so the query
 * cache's plain IndexedDB writes (db-loader.ts) can tell it too.
 */
export function isQuotaError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const inner = (error as { inner?: unknown }).inner;
  return error.name === 'QuotaExceededError' || (inner instanceof Error && inner.name === 'QuotaExceededError');
}

import { hasStoredData, loadDatabase } from './db-loader';
import { queryClient, queryPersister } from './query-client';
import { clearTokens, revokeSession } from './session';

/**
 * Sign-out (docs/product.md, Stored client state): the session is revoked on the server, then tokens, stored user and bank data all go (memory, the
 * persisted query cache, IndexedDB), then a fresh page load at / drops anything
 * still held by running code. An account deletion lands on its own page instead.
 */
export async function signOut(destination = '/'): Promise<void> {
  // The server forgets the session first (a stolen copy of the token dies with it), then the device does.
  await revokeSession();
  clearTokens();
  // The scanner's list of this tab's scans (features/scan/scan-session.ts) names the person's codes.
  for (const key of Object.keys(sessionStorage)) if (key.startsWith('scan_session:')) sessionStorage.removeItem(key);
  await queryClient.cancelQueries();
  queryClient.clear();
  try {
    await queryPersister.removeClient();
    if (await hasStoredData()) await (await loadDatabase()).clearDatabase();
  } finally {
    window.location.assign(destination);
  }
}

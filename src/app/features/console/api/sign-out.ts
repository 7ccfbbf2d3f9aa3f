import { useMutation } from '@tanstack/react-query';
import { consoleQueryClient } from '../console-query-client';
import { consoleRequest } from '../console-api';
import { endOperatorSession } from '../operator-session';

/** DELETE /ops/session. The session ends on this device whatever the server answers. */
export async function signOutOperator(): Promise<void> {
  try {
    await consoleRequest('/session', { method: 'DELETE' });
  } finally {
    endOperatorSession();
    consoleQueryClient.clear();
  }
}

export function useSignOutOperator() {
  // Offline too: a mutation waits for the network by default, and the session must end on this phone now.
  return useMutation({ mutationFn: signOutOperator, networkMode: 'always' });
}

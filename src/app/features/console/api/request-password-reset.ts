import { useMutation } from '@tanstack/react-query';
import { consoleRequest } from '../console-api';

/** POST /ops/password-reset: the same answer for any email; an operator's mailbox gets a link. */
export async function requestPasswordReset(body: { email: string }): Promise<void> {
  await consoleRequest('/password-reset', { method: 'POST', body, open: true });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

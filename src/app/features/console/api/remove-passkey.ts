import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleRequest } from '../console-api';
import { ownPasskeysQueryKey } from './passkeys';

/** DELETE /ops/passkeys/{id}: one of the operator's own passkeys stops signing anyone in. */
export async function removePasskey(id: string): Promise<void> {
  await consoleRequest(`/passkeys/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRemovePasskey() {
  const client = useQueryClient();
  return useMutation({ mutationFn: removePasskey, onSettled: () => client.invalidateQueries({ queryKey: ownPasskeysQueryKey }) });
}

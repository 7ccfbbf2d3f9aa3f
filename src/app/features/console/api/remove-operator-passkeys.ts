import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { removedPasskeysSchema } from '#domain/schemas/operator-passkeys';
import { consoleRequest } from '../console-api';

const answer = z.object({ data: removedPasskeysSchema });

/** DELETE /ops/operators/{id}/passkeys: an admin removes every passkey of an operator. */
export async function removeOperatorPasskeys(id: string): Promise<{ removed: number }> {
  return answer.parse(await consoleRequest(`/operators/${encodeURIComponent(id)}/passkeys`, { method: 'DELETE' })).data;
}

export function useRemoveOperatorPasskeys() {
  return useMutation({ mutationFn: removeOperatorPasskeys });
}

import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { operatorSchema, type Operator } from '#domain/schemas/operators';
import { consoleRequest } from '../console-api';

const answer = z.object({ data: operatorSchema });

/** POST /ops/operators/{id}/password-reset: the operator is mailed a link; nothing changes until they use it. */
export async function sendPasswordReset(id: string): Promise<Operator> {
  return answer.parse(await consoleRequest(`/operators/${encodeURIComponent(id)}/password-reset`, { method: 'POST', body: {} })).data;
}

export function useSendPasswordReset() {
  return useMutation({ mutationFn: sendPasswordReset });
}

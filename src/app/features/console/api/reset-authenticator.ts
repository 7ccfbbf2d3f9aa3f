import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { operatorSchema, type Operator } from '#domain/schemas/operators';
import { consoleRequest } from '../console-api';
import { operatorsQueryKey } from './operators';

const answer = z.object({ data: operatorSchema });

/**
 * POST /ops/operators/{id}/authenticator-reset: the operator is invited again with a new
 * authenticator secret (their password, passkeys and sessions end) and mailed a new link.
 */
export async function resetAuthenticator(id: string): Promise<Operator> {
  return answer.parse(await consoleRequest(`/operators/${encodeURIComponent(id)}/authenticator-reset`, { method: 'POST', body: {} })).data;
}

export function useResetAuthenticator() {
  const client = useQueryClient();
  return useMutation({ mutationFn: resetAuthenticator, onSuccess: () => client.invalidateQueries({ queryKey: operatorsQueryKey }) });
}

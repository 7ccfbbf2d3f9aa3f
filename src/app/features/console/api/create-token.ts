import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { createdAutomationTokenSchema, type OperatorRole } from '#domain/schemas/operators';
import { consoleRequest } from '../console-api';
import { tokensQueryKey } from './tokens';

const answer = z.object({ data: createdAutomationTokenSchema });
export type CreatedToken = z.infer<typeof createdAutomationTokenSchema>;

/** POST /ops/tokens: the secret is in this answer only. */
export async function createToken(body: { name: string; roles: OperatorRole[]; may_approve?: boolean }): Promise<CreatedToken> {
  return answer.parse(await consoleRequest('/tokens', { method: 'POST', body })).data;
}

export function useCreateToken() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createToken, onSuccess: () => client.invalidateQueries({ queryKey: tokensQueryKey }) });
}

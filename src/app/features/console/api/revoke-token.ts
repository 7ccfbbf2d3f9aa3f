import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { automationTokenSchema } from '#domain/schemas/operators';
import { consoleRequest } from '../console-api';
import { tokensQueryKey, type AutomationToken } from './tokens';

const answer = z.object({ data: automationTokenSchema });

/** POST /ops/tokens/{id}/revoke: refused from its next call. */
export async function revokeToken(id: string): Promise<AutomationToken> {
  return answer.parse(await consoleRequest(`/tokens/${encodeURIComponent(id)}/revoke`, { method: 'POST', body: {} })).data;
}

export function useRevokeToken() {
  const client = useQueryClient();
  return useMutation({ mutationFn: revokeToken, onSuccess: () => client.invalidateQueries({ queryKey: tokensQueryKey }) });
}

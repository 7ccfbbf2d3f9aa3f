import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { automationTokenSchema } from '#domain/schemas/operators';
import { consoleRequest } from '../console-api';

const answer = z.object({ data: z.array(automationTokenSchema) });
export type AutomationToken = z.infer<typeof automationTokenSchema>;

/** GET /ops/tokens: automation tokens, never their secrets. */
export async function fetchTokens(signal?: AbortSignal): Promise<AutomationToken[]> {
  return answer.parse(await consoleRequest('/tokens', { signal })).data;
}

export const tokensQueryKey = ['ops', 'tokens'] as const;

export const tokensQueryOptions = () => queryOptions({ queryKey: tokensQueryKey, queryFn: ({ signal }) => fetchTokens(signal) });

export function useTokens() {
  return useQuery(tokensQueryOptions());
}

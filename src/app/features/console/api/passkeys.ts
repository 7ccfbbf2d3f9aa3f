import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { operatorPasskeySchema, type OperatorPasskey } from '#domain/schemas/operator-passkeys';
import { consoleRequest } from '../console-api';

const answer = z.object({ data: z.array(operatorPasskeySchema) });

/** GET /ops/passkeys: the signed-in operator's own passkeys, newest first. */
export async function fetchOwnPasskeys(signal?: AbortSignal): Promise<OperatorPasskey[]> {
  return answer.parse(await consoleRequest('/passkeys', { signal })).data;
}

export const ownPasskeysQueryKey = ['ops', 'passkeys'] as const;

export function useOwnPasskeys() {
  return useQuery(queryOptions({ queryKey: ownPasskeysQueryKey, queryFn: ({ signal }) => fetchOwnPasskeys(signal) }));
}

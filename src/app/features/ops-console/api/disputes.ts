import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { operatorDisputeSchema, type OperatorDispute } from '#domain/schemas/operator-answers';
import { opsRequest } from '../ops-api';

const answer = z.object({ data: z.array(operatorDisputeSchema) });

/** GET /ops/disputes?status=open: open disputes, oldest first. */
export async function fetchOpenDisputes(signal?: AbortSignal): Promise<OperatorDispute[]> {
  return answer.parse(await opsRequest('/disputes?status=open', { signal })).data;
}

export const openDisputesQueryKey = ['ops', 'disputes', 'open'] as const;

export const openDisputesQueryOptions = () =>
  queryOptions({ queryKey: openDisputesQueryKey, queryFn: ({ signal }) => fetchOpenDisputes(signal) });

export function useOpenDisputes() {
  return useQuery(openDisputesQueryOptions());
}

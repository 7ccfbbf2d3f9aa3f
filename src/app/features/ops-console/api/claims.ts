import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { claimSchema, type Claim } from '#domain/schemas/operator-answers';
import { opsRequest } from '../ops-api';

const answer = z.object({ data: z.array(claimSchema) });

/** GET /ops/claims?status=open: competing claims on containers, oldest first. */
export async function fetchOpenClaims(signal?: AbortSignal): Promise<Claim[]> {
  return answer.parse(await opsRequest('/claims?status=open', { signal })).data;
}

export const openClaimsQueryKey = ['ops', 'claims', 'open'] as const;

export const openClaimsQueryOptions = () =>
  queryOptions({ queryKey: openClaimsQueryKey, queryFn: ({ signal }) => fetchOpenClaims(signal) });

export function useOpenClaims() {
  return useQuery(openClaimsQueryOptions());
}

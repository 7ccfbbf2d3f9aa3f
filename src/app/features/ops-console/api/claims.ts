import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { listedClaimSchema, type ListedClaim } from '#domain/schemas/operator-answers';
import { opsRequest } from '../ops-api';

const answer = z.object({ data: z.array(listedClaimSchema) });

/** GET /ops/claims?status=open: competing claims on containers, oldest first, each with its claimant's open and refused claims. */
export async function fetchOpenClaims(signal?: AbortSignal): Promise<ListedClaim[]> {
  return answer.parse(await opsRequest('/claims?status=open', { signal })).data;
}

export const openClaimsQueryKey = ['ops', 'claims', 'open'] as const;

export const openClaimsQueryOptions = () =>
  queryOptions({ queryKey: openClaimsQueryKey, queryFn: ({ signal }) => fetchOpenClaims(signal) });

export function useOpenClaims() {
  return useQuery(openClaimsQueryOptions());
}

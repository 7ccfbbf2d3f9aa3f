import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { resolvedClaimSchema, type ResolvedClaim } from '#domain/schemas/operator-answers';
import { consoleRequest } from '../console-api';
import { claimsQueryKey } from './claims';
import type { ClaimResolutionRequest } from '#domain/schemas/operator-requests';

const answer = z.object({ data: resolvedClaimSchema });

/**
 * POST /ops/claims/{id}/award: the claimant returned the container and holds it for the next check-in;
 * every other pending scan of it is cancelled. `note` is for operators only.
 */
export async function awardClaim(id: string, note: string | undefined): Promise<ResolvedClaim> {
  const body: ClaimResolutionRequest = note ? { note } : {};
  return answer.parse(await consoleRequest(`/claims/${encodeURIComponent(id)}/award`, { method: 'POST', body })).data;
}

export function useAwardClaim() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note?: string }) => awardClaim(id, note),
    onSuccess: () => client.invalidateQueries({ queryKey: claimsQueryKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { resolvedClaimSchema, type ResolvedClaim } from '#domain/schemas/operator-answers';
import { consoleRequest } from '../console-api';
import { claimsQueryKey } from './claims';
import type { ClaimResolutionRequest } from '#domain/schemas/operator-requests';

const answer = z.object({ data: resolvedClaimSchema });

/**
 * POST /ops/claims/{id}/dismiss: the first scan stands. `note` is for operators only.
 */
export async function dismissClaim(id: string, note: string | undefined): Promise<ResolvedClaim> {
  const body: ClaimResolutionRequest = note ? { note } : {};
  return answer.parse(await consoleRequest(`/claims/${encodeURIComponent(id)}/dismiss`, { method: 'POST', body })).data;
}

export function useDismissClaim() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note?: string }) => dismissClaim(id, note),
    onSuccess: () => client.invalidateQueries({ queryKey: claimsQueryKey }),
  });
}

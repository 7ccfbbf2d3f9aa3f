import { useMutation, useQueryClient } from '@tanstack/react-query';
import { disputeResponse, type Dispute } from '#domain/schemas/disputes';
import { consoleRequest } from '../console-api';
import { disputesQueryKey } from './disputes';
import type { DisputeUpholdRequest } from '#domain/schemas/operator-requests';

/** POST /ops/disputes/{id}/uphold: keeps the refusal; the customer reads the answer. */
export async function upholdDispute(id: string, answer: string): Promise<Dispute> {
  return disputeResponse.parse(
    await consoleRequest(`/disputes/${encodeURIComponent(id)}/uphold`, { method: 'POST', body: { answer } satisfies DisputeUpholdRequest }),
  ).data;
}

export function useUpholdDispute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: string }) => upholdDispute(id, answer),
    onSuccess: () => client.invalidateQueries({ queryKey: disputesQueryKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { disputeResponse, type Dispute } from '#domain/schemas/disputes';
import { opsRequest } from '../ops-api';
import { openDisputesQueryKey } from './disputes';

/** POST /ops/disputes/{id}/credit: credits the deposits at stake, once however often it is sent. */
export async function creditDispute(id: string, answer: string | undefined): Promise<Dispute> {
  const body = answer ? { answer } : {};
  return disputeResponse.parse(await opsRequest(`/disputes/${encodeURIComponent(id)}/credit`, { method: 'POST', body })).data;
}

export function useCreditDispute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer?: string }) => creditDispute(id, answer),
    onSuccess: () => client.invalidateQueries({ queryKey: openDisputesQueryKey }),
  });
}

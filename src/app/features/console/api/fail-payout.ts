import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withdrawalResponse, type Withdrawal } from '#domain/schemas/payments';
import { consoleRequest } from '../console-api';
import { pendingPayoutsQueryKey } from './payouts';

/** POST /ops/payouts/{id}/fail: the payout failed; the money goes back to the customer's balance. */
export async function failPayout(id: string, reason: string): Promise<Withdrawal> {
  return withdrawalResponse.parse(await consoleRequest(`/payouts/${encodeURIComponent(id)}/fail`, { method: 'POST', body: { reason } }))
    .data;
}

export function useFailPayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => failPayout(id, reason),
    onSuccess: () => client.invalidateQueries({ queryKey: pendingPayoutsQueryKey }),
  });
}

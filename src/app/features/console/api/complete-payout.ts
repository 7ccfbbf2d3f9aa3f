import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withdrawalResponse, type Withdrawal } from '#domain/schemas/payments';
import { consoleRequest } from '../console-api';
import { pendingPayoutsQueryKey } from './payouts';

/** POST /ops/payouts/{id}/complete: the bank or PayPal paid it; `reference` is theirs, optional. */
export async function completePayout(id: string, reference: string | undefined): Promise<Withdrawal> {
  const body = reference ? { reference } : {};
  return withdrawalResponse.parse(await consoleRequest(`/payouts/${encodeURIComponent(id)}/complete`, { method: 'POST', body })).data;
}

export function useCompletePayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reference }: { id: string; reference?: string }) => completePayout(id, reference),
    onSuccess: () => client.invalidateQueries({ queryKey: pendingPayoutsQueryKey }),
  });
}

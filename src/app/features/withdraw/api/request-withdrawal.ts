import { useMutation } from '@tanstack/react-query';
import { withdrawalResponse, type Withdrawal, type WithdrawalBody } from '../../../../domain/schemas/payments';
import { apiRequest } from '../../../lib/api';
import { queryClient } from '../../../lib/query-client';
import { balanceQueryKey } from '../../wallet/api/balance';
import { transactionsQueryKey } from '../../wallet/api/transactions';

/**
 * POST /withdrawals with the key made when the customer reached the confirmation step: a second
 * click or a retry after a lost answer sends the same key, and the server answers the first request.
 */
export async function requestWithdrawal(input: { idempotencyKey: string; body: WithdrawalBody }): Promise<Withdrawal> {
  const withdrawal = withdrawalResponse.parse(
    await apiRequest('/withdrawals', { method: 'POST', auth: true, body: input.body, headers: { 'Idempotency-Key': input.idempotencyKey } }),
  ).data;
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: balanceQueryKey }),
    queryClient.invalidateQueries({ queryKey: transactionsQueryKey }),
  ]);
  return withdrawal;
}

export function useRequestWithdrawal() {
  return useMutation({ mutationFn: requestWithdrawal });
}

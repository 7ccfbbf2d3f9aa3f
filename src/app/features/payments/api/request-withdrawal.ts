import { useMutation } from '@tanstack/react-query';
import { withdrawalResponse, type Withdrawal, type WithdrawalBody } from '#domain/schemas/payments';
import { apiRequest } from '../../../lib/api';
import { refreshWalletQueries } from '../../../lib/query-client';

/**
 * POST /withdrawals with the key made when the customer reached the confirmation step: a second
 * click or a retry after a lost answer sends the same key, and the server answers the first request.
 */
export async function requestWithdrawal(input: { idempotencyKey: string; body: WithdrawalBody }): Promise<Withdrawal> {
  const withdrawal = withdrawalResponse.parse(
    await apiRequest('/withdrawals', {
      method: 'POST',
      auth: true,
      body: input.body,
      headers: { 'Idempotency-Key': input.idempotencyKey },
    }),
  ).data;
  await refreshWalletQueries();
  return withdrawal;
}

export function useRequestWithdrawal() {
  return useMutation({ mutationFn: requestWithdrawal });
}

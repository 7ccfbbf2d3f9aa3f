import { disputeResponse, type Dispute, type DisputeBody } from '#domain/schemas/disputes';
import { apiRequest } from '../../../lib/api';
import { queryClient } from '../../../lib/query-client';
import { balanceQueryKey } from './balance';
import { transactionsQueryKey } from './transactions';

/** POST /disputes: 201 new, 200 for a resend of the same id (never a second dispute). */
export async function fileDispute(body: DisputeBody): Promise<Dispute> {
  const dispute = disputeResponse.parse(await apiRequest('/disputes', { method: 'POST', auth: true, body })).data;
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: balanceQueryKey }),
    queryClient.invalidateQueries({ queryKey: transactionsQueryKey }),
  ]);
  return dispute;
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { operatorSchema, type Operator } from '#domain/schemas/operators';
import { consoleRequest } from '../console-api';
import { operatorsQueryKey } from './operators';

const answer = z.object({ data: operatorSchema });

/** POST /ops/operators/{id}/invitation: a new link by mail; the old one stops working. */
export async function resendInvitation(id: string): Promise<Operator> {
  return answer.parse(await consoleRequest(`/operators/${encodeURIComponent(id)}/invitation`, { method: 'POST', body: {} })).data;
}

export function useResendInvitation() {
  const client = useQueryClient();
  return useMutation({ mutationFn: resendInvitation, onSuccess: () => client.invalidateQueries({ queryKey: operatorsQueryKey }) });
}

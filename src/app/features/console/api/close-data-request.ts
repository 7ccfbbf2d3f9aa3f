import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { operatorDataRequestSchema, type OperatorDataRequest } from '#domain/schemas/operator-answers';
import { consoleRequest } from '../console-api';
import { openDataRequestsQueryKey } from './data-requests';

const answer = z.object({ data: operatorDataRequestSchema });

/** POST /ops/dsar/{id}/close: the request was answered. Closing it twice answers the first closing. */
export async function closeDataRequest(id: string): Promise<OperatorDataRequest> {
  return answer.parse(await consoleRequest(`/dsar/${encodeURIComponent(id)}/close`, { method: 'POST', body: {} })).data;
}

export function useCloseDataRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => closeDataRequest(id),
    onSuccess: () => client.invalidateQueries({ queryKey: openDataRequestsQueryKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { operatorSchema, type Operator } from '#domain/schemas/operators';
import { consoleRequest } from '../console-api';
import { operatorsQueryKey } from './operators';

const answer = z.object({ data: operatorSchema });

/** POST /ops/operators/{id}/disable: their sessions end at once. */
export async function disableOperator(id: string): Promise<Operator> {
  return answer.parse(await consoleRequest(`/operators/${encodeURIComponent(id)}/disable`, { method: 'POST', body: {} })).data;
}

export function useDisableOperator() {
  const client = useQueryClient();
  return useMutation({ mutationFn: disableOperator, onSuccess: () => client.invalidateQueries({ queryKey: operatorsQueryKey }) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { operatorSchema, type Operator } from '#domain/schemas/operators';
import { consoleRequest } from '../console-api';
import { operatorsQueryKey } from './operators';

const answer = z.object({ data: operatorSchema });

/** POST /ops/operators/{id}/enable: active again when they had joined, invited when not. */
export async function enableOperator(id: string): Promise<Operator> {
  return answer.parse(await consoleRequest(`/operators/${encodeURIComponent(id)}/enable`, { method: 'POST', body: {} })).data;
}

export function useEnableOperator() {
  const client = useQueryClient();
  return useMutation({ mutationFn: enableOperator, onSuccess: () => client.invalidateQueries({ queryKey: operatorsQueryKey }) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { operatorSchema, type Operator, type OperatorRole } from '#domain/schemas/operators';
import { consoleRequest } from '../console-api';
import { operatorsQueryKey } from './operators';

const answer = z.object({ data: operatorSchema });

/** PUT /ops/operators/{id}/roles */
export async function setOperatorRoles({ id, roles }: { id: string; roles: OperatorRole[] }): Promise<Operator> {
  return answer.parse(await consoleRequest(`/operators/${encodeURIComponent(id)}/roles`, { method: 'PUT', body: { roles } })).data;
}

export function useSetOperatorRoles() {
  const client = useQueryClient();
  return useMutation({ mutationFn: setOperatorRoles, onSuccess: () => client.invalidateQueries({ queryKey: operatorsQueryKey }) });
}

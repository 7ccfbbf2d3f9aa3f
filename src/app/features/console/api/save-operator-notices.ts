import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operatorNoticesSchema, type OperatorNotices } from '#domain/schemas/operator-notices';
import type { OperatorNoticesRequest } from '#domain/schemas/operator-notices';
import { consoleRequest } from '../console-api';
import { operatorNoticesQueryKey } from './operator-notices';

/** PUT /ops/me/notices */
export async function saveOperatorNotices(body: OperatorNoticesRequest): Promise<OperatorNotices> {
  return operatorNoticesSchema.parse(await consoleRequest('/me/notices', { method: 'PUT', body })).data;
}

export function useSaveOperatorNotices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveOperatorNotices,
    onSuccess: (saved) => client.setQueryData(operatorNoticesQueryKey, saved),
  });
}

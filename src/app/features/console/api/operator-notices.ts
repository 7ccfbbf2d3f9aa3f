import { queryOptions, useQuery } from '@tanstack/react-query';
import { operatorNoticesSchema, type OperatorNotices } from '#domain/schemas/operator-notices';
import { consoleRequest } from '../console-api';

/** GET /ops/me/notices: the mails the signed-in operator chose to get from the console. */
export async function fetchOperatorNotices(signal?: AbortSignal): Promise<OperatorNotices> {
  return operatorNoticesSchema.parse(await consoleRequest('/me/notices', { signal })).data;
}

export const operatorNoticesQueryKey = ['ops', 'me', 'notices'] as const;

export function useOperatorNotices() {
  return useQuery(queryOptions({ queryKey: operatorNoticesQueryKey, queryFn: ({ signal }) => fetchOperatorNotices(signal) }));
}

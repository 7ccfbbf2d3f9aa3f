import { queryOptions, useQuery } from '@tanstack/react-query';
import { pushPublicKeyAnswerSchema } from '#domain/schemas/notifications';
import { apiRequest } from '../../../lib/api';

/** GET /push/public_key: the server's VAPID key, null when this server sends no push. */
export async function fetchPushKey(signal?: AbortSignal): Promise<string | null> {
  return pushPublicKeyAnswerSchema.parse(await apiRequest('/push/public_key', { signal })).data.public_key;
}

export const pushKeyQueryOptions = () =>
  queryOptions({ queryKey: ['notifications', 'push-key'] as const, queryFn: ({ signal }) => fetchPushKey(signal), staleTime: 60 * 60_000 });

export function usePushKey() {
  return useQuery(pushKeyQueryOptions());
}

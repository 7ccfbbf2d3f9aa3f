import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestChecked } from '../../../lib/api';

/** GET /push/public_key: the server's VAPID key, null when this server sends no push. */
export async function fetchPushKey(signal?: AbortSignal): Promise<string | null> {
  const answer = await apiRequestChecked('/push/public_key', { signal }, () =>
    import('#domain/schemas/notifications').then((schemas) => schemas.pushPublicKeyAnswerSchema),
  );
  return answer.data.public_key;
}

export const pushKeyQueryOptions = () =>
  queryOptions({ queryKey: ['notifications', 'push-key'] as const, queryFn: ({ signal }) => fetchPushKey(signal), staleTime: 60 * 60_000 });

export function usePushKey() {
  return useQuery(pushKeyQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { waitingWorkSchema, type WaitingWork } from '#domain/schemas/operator-answers';
import { consoleRequest } from '../console-api';

/** GET /ops/waiting: how many items wait in each list the operator's roles open (the navigation's badges). */
export async function fetchWaitingWork(signal?: AbortSignal): Promise<WaitingWork> {
  return waitingWorkSchema.parse(await consoleRequest('/waiting', { signal })).data;
}

export const waitingWorkQueryKey = ['ops', 'waiting'] as const;

export const waitingWorkQueryOptions = () =>
  queryOptions({
    queryKey: waitingWorkQueryKey,
    queryFn: ({ signal }) => fetchWaitingWork(signal),
    // A dispute or a payout arrives without the operator doing anything: looked at again each
    // minute while the console is open (and whenever the tab comes back to the front).
    refetchInterval: 60_000,
  });

/** Asked only by operators whose roles open one of the counted lists (care, finance). */
export function useWaitingWork(enabled: boolean) {
  return useQuery({ ...waitingWorkQueryOptions(), enabled });
}

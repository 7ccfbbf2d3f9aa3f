import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { recentCheckInSchema, type RecentCheckIn } from '#domain/schemas/operator-answers';
import { consoleRequest } from '../console-api';

const answer = z.object({ data: z.array(recentCheckInSchema) });

/** GET /ops/checkins/recent: the operator's own check-ins of the last 15 minutes, newest first. */
export async function fetchRecentCheckIns(signal?: AbortSignal): Promise<RecentCheckIn[]> {
  return answer.parse(await consoleRequest('/checkins/recent', { signal })).data;
}

export const recentCheckInsQueryOptions = queryOptions({
  queryKey: ['ops', 'checkins', 'recent'],
  queryFn: ({ signal }) => fetchRecentCheckIns(signal),
  // A batch leaves the list when its undo window ends.
  refetchInterval: 60_000,
});

export function useRecentCheckIns() {
  return useQuery(recentCheckInsQueryOptions);
}

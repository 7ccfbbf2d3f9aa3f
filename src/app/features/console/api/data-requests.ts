import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { operatorDataRequestSchema, type OperatorDataRequest } from '#domain/schemas/operator-answers';
import { consoleRequest } from '../console-api';

const answer = z.object({ data: z.array(operatorDataRequestSchema) });

/** GET /ops/dsar?status=open: data-subject requests not answered yet, nearest deadline first. */
export async function fetchOpenDataRequests(signal?: AbortSignal): Promise<OperatorDataRequest[]> {
  return answer.parse(await consoleRequest('/dsar?status=open', { signal })).data;
}

export const openDataRequestsQueryKey = ['ops', 'dsar', 'open'] as const;

export const openDataRequestsQueryOptions = () =>
  queryOptions({ queryKey: openDataRequestsQueryKey, queryFn: ({ signal }) => fetchOpenDataRequests(signal) });

export function useOpenDataRequests() {
  return useQuery(openDataRequestsQueryOptions());
}

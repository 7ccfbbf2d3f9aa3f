import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { operatorSessionSummarySchema, type OperatorSessionSummary } from '#domain/schemas/operators';
import { consoleRequest } from '../console-api';

const answer = z.object({ data: z.array(operatorSessionSummarySchema) });

/** GET /ops/operators/{id}/sessions: their open sessions, never a token. */
export async function fetchOperatorSessions(id: string, signal?: AbortSignal): Promise<OperatorSessionSummary[]> {
  return answer.parse(await consoleRequest(`/operators/${encodeURIComponent(id)}/sessions`, { signal })).data;
}

export const operatorSessionsQueryKey = (id: string) => ['ops', 'operators', id, 'sessions'] as const;

export function useOperatorSessions(id: string, enabled: boolean) {
  return useQuery(
    queryOptions({ queryKey: operatorSessionsQueryKey(id), queryFn: ({ signal }) => fetchOperatorSessions(id, signal), enabled }),
  );
}

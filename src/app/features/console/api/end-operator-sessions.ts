import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { consoleRequest } from '../console-api';
import { operatorSessionsQueryKey } from './operator-sessions';

const answer = z.object({ data: z.object({ ended: z.number().int() }) });

/** DELETE /ops/operators/{id}/sessions: every session of theirs ends at once. */
export async function endOperatorSessions(id: string): Promise<{ ended: number }> {
  return answer.parse(await consoleRequest(`/operators/${encodeURIComponent(id)}/sessions`, { method: 'DELETE' })).data;
}

export function useEndOperatorSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: endOperatorSessions,
    onSuccess: (_answer, id) => client.invalidateQueries({ queryKey: operatorSessionsQueryKey(id) }),
  });
}

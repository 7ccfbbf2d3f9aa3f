import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { operatorCallerSchema, type OperatorCaller } from '#domain/schemas/operators';
import { consoleRequest } from '../console-api';

const answer = z.object({ data: operatorCallerSchema });

/** GET /ops/me: the roles as the server holds them now (an admin may have changed them). */
export async function fetchOperatorMe(signal?: AbortSignal): Promise<OperatorCaller> {
  return answer.parse(await consoleRequest('/me', { signal })).data;
}

export const operatorMeQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['ops', 'me', token], queryFn: ({ signal }) => fetchOperatorMe(signal), staleTime: 60_000 });

export function useOperatorMe(token: string) {
  return useQuery(operatorMeQueryOptions(token));
}

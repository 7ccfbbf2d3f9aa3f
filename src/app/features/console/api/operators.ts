import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { operatorSchema, type Operator } from '#domain/schemas/operators';
import { consoleRequest } from '../console-api';

const answer = z.object({ data: z.array(operatorSchema) });

/** GET /ops/operators: invited, active and disabled operators. */
export async function fetchOperators(signal?: AbortSignal): Promise<Operator[]> {
  return answer.parse(await consoleRequest('/operators', { signal })).data;
}

export const operatorsQueryKey = ['ops', 'operators'] as const;

export const operatorsQueryOptions = () => queryOptions({ queryKey: operatorsQueryKey, queryFn: ({ signal }) => fetchOperators(signal) });

export function useOperators() {
  return useQuery(operatorsQueryOptions());
}

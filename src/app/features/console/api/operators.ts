import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { operatorsPage, type OperatorsPage } from '#domain/schemas/operator-answers';
import { consoleRequest } from '../console-api';

/** GET /ops/operators: a page of invited, active and disabled operators, with how many there are. */
export async function fetchOperators(cursor: string | null, signal?: AbortSignal): Promise<OperatorsPage> {
  return operatorsPage.parse(
    await consoleRequest(cursor === null ? '/operators' : `/operators?cursor=${encodeURIComponent(cursor)}`, { signal }),
  );
}

export const operatorsQueryKey = ['ops', 'operators'] as const;

export const operatorsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: operatorsQueryKey,
    queryFn: ({ signal, pageParam }) => fetchOperators(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.next_cursor,
  });

export function useOperators() {
  return useInfiniteQuery(operatorsQueryOptions());
}

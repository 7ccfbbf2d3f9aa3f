import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { containerLookupSchema, type ContainerLookup } from '#domain/schemas/operator-answers';
import { currentLocale } from '../../../lib/i18n';
import { consoleRequest } from '../console-api';

const answer = z.object({ data: z.array(containerLookupSchema) });

/** POST /ops/containers/lookup: each issued code's product, its name in the operator's language, its deposit. */
export async function lookUpContainers(codes: readonly string[], signal?: AbortSignal): Promise<ContainerLookup[]> {
  return answer.parse(await consoleRequest('/containers/lookup', { method: 'POST', body: { codes }, signal })).data;
}

export const containersLookupQueryOptions = (codes: readonly string[]) =>
  queryOptions({
    queryKey: ['ops', 'containers', 'lookup', currentLocale(), [...codes].sort()],
    queryFn: ({ signal }) => lookUpContainers(codes, signal),
    staleTime: 5 * 60_000,
  });

/** The batch's products; offline or while a new code is looked up, the last answer stays (the bar does not flicker). */
export function useContainersLookup(codes: readonly string[]) {
  return useQuery({ ...containersLookupQueryOptions(codes), enabled: codes.length > 0, placeholderData: keepPreviousData, retry: false });
}

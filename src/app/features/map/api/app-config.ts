import { queryOptions, useQuery } from '@tanstack/react-query';
import { appConfigResponse, type AppConfig } from '#domain/bins';
import { apiRequest } from '../../../lib/api';
import { answeredOfflineByServiceWorker } from '../../../lib/query-client';

/** GET /config (public): server settings the app reads at run time, such as the map's tile style. */
export async function fetchAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  return appConfigResponse.parse(await apiRequest('/config', { signal })).data;
}

export const appConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['app-config'] as const,
    queryFn: ({ signal }) => fetchAppConfig(signal),
    staleTime: 60 * 60_000,
    ...answeredOfflineByServiceWorker,
  });

export function useAppConfig() {
  return useQuery(appConfigQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { resetLinkStateResponse, type ResetLinkState } from '#domain/schemas/account';
import { apiRequest } from '../../../lib/api';

/** POST /user/reset_password/check: a read, though a POST, so that the token stays out of URLs and logs. */
export async function fetchResetLinkState(token: string, signal?: AbortSignal): Promise<ResetLinkState> {
  const body = await apiRequest('/user/reset_password/check', { method: 'POST', body: { token }, signal });
  return resetLinkStateResponse.parse(body).data.state;
}

export const resetLinkStateQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'reset-link', token] as const,
    queryFn: ({ signal }) => fetchResetLinkState(token, signal),
    // A link's state is asked once per visit and never kept: it changes as soon as it is used.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    meta: { persist: false },
  });

export function useResetLinkState(token: string | undefined) {
  return useQuery({ ...resetLinkStateQueryOptions(token ?? ''), enabled: token !== undefined });
}

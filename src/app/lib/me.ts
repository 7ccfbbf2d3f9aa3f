import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { User } from '#domain/schemas/user';
import { apiRequestChecked } from './api';
import { hasSession, onSessionChange } from './session';
import { isRenderingSignedInShell } from './shell-rendering';

export async function fetchMe(signal?: AbortSignal): Promise<User> {
  // The shared schema checks the answer; zod loads on demand, so a guest's first page does not pay for
  // it. Its chunk loads while the request is on its way: after the answer, it was one more round trip
  // before a signed-in page's first start could go on.
  const answer = await apiRequestChecked('/user', { auth: true, signal }, () =>
    import('#domain/schemas/user').then((schemas) => schemas.userAnswer),
  );
  return answer.data;
}

export const meQueryKey = ['user', 'me'] as const;

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => fetchMe(signal),
    staleTime: 5 * 60_000,
    // The account menu's name, not the page's data: not counted in "updated … ago" (features/offline/data-age.ts).
    meta: { dataAge: false },
  });

export function useSignedIn(): boolean {
  // Prerendered public pages are the guest's (a signed-in customer's page switches right after
  // hydration); a signed-in page's prerendered shell is the customer's.
  return useSyncExternalStore(onSessionChange, hasSession, isRenderingSignedInShell);
}

/** The signed-in customer; idle for a guest. */
export function useMe() {
  const signedIn = useSignedIn();
  return useQuery({ ...meQueryOptions(), enabled: signedIn });
}

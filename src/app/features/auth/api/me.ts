import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { userSchema, type User } from '../../../../domain/schemas/account';
import { apiRequest } from '../../../lib/api';
import { hasSession, onSessionChange } from '../../../lib/session';

const meAnswer = z.object({ data: userSchema });

export async function fetchMe(signal?: AbortSignal): Promise<User> {
  return meAnswer.parse(await apiRequest('/user', { auth: true, signal })).data;
}

export const meQueryKey = ['user', 'me'] as const;

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => fetchMe(signal),
    staleTime: 5 * 60_000,
  });

export function useSignedIn(): boolean {
  return useSyncExternalStore(onSessionChange, hasSession);
}

/** The signed-in customer; idle for a guest. */
export function useMe() {
  const signedIn = useSignedIn();
  return useQuery({ ...meQueryOptions(), enabled: signedIn });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { passwordResetSchema } from '#domain/schemas/operators';
import { consoleRequest } from '../console-api';

const answer = z.object({ data: passwordResetSchema });
export type PasswordReset = z.infer<typeof passwordResetSchema>;

/** POST /ops/password-reset/lookup: whose link it is. A POST, so that the token stays out of logs. */
export async function fetchPasswordReset(token: string, signal?: AbortSignal): Promise<PasswordReset> {
  return answer.parse(await consoleRequest('/password-reset/lookup', { method: 'POST', body: { token }, signal, open: true })).data;
}

export const passwordResetQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['ops', 'password-reset', token],
    queryFn: ({ signal }) => fetchPasswordReset(token, signal),
    staleTime: Infinity,
  });

export function usePasswordReset(token: string) {
  return useQuery({ ...passwordResetQueryOptions(token), enabled: token !== '', retry: false });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { invitationSchema } from '#domain/schemas/operators';
import { consoleRequest } from '../console-api';

const answer = z.object({ data: invitationSchema });
export type Invitation = z.infer<typeof invitationSchema>;

/**
 * POST /ops/invitations/lookup: who is invited, and the authenticator secret to add. A POST so that
 * the token travels in the body: a path or a query lands in server and proxy logs.
 */
export async function fetchInvitation(token: string, signal?: AbortSignal): Promise<Invitation> {
  return answer.parse(await consoleRequest('/invitations/lookup', { method: 'POST', body: { token }, signal, open: true })).data;
}

export const invitationQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['ops', 'invitation', token], queryFn: ({ signal }) => fetchInvitation(token, signal), staleTime: Infinity });

export function useInvitation(token: string) {
  return useQuery({ ...invitationQueryOptions(token), enabled: token !== '' });
}
